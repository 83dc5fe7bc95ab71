"""Errors raised by every game: each names the rule (or save-file field) it enforces.

All are :class:`ValueError` subclasses, so ``except ValueError`` catches bad input of any kind,
while code that cares can tell an illegal move from a bad option or a damaged save file.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

_: Callable[[str], str] = str
"""Puts an error's own words in the reader's language: :mod:`.i18n` sets it when it is imported
(it raises these errors, so it cannot be imported from here)."""


class IllegalAction(ValueError):
    """An action that the rules do not allow now.

    ``rule`` is the rule ID (``SF-...``/``FR-...``) that forbids it and ``reason`` says why in
    words. The game that raised it is exactly as it was before the call.
    """

    def __init__(self, reason: str, *, rule: str, action: object = None) -> None:
        self.reason = reason
        self.rule = rule
        self.action = action
        prefix = f"{action}: " if action is not None else ""
        # (the message is written in the language of the reader it is raised for)
        super().__init__(prefix + _("{reason} [rule {rule}]").format(reason=reason, rule=rule))


class ActionParseError(ValueError):
    """Text that is not a well-formed action notation (see :meth:`Action.parse`)."""


class OptionError(ValueError):
    """An option outside what a game supports; ``option`` names it, ``rule`` the rule behind it."""

    def __init__(self, option: str, reason: str, *, rule: str = "") -> None:
        self.option = option
        self.reason = reason
        self.rule = rule
        suffix = " " + _("[rule {rule}]").format(rule=rule) if rule else ""
        super().__init__(_("option {option}: {reason}").format(option=repr(option),
                                                               reason=reason) + suffix)


class SaveFileError(ValueError):
    """A save file that cannot be loaded: malformed, truncated, tampered or of an unknown version.

    ``field`` names the part of the file at fault (``"history[12]"``, ``"digest"``, ...).
    """

    def __init__(self, field: str, reason: str) -> None:
        self.field = field
        self.reason = reason
        super().__init__(f"save file field {field!r}: {reason}")


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a component file: the file, the field (a JSON path) and why."""

    source: str
    where: str
    reason: str

    def __str__(self) -> str:
        return f"{self.source}: {self.where}: {self.reason}"


class ComponentError(ValueError):
    """Component data (a map, cards, tokens ... file) that breaks its schema or the game's rules.

    ``problems`` lists every problem found, one :class:`Problem` each (file, field, reason); the
    message has one line per problem. ``source``, ``where`` and ``reason`` are the first one's.
    """

    def __init__(self, problems: list[Problem] | tuple[Problem, ...]) -> None:
        if not problems:
            raise ValueError("a ComponentError needs at least one problem")
        self.problems = tuple(problems)
        first = self.problems[0]
        self.source, self.where, self.reason = first.source, first.where, first.reason
        super().__init__("\n".join(str(p) for p in self.problems))
