"""Typed readings of actions: each action kind as a frozen dataclass with named fields.

An :class:`~.action.Action` stays the one value that goes through ``apply`` and into saves, with
its notation; a :class:`Move` is how code reads one, as python-chess's ``Move`` has
``from_square``/``to_square``. ``0:move cincinnati columbus`` reads as
``MovePerson(seat=0, person_from="cincinnati", to="columbus")`` and builds back to the same
action, so rules, bots, lessons and texts name what they read instead of counting positions.

A game declares one :class:`Move` subclass per kind (``KIND`` is the verb, ``RULE`` the rule that
governs it, the fields after ``seat`` the arguments in notation order) and lists them in a
:class:`Moves` set, which reads any of its actions (:meth:`Moves.read`); ``Kind.of(action)``
reads an action known to be of that kind. Field types are ``int``, ``str`` (one argument each,
in order) and ``bool`` (an optional trailing flag word, the field's name, present when true).
Malformed arguments raise :class:`~.errors.IllegalAction` naming the kind's rule.

Rules offer their legal actions as moves for every decision of every simulated game, so building
one is kept cheap: :meth:`Move.action` hands out one shared action per move, made once with its
typed reading already set (reading it back costs nothing), and ``BuyCard.action_for(seat,
position=2)`` gives that same action without building the move again (a per-kind cache keyed by
the arguments: the cost of a dict look-up), which is how the rules offer their actions.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, dataclass, fields
from typing import Any, ClassVar, Self

from .action import Action, Arg, show
from .errors import IllegalAction
from .i18n import _

_TYPES = {"int": int, "str": str, "bool": bool, int: int, str: str, bool: bool}


@dataclass(frozen=True, slots=True)
class _Spec:
    """How a kind's arguments map to its fields: positional (name, type) pairs, then flags."""

    positional: tuple[tuple[str, type], ...]
    flags: tuple[str, ...]

    @classmethod
    def of(cls, kind: type[Move]) -> _Spec:
        positional: list[tuple[str, type]] = []
        flags: list[str] = []
        for f in fields(kind)[1:]:  # after seat
            typ = _TYPES.get(f.type)  # type: ignore[call-overload]
            if typ is None:
                raise TypeError(f"{kind.__name__}.{f.name}: a move field is int, str or bool, "
                                f"not {f.type!r}")
            if typ is bool:
                flags.append(f.name)
            elif flags:
                raise TypeError(f"{kind.__name__}.{f.name}: flags (bool fields) come last")
            else:
                positional.append((f.name, typ))
        return cls(tuple(positional), tuple(flags))

    def usage(self, kind: str) -> str:
        words = [name.upper() for name, _ in self.positional] + [f"[{f}]" for f in self.flags]
        return " ".join([kind, *words])


_SPECS: dict[type[Move], _Spec] = {}
_BUILT: dict[Move, Action] = {}
"""The shared action of each move built so far (moves of two kinds never compare equal)."""
_BUILT_MAX = 100_000


@dataclass(frozen=True, slots=True)
class Move:
    """The typed reading of one action: ``seat`` and the kind's named fields.

    Subclasses set ``KIND`` (the verb of the notation), ``RULE`` (the rule the kind plays
    under, named when its arguments are malformed) and optionally ``USAGE`` (the words that say
    how the kind is written, used in that error instead of the generic ones).
    """

    seat: int
    KIND: ClassVar[str] = ""
    RULE: ClassVar[str] = ""
    USAGE: ClassVar[str] = ""
    action_for: ClassVar[Callable[..., Action]]
    """``Kind.action_for(seat, field=value, ...)``: the shared :meth:`action` of
    ``Kind(seat, field=value, ...)`` (same parameters), found by its arguments."""

    def __init_subclass__(cls) -> None:
        if "__dataclass_fields__" in cls.__dict__ and "__slots__" in cls.__dict__:
            # the finished kind (``dataclass(slots=True)`` builds the class anew)
            cls.action_for = staticmethod(_action_for(cls))  # type: ignore[assignment]

    @classmethod
    def _spec(cls) -> _Spec:
        spec = _SPECS.get(cls)
        if spec is None:
            spec = _SPECS[cls] = _Spec.of(cls)
        return spec

    @classmethod
    def of(cls, action: Action) -> Self:
        """Read ``action`` as this kind; :class:`IllegalAction` (naming :attr:`RULE`) if it is
        of another kind or its arguments do not fit."""
        move = action._typed
        if move.__class__ is cls:
            return move  # type: ignore[no-any-return]
        move = cls._read(action)
        object.__setattr__(action, "_typed", move)  # a cache: actions are shared values
        return move

    @classmethod
    def _read(cls, action: Action) -> Self:
        if action.kind != cls.KIND:
            raise IllegalAction(f"expected a {cls.KIND!r} action, not {action.kind!r}",
                                rule=cls.RULE, action=action)
        spec = cls._spec()
        args = action.args
        n = len(spec.positional)
        values: list[Any] = [action.seat]
        if len(args) < n:
            cls._malformed(action, spec, f"it needs {n} argument{'s' * (n != 1)}")
        for (name, typ), arg in zip(spec.positional, args, strict=False):
            if type(arg) is not typ:
                word = "a number" if typ is int else "a word"
                cls._malformed(action, spec, f"{name} must be {word}, not {show(arg)}")
            values.append(arg)
        rest = args[n:]
        flags = spec.flags
        if rest and (len(rest) > len(flags) or any(a not in flags for a in rest)
                     or list(rest) != [f for f in flags if f in rest]):
            cls._malformed(action, spec, f"unexpected {' '.join(map(str, rest))!r}")
        values.extend(f in rest for f in flags)
        return cls(*values)

    @classmethod
    def _malformed(cls, action: Action, spec: _Spec, problem: str) -> None:
        reason = _(cls.USAGE) if cls.USAGE else f"{spec.usage(cls.KIND)} is how a {cls.KIND!r} " \
            "action is written"
        raise IllegalAction(f"{reason}: {problem}", rule=cls.RULE, action=action)

    @property
    def args(self) -> tuple[Arg, ...]:
        """The action's arguments, in notation order."""
        spec = self._spec()
        out: list[Arg] = [getattr(self, name) for name, _ in spec.positional]
        out.extend(f for f in spec.flags if getattr(self, f))
        return tuple(out)

    def action(self) -> Action:
        """The :class:`~.action.Action` this reads (``Kind.of(m.action()) == m``): one shared
        value per move, its typed reading set, so rules that offer it and read it back pay for
        neither more than once."""
        action = _BUILT.get(self)
        if action is None:
            action = Action(self.seat, self.KIND, self.args)
            object.__setattr__(action, "_typed", self)  # the reading, kept as Move.of keeps it
            if len(_BUILT) < _BUILT_MAX:
                _BUILT[self] = action
        return action

    def __str__(self) -> str:
        return str(self.action())


def _action_for(cls: type[Move]) -> Callable[..., Action]:
    """``cls.action_for``: a function with the kind's parameters that looks its action up by
    the arguments (one dict per kind), building the move only the first time."""
    names, defaults = [], {}
    for f in fields(cls):
        names.append(f.name)
        if f.default is not MISSING:
            defaults[f.name] = f.default
    params = ", ".join(f"{n}=_d_{n}" if n in defaults else n for n in names)
    key = names[0] if len(names) == 1 else f"({', '.join(names)})"
    outer = ", ".join(["_kind", "_cache", "_max", *(f"_d_{n}" for n in defaults)])
    source = (f"def make({outer}):\n"
              f"    def action_for({params}):\n"
              f"        key = {key}\n"
              f"        action = _cache.get(key)\n"
              f"        if action is None:\n"
              f"            action = _kind({', '.join(names)}).action()\n"
              f"            if len(_cache) < _max:\n"
              f"                _cache[key] = action\n"
              f"        return action\n"
              f"    return action_for\n")
    namespace: dict[str, Any] = {}
    exec(source, namespace)
    cache: dict[Any, Action] = {}
    function = namespace["make"](cls, cache, _BUILT_MAX, *defaults.values())
    function.__qualname__ = f"{cls.__qualname__}.action_for"
    function.__doc__ = f"The shared action of ``{cls.__name__}({', '.join(names)})``."
    return function  # type: ignore[no-any-return]


class Moves:
    """A game's action kinds: reads any of its actions as the kind's :class:`Move`.

    ``rule`` is named when an action's kind is none of them.
    """

    def __init__(self, rule: str, *kinds: type[Move]) -> None:
        self.rule = rule
        self.kinds: dict[str, type[Move]] = {}
        for kind in kinds:
            if not kind.KIND or not kind.RULE:
                raise TypeError(f"{kind.__name__} needs a KIND and a RULE")
            if kind.KIND in self.kinds:
                raise TypeError(f"two kinds are called {kind.KIND!r}")
            kind._spec()  # a badly declared kind fails here, at import
            self.kinds[kind.KIND] = kind
        self._classes = frozenset(self.kinds.values())

    def read(self, action: Action) -> Move:
        """The typed reading of ``action``; :class:`IllegalAction` for an unknown kind or
        malformed arguments (the game is not touched).

        The reading is kept on the action (actions are shared, immutable values), so reading
        one again, as the rules and bots do, costs an attribute look-up.
        """
        move = action._typed
        if move.__class__ in self._classes:
            return move  # type: ignore[no-any-return]
        kind = self.kinds.get(action.kind)
        if kind is None:
            raise IllegalAction(f"unknown action {action.kind!r}; the actions are "
                                f"{', '.join(self.kinds)}", rule=self.rule, action=action)
        return kind.of(action)

    def get(self, action: Action) -> Move | None:
        """The typed reading of ``action``, or ``None`` if it is of no known kind or its
        arguments do not fit (for words about any action, legal or not)."""
        try:
            return self.read(action)
        except IllegalAction:
            return None

    def __contains__(self, kind: object) -> bool:
        return kind in self.kinds

    def __iter__(self) -> Any:
        return iter(self.kinds.values())
