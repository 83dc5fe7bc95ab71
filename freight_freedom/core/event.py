"""Events: what an action changed, in words, with the rule that made it happen.

An event that moves something on the map says so by offering :class:`MapMove` (where from, where
to, and which piece by colour), so a view reads any game's moves the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import MISSING, dataclass, field, fields, replace
from functools import partial
from typing import Any, ClassVar, Protocol, runtime_checkable

from .frozen import FrozenDict, freeze, thaw
from .i18n import SOURCE, gettext, language, using

_EMPTY = FrozenDict()


def _english(words: Callable[[], str]) -> str:
    """Words (a :func:`~.say.say` or :func:`later`) written in English: the text that is kept."""
    if language() == SOURCE:
        return words()
    with using(SOURCE):
        return words()


class Event:
    """One change of state. ``rule`` is a rule ID from ``docs/rules``; ``data`` is JSON-ready.

    The log of events is the teaching narrative, the test oracle and the replay record at once.
    ``data`` is frozen (a deep, read-only copy): an event never aliases a game's live state, so
    nothing done with a logged event can change the game, and no later move changes the event.

    Events are immutable values (``rule``, ``text`` and ``data`` are read-only). An event is made
    for every change of every game, simulations included, so making one is kept cheap: data
    already handed over as a :class:`~.frozen.FrozenDict` (the rules build theirs from fresh
    scalars that way) is taken as it is; anything else is frozen here.
    """

    __slots__ = ("_data", "_rule", "_text", "_words")
    _text: Any  # the text, or words (a callable) not yet written
    _words: Callable[[], str]  # the words, once written into the text

    def __init__(self, rule: str, text: str | Callable[[], str], data: Any = _EMPTY) -> None:
        self._rule = rule
        self._text = text
        self._data = data if type(data) is FrozenDict else freeze(data)

    @property
    def rule(self) -> str:
        return self._rule

    @property
    def text(self) -> str:
        """The event's words in English (what the log, saves and tests read)."""
        text = self._text
        if text.__class__ is not str:
            self._words = text
            text = self._text = _english(text)
        return text  # type: ignore[no-any-return]

    def said(self) -> str:
        """The event's words in the current language (:func:`~.i18n.using`): rendered again
        from its words when it has them (:func:`~.say.say`), else its text as the catalog
        has it (a fixed text), else its English text."""
        if language() == SOURCE:
            return self.text
        words = self._words_of()
        if words is not None:
            return words()
        text = self.text
        return gettext(text) if text else text

    def _words_of(self) -> Callable[[], str] | None:
        text = self._text
        if text.__class__ is not str:
            return text  # type: ignore[no-any-return]
        try:
            return self._words
        except AttributeError:
            return None

    @property
    def data(self) -> FrozenDict:
        return self._data  # type: ignore[no-any-return]

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Event)
        return (self.rule, self.text, self.data) == (other.rule, other.text, other.data)

    def __hash__(self) -> int:
        return hash((self.rule, self.text))

    def __repr__(self) -> str:
        return f"Event(rule={self._rule!r}, text={self._text!r}, data={self._data!r})"

    def __str__(self) -> str:
        return f"[{self.rule}] {self.text}"

    def __reduce__(self) -> tuple[type[Event], tuple[str, Any, Any]]:
        return (Event, (self._rule, self._text, self._data))

    def to_dict(self) -> dict[str, Any]:
        return {"rule": self.rule, "text": self.text, "data": thaw(self.data)}

    def with_text(self, text: str) -> Event:
        """The same event (same kind, rule and facts) in other words."""
        return Event(self.rule, text, self.data)

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Event:
        """The event :meth:`to_dict` wrote (for a typed kind, call it on the kind)."""
        return Event(d["rule"], d["text"], d["data"])


_KEYS: dict[type[Event], tuple[tuple[str, str], ...]] = {}


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Happened(Event):
    """Base of the typed events: one frozen dataclass per event kind, whose fields are the facts.

    ``PersonMoved("Player 1 moves a person ...", origin="cincinnati", dest="columbus")`` is an
    :class:`Event` like any other (``rule``, ``text``, ``data``, ``to_dict``, equality,
    pickling), and code that knows the kind reads ``event.origin`` instead of a dict key.

    A kind sets ``RULE`` (its rule ID); a kind whose rule depends on what caused it (a card, a
    token) declares a ``rule: str = field()`` field first instead (``field()``: the dataclass
    must not take the inherited ``rule`` property for a default). ``data`` is derived from the
    other fields when first read, so making an event costs only its fields: each field under its
    own name, or under ``KEYS[field]`` (``{"origin": "from"}``: the keys older readers know). A
    kind whose facts are a mapping keyed by component ids (people per plantation) names that
    one field ``SPREAD``: the mapping is the data. A kind whose data is anything else overrides
    :meth:`payload` (and :meth:`from_dict`).

    A kind that sets ``LAZY_TEXT`` may be given, for its text, :func:`later` words: a function of
    facts (immutable values) that writes the text when it is first read (``text``, ``str``,
    equality, ``to_dict``, pickling), once; a game that never reads its texts never writes them.
    """

    # field(): not the inherited ``text`` property as a default. Given a string or words (a
    # :func:`~.say.say`, a :func:`later`); read, it is always the English string (``Any`` here
    # only because a dataclass field cannot say "words in, str out")
    text: Any = field()
    RULE: ClassVar[str] = ""
    KEYS: ClassVar[Mapping[str, str]] = {}
    SPREAD: ClassVar[str] = ""
    LAZY_TEXT: ClassVar[bool] = True

    def __init_subclass__(cls) -> None:
        # (no zero-argument super() here: dataclass(slots=True) makes this class anew)
        if "__dataclass_fields__" in cls.__dict__ and "__slots__" in cls.__dict__:
            # the finished kind (``dataclass(slots=True)`` builds the class anew): events are made
            # by the hundred per game, so it gets the quicker __init__ of :func:`_slot_init`
            cls.__init__ = _slot_init(cls)  # type: ignore[method-assign]
            if cls.LAZY_TEXT:
                cls.text = _LAZY_TEXT  # type: ignore[assignment,misc]

    @property
    def rule(self) -> str:
        return self.RULE

    @property
    def data(self) -> FrozenDict:
        try:
            return self._data  # type: ignore[no-any-return]
        except AttributeError:  # not read yet
            data = freeze(self.payload())
            object.__setattr__(self, "_data", data)
            return data  # type: ignore[no-any-return]

    @classmethod
    def _keys(cls) -> tuple[tuple[str, str], ...]:
        """(field, data key) of every fact, in field order."""
        keys = _KEYS.get(cls)
        if keys is None:
            rename = cls.KEYS
            keys = _KEYS[cls] = tuple((f.name, rename.get(f.name, f.name)) for f in fields(cls)
                                      if f.name not in ("text", "rule"))
        return keys

    def payload(self) -> dict[str, Any]:
        """The event's data as plain values: its fields (but text and rule) by their data keys."""
        if self.SPREAD:
            return dict(getattr(self, self.SPREAD))
        return {key: getattr(self, name) for name, key in self._keys()}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Happened:
        """The event of this kind that :meth:`to_dict` wrote; ``ValueError`` if ``d`` is not
        one (another rule, or data that is not this kind's)."""
        data = d["data"]
        try:
            if cls.SPREAD:
                values = {cls.SPREAD: freeze(dict(data))}
            else:
                values = {name: freeze(data[key]) for name, key in cls._keys()}
        except (KeyError, TypeError) as err:
            raise ValueError(f"{d!r} is not a {cls.__name__} event: no {err}") from None
        if "rule" in cls.__dataclass_fields__:
            values["rule"] = d["rule"]
        event = cls(d["text"], **values)
        if event.to_dict() != dict(d):
            raise ValueError(f"{d!r} is not a {cls.__name__} event")
        return event

    def with_text(self, text: str) -> Happened:
        return replace(self, text=text)

    def _words_of(self) -> Callable[[], str] | None:
        text = _TEXT_SLOT.__get__(self)
        if text.__class__ is not str:
            return text  # type: ignore[no-any-return]
        try:
            return _WORDS_SLOT.__get__(self)  # type: ignore[no-any-return]
        except AttributeError:
            return None

    def __reduce__(self) -> tuple[Any, ...]:  # type: ignore[override]
        # the words, when the event has them: an unpickled event is still said in any language
        words = self._words_of()
        return (_rebuild, (type(self), tuple(
            words if f.name == "text" and words is not None else getattr(self, f.name)
            for f in fields(self))))

    def __repr__(self) -> str:
        inner = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in fields(self))
        return f"{type(self).__name__}({inner})"


_TEXT_SLOT: Any = Happened.__dict__["text"]  # where a typed event keeps its text (or its words)
_WORDS_SLOT: Any = Event.__dict__["_words"]  # its words, once the text is written


def _read_text(event: Happened) -> str:
    """The text of a ``LAZY_TEXT`` kind: written in English from its words on first read (the
    words are kept, for :meth:`Event.said`)."""
    text = _TEXT_SLOT.__get__(event)
    if text.__class__ is not str:
        _WORDS_SLOT.__set__(event, text)
        text = _english(text)
        _TEXT_SLOT.__set__(event, text)
    return text  # type: ignore[no-any-return]


def _write_text(event: Happened, text: Any) -> None:
    """Store a lazy kind's text or words (the __init__ of a kind derived from a lazy one needs a
    setter; assigning to ``text`` afterwards is still refused: the event is frozen)."""
    _TEXT_SLOT.__set__(event, text)


# (Python functions both: dataclass(slots=True) in Python 3.14 reads the __code__ of a class's
def raw_text(event: Event) -> str:
    """The event's text when it was given as a string, else ``""`` (its words are not written:
    a look that costs nothing)."""
    text = _TEXT_SLOT.__get__(event) if isinstance(event, Happened) else event._text
    return text if text.__class__ is str else ""  # type: ignore[no-any-return]


# property accessors when it rebuilds the class, which a slot's bound __set__ does not have)
_LAZY_TEXT = property(_read_text, _write_text)

later: Callable[..., str] = partial  # type: ignore[assignment]
"""``later(words, *facts)`` stands for the text ``words(*facts)`` of a ``LAZY_TEXT`` kind, written
only when first read (:class:`Happened`); the facts must not change (no live state)."""


def _slot_init(cls: type[Happened]) -> Any:
    """The same ``__init__`` as the frozen dataclass's (same parameters and defaults), storing
    each field through its slot's descriptor: about half the cost, with the same result."""
    names, defaults = [], {}
    for f in fields(cls):
        if f.default_factory is not MISSING:  # pragma: no cover - no kind uses one
            raise TypeError(f"{cls.__name__}.{f.name}: an event field takes no default_factory")
        names.append(f.name)
        if f.default is not MISSING:
            defaults[f.name] = f.default
    params = ", ".join(f"{n}=_d_{n}" if n in defaults else n for n in names)
    setters = "\n".join(f"        _s_{n}(self, {n})" for n in names)
    outer = ", ".join([*(f"_s_{n}" for n in names), *(f"_d_{n}" for n in defaults)])
    source = (f"def make({outer}):\n    def __init__(self, {params}):\n{setters}\n"
              "    return __init__\n")
    namespace: dict[str, Any] = {}
    exec(source, namespace)  # the way dataclasses builds its own __init__
    init = namespace["make"](*(getattr(cls, n).__set__ for n in names), *defaults.values())
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    return init


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Note(Happened):
    """A rule at work with no facts to carry: the words say it all (``data`` is empty)."""

    rule: str = field()


def _rebuild(kind: type[Happened], values: tuple[Any, ...]) -> Happened:
    """Unpickle a typed event (see :meth:`Happened.__reduce__`)."""
    return kind(*values)


@runtime_checkable
class MapMove(Protocol):
    """What an event that moves a piece on the map offers: the space ids it moves from
    (``origin``) and to (``dest``), and the piece's ``colour`` when pieces of its kind are told
    apart by colour (a Slave Catcher), else ``None``.

    ``isinstance(event, MapMove)`` asks whether an event is one; a typed kind offers it by
    having these three (fields or properties), the event's ``data`` is its own affair.
    """

    @property
    def origin(self) -> str:
        """The space the piece leaves."""

    @property
    def dest(self) -> str:
        """The space the piece reaches."""

    @property
    def colour(self) -> str | None:
        """Which piece, when pieces of its kind differ by colour; else ``None``."""


class Silent(list[Event]):
    """The event list of a quiet game (:meth:`~.game.Game.quiet`): it keeps nothing.

    Rules that write their events into a list check :func:`narrating` before building one (the
    words and the frozen data are most of an event's cost); anything appended anyway is dropped.
    """

    __slots__ = ()

    def append(self, event: Event) -> None:
        """Dropped: a quiet game keeps no events."""

    def extend(self, events: Iterable[Event]) -> None:
        """Dropped: a quiet game keeps no events."""


def narrating(events: list[Event]) -> bool:
    """Whether ``events`` keeps what is written to it (False for a quiet game's :class:`Silent`
    list): the rules build an event only when it is kept."""
    return events.__class__ is not Silent
