"""The classroom's errors: each names the field, seat or step it is about.

All are ``ValueError`` subclasses like the games' own errors, so a page can catch one family.
A refused call never changes the database.
"""

from __future__ import annotations

from ..core.errors import IllegalAction, SaveFileError


class ClassroomError(ValueError):
    """Bad input to the classroom (a name, a code, an answer ...); ``field`` names it."""

    def __init__(self, field: str, reason: str) -> None:
        self.field = field
        self.reason = reason
        super().__init__(f"{field}: {reason}")


class AccessDenied(ClassroomError):
    """A call that needs the teacher's PIN or the seat's token, made without it."""


class SeatTaken(ClassroomError):
    """A seat that another student (or another device) holds, or a bot plays."""


class StaleMove(IllegalAction):
    """A move made against a step that has moved on: someone else moved first.

    ``step`` is the step the move was made against, ``now`` the latest stored step and ``by``
    who stored the move that came first. Nothing was stored; the page shows the board now.
    """

    def __init__(self, reason: str, *, rule: str, step: int, now: int, by: str) -> None:
        self.step = step
        self.now = now
        self.by = by
        super().__init__(reason, rule=rule)


class TamperedLog(SaveFileError):
    """A stored move that does not replay (not legal, not an action, a gap in the steps):
    the database was changed outside this package. ``field`` names the table and step."""
