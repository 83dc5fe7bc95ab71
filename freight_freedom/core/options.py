"""Declared game options: each game lists its options once, as :class:`Option` values.

One declaration serves three readers: the game's constructor validates with
:func:`parse_options` (clear :class:`OptionError` messages naming the option and its rule), the
app's New game form draws its fields from it (``label``), and the command line makes its flags
from it (``help``). Nothing here imports the UI or argparse.

>>> spec = (Option("players", "int", 2, lo=1, hi=4, rule="R-1"),
...         Option("fast", "bool", False))
>>> parse_options(spec, {"players": 3})
{'players': 3, 'fast': False}
>>> try:
...     parse_options(spec, {"players": 9})
... except OptionError as exc:
...     print(exc)
option 'players': must be an integer from 1 to 4, not 9 [rule R-1]
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from .action import show
from .errors import OptionError
from .i18n import _
from .say import shown

Kind = Literal["int", "choice", "bool", "seat", "per_seat"]
"""``int``: a whole number in ``[lo, hi]``; ``choice``: one of ``choices``; ``bool``;
``seat``: a seat number below the ``players`` option, or one of ``choices`` (``"random"``);
``per_seat``: a list with one of ``choices`` per player (or ``None``)."""

KINDS: tuple[str, ...] = ("int", "choice", "bool", "seat", "per_seat")


@dataclass(frozen=True)
class Option:
    """One keyword option of a game: its kind, default, allowed values, words and rule.

    - ``none_means``: for ``int``, ``None`` is allowed too and means this ("unlimited");
    - ``choice_rule``: the rule a ``per_seat`` entry breaks when unknown or repeated (``rule``
      covers the list's shape and length);
    - ``distinct``: ``per_seat`` entries must differ;
    - ``omit_default``: the default is left out of the parsed options (an option added after
      saves existed, so old save digests stay valid);
    - ``in_form``: offered on the app's New game form.
    """

    name: str
    kind: Kind
    default: Any = None
    choices: tuple[Any, ...] = ()
    lo: int = 0
    hi: int = 0
    label: str = ""
    help: str = ""
    rule: str = ""
    none_means: str = ""
    choice_rule: str = ""
    distinct: bool = False
    omit_default: bool = False
    in_form: bool = True

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"option {self.name!r}: unknown kind {self.kind!r}")

    @property
    def title(self) -> str:
        """The label (in the current language, when the game marked it with ``N_``), or the
        name in words when none is given."""
        return shown(self.label) if self.label else self.name.replace("_", " ")

    def parse(self, value: Any, parsed: Mapping[str, Any]) -> Any:
        """``value`` checked (and normalised); ``parsed`` holds the options checked before."""
        check: Callable[[Any, Mapping[str, Any]], Any] = getattr(self, f"_{self.kind}")
        return check(value, parsed)

    def _fail(self, reason: str, rule: str | None = None) -> OptionError:
        return OptionError(self.name, reason, rule=self.rule if rule is None else rule)

    def _int(self, value: Any, parsed: Mapping[str, Any]) -> Any:
        if value is None and self.none_means:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or not self.lo <= value <= self.hi:
            if self.none_means:
                raise self._fail(_("must be an integer from {lo} to {hi} or None ({none}), not "
                                   "{value}").format(lo=self.lo, hi=self.hi,
                                                     none=shown(self.none_means),
                                                     value=show(value)))
            raise self._fail(_("must be an integer from {lo} to {hi}, not {value}").format(
                lo=self.lo, hi=self.hi, value=show(value)))
        return value

    def _choice(self, value: Any, parsed: Mapping[str, Any]) -> Any:
        if isinstance(value, bool) and not any(isinstance(c, bool) for c in self.choices):
            raise self._fail(self._not_a_choice(value), rule="")
        try:
            ok = value in self.choices
        except TypeError:
            ok = False
        if not ok:
            raise self._fail(self._not_a_choice(value))
        return value

    def _not_a_choice(self, value: Any) -> str:
        """The refusal of a value that is none of the choices (built only when refusing: every
        new game checks its options)."""
        return _("must be one of {choices}, not {value}").format(
            choices=sorted(map(str, self.choices)), value=show(value))

    def _bool(self, value: Any, parsed: Mapping[str, Any]) -> Any:
        if not isinstance(value, bool):
            raise self._fail(_("must be true or false, not {value}").format(value=show(value)))
        return value

    def _seat(self, value: Any, parsed: Mapping[str, Any]) -> Any:
        if value in self.choices and isinstance(value, str):
            return value
        players = int(parsed.get("players", self.hi))
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
            words = " or ".join(repr(c) for c in self.choices)
            if words:
                raise self._fail(_("must be a seat from 0 to {last} or {words}, not {value}")
                                 .format(last=players - 1, words=words, value=show(value)))
            raise self._fail(_("must be a seat from 0 to {last}, not {value}").format(
                last=players - 1, value=show(value)))
        return value

    def _per_seat(self, value: Any, parsed: Mapping[str, Any]) -> Any:
        if value is None:
            return None
        what = self.title.split()[-1]
        if isinstance(value, str) or not isinstance(value, (list, tuple)):
            raise self._fail(_("must be a list of {what} names or None").format(what=what))
        by_key = {_key(c): c for c in self.choices}
        names = []
        for item in value:
            key = _key(item) if isinstance(item, str) else None
            if key not in by_key:
                raise self._fail(_("unknown {what} {item}; the {what}s are {choices}").format(
                    what=what, item=show(item), choices=list(self.choices)),
                    rule=self.choice_rule or self.rule)
            names.append(by_key[key])
        players = parsed.get("players")
        if isinstance(players, int) and len(names) != players:
            raise self._fail(_("needs one {what} per player ({players}), not {n}").format(
                what=what, players=players, n=len(names)))
        if self.distinct and len(set(names)) != len(names):
            raise self._fail(_("each player needs a different {what}").format(what=what),
                             rule=self.choice_rule or self.rule)
        return names


def _key(text: str) -> str:
    """How ``per_seat`` entries compare: case and ``_`` versus space do not matter."""
    return text.lower().replace("_", " ")


def parse_options(spec: Sequence[Option], given: Mapping[str, Any]) -> dict[str, Any]:
    """Validate ``given`` against ``spec``: every option, defaults filled in, in spec order.

    Raises :class:`OptionError` naming the first bad option and its rule, or the first unknown
    name with the list of known ones. ``given`` is not changed.
    """
    left = dict(given)
    out: dict[str, Any] = {}
    for option in spec:
        value = option.parse(left.pop(option.name, option.default), out)
        if option.omit_default and value == option.default:
            continue
        out[option.name] = value
    no_unknown_options(left, [o.name for o in spec])
    return out


def option_named(spec: Sequence[Option], name: str) -> Option:
    """The option ``name`` of ``spec`` (KeyError if there is none)."""
    for option in spec:
        if option.name == name:
            return option
    raise KeyError(name)


# Helpers for games (and test games) that check a few options by hand.
def int_option(
    options: dict[str, Any], name: str, default: int, lo: int, hi: int, *, rule: str = ""
) -> int:
    """Pop ``name`` from ``options``: an int in ``[lo, hi]``."""
    value: int = Option(name, "int", default, lo=lo, hi=hi, rule=rule).parse(
        options.pop(name, default), {})
    return value


def choice_option(
    options: dict[str, Any], name: str, default: Any, choices: Collection[Any], *, rule: str = ""
) -> Any:
    """Pop ``name`` from ``options``: one of ``choices``."""
    return Option(name, "choice", default, choices=tuple(choices), rule=rule).parse(
        options.pop(name, default), {})


def bool_option(options: dict[str, Any], name: str, default: bool, *, rule: str = "") -> bool:
    """Pop ``name`` from ``options``: ``True`` or ``False``."""
    value: bool = Option(name, "bool", default, rule=rule).parse(options.pop(name, default), {})
    return value


def no_unknown_options(options: Mapping[str, Any], known: Collection[str]) -> None:
    """Raise for the first option left over after the game took the ones it knows."""
    if options:
        name = sorted(options)[0]
        raise OptionError(name, f"unknown option; known options are {sorted(known)}")
