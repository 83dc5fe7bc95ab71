"""Words kept as a marked English template and its facts, put in the reader's language when shown.

An event happens once but is read in many languages (a class can mix them), so its text is not
written when it happens: the rules give it :func:`say` words, and each reader's screen renders
them in its own language (:func:`~.i18n.using`). ``event.text`` stays the English rendering, for
saves, replays, the log and tests; ``event.said()`` is the current language's.

>>> words = say("{who} moves a person to {dest}.", who=say("Player {n}", n=1), dest="Canada")
>>> str(words)
'Player 1 moves a person to Canada.'

- A fact that is a :class:`Say` is rendered in turn; a fact that is a string is looked up in the
  catalog (a space's, card's or colour's name, marked as data in the components' files) and
  shown as it is when the catalog lacks it (a person's or a place's name); anything else is
  formatted as it is.
- :func:`say_n` picks the catalog's plural form for ``n``; :func:`listing` joins words
  ("A, B and C") the language's way.
- Babel finds the templates: ``say`` and ``say_n`` are keywords of
  ``freight-freedom translations extract`` (:data:`KEYWORDS`).
"""

from __future__ import annotations

from collections.abc import Iterable
from operator import itemgetter
from typing import Any

from .i18n import SOURCE, gettext, language, ngettext, using

KEYWORDS: dict[str, Any] = {"say": None, "say_n": (1, 2)}
"""The marking functions of this module, as Babel's extraction keywords (added to its defaults)."""


def _shown(value: Any) -> Any:
    if value.__class__ is str:
        return gettext(value) if value else value
    if isinstance(value, Say):
        return value.render()
    return value


class Say(tuple):  # type: ignore[type-arg]
    """A template (marked English) and its named facts; ``render()`` (or ``str()``, or calling
    it) writes them in the current language. An immutable value (a tuple: made by the hundred
    per game, so made cheaply), picklable, equal when template and facts are."""

    __slots__ = ()

    def __new__(cls, template: str, plural: str | None = None, n: int = 1,
                args: tuple[tuple[str, Any], ...] = ()) -> Say:
        return _new(cls, (template, plural, n, args))

    template: str = property(itemgetter(0))  # type: ignore[assignment]
    plural: str | None = property(itemgetter(1))  # type: ignore[assignment]
    n: int = property(itemgetter(2))  # type: ignore[assignment]
    args: tuple[tuple[str, Any], ...] = property(itemgetter(3))  # type: ignore[assignment]

    def render(self) -> str:
        """The words in the current language (one full stop at the end, even after a name
        that ends in one, such as "Washington, D.C.")."""
        template, plural, n, args = self
        text = gettext(template) if plural is None else ngettext(template, plural, n)
        if args:
            text = text.format(**{key: _shown(value) for key, value in args})
        return text[:-1] if text.endswith("..") and not text.endswith("...") else text

    __call__ = render

    def __str__(self) -> str:
        return self.render()

    def english(self) -> str:
        """The words in English, whatever the reader's language (what saves and logs keep)."""
        if language() == SOURCE:
            return self.render()
        with using(SOURCE):
            return self.render()

    def __repr__(self) -> str:
        return f"say({self.template!r}, {dict(self.args)!r})"

    def __getnewargs__(self) -> tuple[Any, ...]:  # type: ignore[override]
        return tuple(self)


_new = tuple.__new__


def say(template: str, /, **facts: Any) -> Say:
    """Words to render when shown: ``template`` is marked English with ``{named}`` fields."""
    return _new(Say, (template, None, 1, tuple(facts.items())))  # type: ignore[no-any-return]


def say_n(singular: str, plural: str, n: int, /, **facts: Any) -> Say:
    """Counted words: the form for ``n`` (``{n}`` in the template is ``n``)."""
    return _new(Say, (singular, plural, n, (("n", n), *facts.items())))  # type: ignore


class Listing(Say):
    """Several words joined the current language's way: "A", "A and B", "A, B and C"."""

    __slots__ = ()

    def __new__(cls, items: tuple[Any, ...]) -> Listing:  # type: ignore[override]
        return _new(cls, ("", None, len(items), tuple(("", item) for item in items)))

    def render(self) -> str:
        items = [str(_shown(value)) for _, value in self.args]
        if not items:
            return ""
        if len(items) == 1:
            return items[0]
        # TRANSLATORS: the end of a list: "Boston, Detroit and Canada"
        return gettext("{rest} and {last}").format(rest=", ".join(items[:-1]), last=items[-1])

    __call__ = render

    def __str__(self) -> str:
        return self.render()

    def __getnewargs__(self) -> tuple[Any, ...]:  # type: ignore[override]
        return (tuple(value for _, value in self.args),)

    def __repr__(self) -> str:
        return f"listing({[value for _, value in self.args]!r})"


def listing(items: Iterable[Any]) -> Listing:
    """``items`` (words or names) as one list in the reader's language."""
    return Listing(tuple(items))


def shown(value: Any) -> str:
    """Any text a screen shows, in the current language: words rendered, a name looked up."""
    return str(_shown(value))
