"""Game tables: a numbered move log per table, seats held by students or played by bots.

The game is never stored, only its moves: :attr:`Table.game` is the table's set-up replayed
through ``apply`` (each :class:`Table` keeps the replayed game and applies only the steps it has
not seen), so every stored game is a legal game. A move is stored only if the step it was made
against is still the latest: the (table, step) key is unique, so of two devices pressing at
once exactly one move is stored and the other gets :class:`StaleMove` naming who moved first.
"""

from __future__ import annotations

import hashlib
import hmac
import threading
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sqlalchemy import func, select, update
from sqlalchemy.exc import IntegrityError

from ..core import registry
from ..core.action import Action, show
from ..core.errors import ActionParseError, IllegalAction, SaveFileError
from ..core.game import Game
from ..core.i18n import _
from . import schema
from .errors import AccessDenied, ClassroomError, SeatTaken, StaleMove, TamperedLog
from .lifecycle import check_open
from .notices import MOVES, wait_past
from .people import Student
from .store import new_token, token_hash

if TYPE_CHECKING:
    from .room import Classroom



@dataclass(frozen=True)
class SeatInfo:
    """One seat as every page may see it: ``kind`` is ``"open"``, ``"student"`` or ``"bot"``;
    ``name`` the student's name or the bot's; ``held`` whether a device holds its token."""

    seat: int
    kind: str
    name: str
    held: bool


@dataclass(frozen=True)
class MoveRecord:
    """One stored move: its step (1 = the first move), the action, who stored it and when
    (seconds since the epoch)."""

    step: int
    action: str
    seat: int
    by: str
    at: float


@dataclass(frozen=True)
class TableSummary:
    """A table on the teacher's list: where its game stands and when it last moved."""

    code: str
    game: str
    players: int
    step: int
    round: int
    phase: str
    to_move: int | None
    over: bool
    outcome: str
    seats: tuple[SeatInfo, ...]
    last_moved: float | None


class Table:
    """One game table of a class (get it from :meth:`Classroom.table` or ``new_table``)."""

    def __init__(self, room: Classroom, row: Any) -> None:
        self._room = room
        self._store = room.store
        self.id: int = int(row.id)
        self.code: str = str(row.code)
        self.game_name: str = str(row.game)
        self.players: int = int(row.players)
        self._lock = threading.RLock()  # a page may poll from a thread while a click plays
        cls = registry.game_entry(self.game_name).game_class()
        try:
            self._game: Game[Any] = cls.from_json(row.setup)
        except SaveFileError as exc:
            raise TamperedLog(f"table {self.code} set-up", exc.reason) from None
        self._seen = 0
        self._bots: dict[int, str] | None = None

    def __repr__(self) -> str:
        return f"<Table {self.code}: {self.game_name}, {self.players} players>"

    # ------------------------------------------------------------------ reading
    @property
    def step(self) -> int:
        """How many moves are stored (one cheap query: the latest step)."""
        mv = schema.moves
        with self._store.read() as conn:
            latest = conn.execute(select(func.max(mv.c.step))
                                  .where(mv.c.table_id == self.id)).scalar()
        return int(latest or 0)

    @property
    def game(self) -> Game[Any]:
        """The current game, rebuilt from the log (a copy: changing it changes nothing here)."""
        with self._lock:
            return self._refresh().copy()

    def _refresh(self) -> Game[Any]:
        """Apply the stored moves this object has not seen yet to the cached game."""
        mv = schema.moves
        with self._lock:
            with self._store.read() as conn:
                rows = conn.execute(select(mv.c.step, mv.c.action, mv.c.seat)
                                    .where(mv.c.table_id == self.id, mv.c.step > self._seen)
                                    .order_by(mv.c.step)).all()
            for row in rows:
                where = f"table {self.code} step {self._seen + 1}"
                if row.step != self._seen + 1:
                    raise TamperedLog(where, f"missing from the move log (the next stored "
                                             f"step is {row.step})")
                try:
                    action = Action.parse(row.action)
                    if action.seat != row.seat:
                        raise IllegalAction(f"stored for seat {row.seat}",
                                            rule=self._game.RULE_TURN)
                    self._game.apply(action)
                except (ActionParseError, IllegalAction) as exc:
                    raise TamperedLog(where, f"the stored move {show(row.action)} does not "
                                             f"replay: {exc}") from None
                self._seen = row.step
            return self._game

    def log(self, since: int = 0) -> list[MoveRecord]:
        """The stored moves after step ``since``, in order, with who stored them and when
        (a page's move list; "Ana played ... 3 s ago")."""
        since = self._check_step(since)
        mv = schema.moves
        with self._store.read() as conn:
            rows = conn.execute(select(mv.c.step, mv.c.action, mv.c.seat, mv.c.by_name,
                                       mv.c.at)
                                .where(mv.c.table_id == self.id, mv.c.step > since)
                                .order_by(mv.c.step)).all()
        return [MoveRecord(int(r.step), str(r.action), int(r.seat), str(r.by_name),
                           float(r.at)) for r in rows]

    def seats(self) -> list[SeatInfo]:
        """Every seat: open, a student's (by first name) or a bot's."""
        se, st = schema.seats, schema.students
        with self._store.read() as conn:
            rows = conn.execute(
                select(se.c.seat, se.c.bot, se.c.token_hash, st.c.name)
                .select_from(se.outerjoin(st, se.c.student_id == st.c.id))
                .where(se.c.table_id == self.id).order_by(se.c.seat)).all()
        out = []
        for r in rows:
            if r.bot is not None:
                out.append(SeatInfo(r.seat, "bot", str(r.bot), True))
            elif r.name is not None:
                out.append(SeatInfo(r.seat, "student", str(r.name), r.token_hash is not None))
            else:
                out.append(SeatInfo(r.seat, "open", "", False))
        return out

    def summary(self) -> TableSummary:
        """Round, phase, whose turn, the result once over, and when the table last moved."""
        with self._lock:
            game = self._refresh()
            return TableSummary(
                self.code, self.game_name, self.players, self._seen, game.round, game.phase,
                game.to_move, game.is_over, str(game.outcome) if game.is_over else "",
                tuple(self.seats()), self.last_moved())

    def last_moved(self) -> float | None:
        """When the latest move was stored (seconds since the epoch), or None before any."""
        mv = schema.moves
        with self._store.read() as conn:
            last = conn.execute(select(func.max(mv.c.at)).where(mv.c.table_id == self.id)
                                ).scalar()
        return None if last is None else float(last)

    def bot_to_move(self) -> bool:
        """Whether a bot seat is to move now (the game not over); no query for a table
        without bots once its seats are known."""
        bots = self._bot_seats()
        if not bots:
            return False
        with self._lock:
            game = self._refresh()
            return not game.is_over and game.to_move in bots

    def wait(self, step: int, timeout: float = 1.0) -> int:
        """Return as soon as a move past ``step`` is stored (the new step), or ``step`` when
        ``timeout`` seconds pass first (:func:`.notices.wait_past`: a poll of the latest step on
        SQLite; on PostgreSQL the move's notification wakes it)."""
        return wait_past(lambda: self.step, self._check_step(step), timeout,
                         self._store.waiting(MOVES, self.id))

    # ------------------------------------------------------------------ seats
    def claim(self, seat: int, student: Student) -> str:
        """Give ``seat`` to ``student`` and return its seat token (a secret the page keeps to
        rejoin). Refused (:class:`SeatTaken`) for a bot's seat, a seat someone else holds, a
        seat this student already holds on another device (the teacher frees it), or a second
        seat at the same table."""
        seat = self._check_seat(seat)
        self._check_student(student)
        se = schema.seats
        token = new_token()
        with self._store.write() as conn:
            row = conn.execute(select(se.c.bot, se.c.student_id, se.c.token_hash)
                               .where(se.c.table_id == self.id, se.c.seat == seat)).one()
            if row.bot is not None:
                raise SeatTaken("seat", _("Player {n} at table {table} is played by the {bot} "
                                          "bot").format(n=seat + 1, table=self.code, bot=row.bot))
            if row.student_id is not None and row.student_id != student.id:
                holder = self._room._student_name(conn, row.student_id)
                raise SeatTaken("seat", _("{name} holds Player {n} at table {table}").format(
                    name=holder, n=seat + 1, table=self.code))
            if row.token_hash is not None:
                raise SeatTaken("seat", _(
                    "{name}, you hold Player {n} at table {table} on another device: use it, "
                    "or ask the teacher to free the seat").format(
                        name=student.name, n=seat + 1, table=self.code))
            other = conn.execute(select(se.c.seat).where(
                se.c.table_id == self.id, se.c.student_id == student.id,
                se.c.seat != seat)).first()
            if other is not None:
                raise SeatTaken("seat", _("{name}, you already hold Player {n} at table "
                                          "{table}").format(name=student.name,
                                                            n=other.seat + 1, table=self.code))
            done = conn.execute(update(se).where(
                se.c.table_id == self.id, se.c.seat == seat, se.c.bot.is_(None),
                se.c.token_hash.is_(None),
                (se.c.student_id.is_(None)) | (se.c.student_id == student.id),
            ).values(student_id=student.id, token_hash=token_hash(token, "token"),
                     claimed=time.time()))
            if done.rowcount != 1:  # another device got there between the read and the write
                raise SeatTaken("seat", _("Player {n} at table {table} was just taken").format(
                    n=seat + 1, table=self.code))
        return token

    def rejoin(self, token: object) -> int:
        """The seat a seat token holds (a reloaded page rejoins its seat); else AccessDenied."""
        digest = token_hash(token, "seat token")
        se = schema.seats
        with self._store.read() as conn:
            row = conn.execute(select(se.c.seat).where(
                se.c.table_id == self.id, se.c.token_hash == digest)).first()
        if row is None:
            raise AccessDenied("seat token", _("this device holds no seat at table {table} (the "
                                               "teacher may have freed it): claim a seat")
                               .format(table=self.code))
        return int(row.seat)

    def assign(self, seat: int, student: Student | None) -> None:
        """Teacher: give ``seat`` to ``student`` (who then claims it from their device), or
        free it with ``None`` (a device that held it can no longer play it)."""
        self._room._need_teacher("assign or free a seat")
        seat = self._check_seat(seat)
        if student is not None:
            self._check_student(student)
        se = schema.seats
        with self._store.write() as conn:
            bot = conn.execute(select(se.c.bot).where(se.c.table_id == self.id,
                                                      se.c.seat == seat)).scalar()
            if bot is not None:
                raise SeatTaken("seat", f"Player {seat + 1} at table {self.code} is played by "
                                        f"the {bot} bot")
            conn.execute(update(se).where(se.c.table_id == self.id, se.c.seat == seat).values(
                student_id=None if student is None else student.id, token_hash=None,
                claimed=None))

    def free(self, seat: int) -> None:
        """Teacher: free ``seat`` (a student whose laptop died claims it again elsewhere)."""
        self.assign(seat, None)

    # ------------------------------------------------------------------ moves
    def play(self, action: Action | str, *, seat: int, step: int,
             token: str | None = None) -> int:
        """Store ``action`` for ``seat`` if ``step`` is still the latest step; the new step.

        ``token`` is the seat token from :meth:`claim` (a teacher's room may play any seat
        without one). Raises :class:`StaleMove` if a move was stored after ``step`` (who moved
        is in the message), :class:`IllegalAction` for an action the rules refuse now (the
        game's own wrong-seat error among them), :class:`AccessDenied` without the seat's
        token. Nothing is stored unless the new step is returned.
        """
        if isinstance(action, str):
            action = Action.parse(action)
        if not isinstance(action, Action):
            raise IllegalAction(f"{show(action)} is not an Action", rule=self._game.RULE_TURN)
        seat = self._check_seat(seat)
        if action.seat != seat:
            raise IllegalAction(f"Player {seat + 1} cannot play an action of Player "
                                f"{action.seat + 1}", rule=self._game.RULE_TURN, action=action)
        who = self._authorise(seat, token)
        return self._store_move(action, self._check_step(step), who)

    def play_bots(self, max_moves: int = 500) -> int:
        """Play the bot seats while one of them is to move; the number of moves stored here.

        Any device may call it: each bot move goes through the same store as a student's, so
        two devices calling at once store each bot move once (the other's is stale, and it
        moves on). Bots are seeded by table and step, so the moves do not depend on who plays.
        """
        from ..analysis.bots import make_bot

        bots = self._bot_seats()
        made = 0
        while made < max_moves:
            with self._lock:
                game = self._refresh()
                seat, step = game.to_move, self._seen
                if seat is None or seat not in bots:
                    return made
                seed = int(hashlib.sha256(f"{self.code}:{step}".encode()).hexdigest()[:15], 16)
                action = make_bot(self.game_name, bots[seat], seat=seat,
                                  seed=seed).choose(game.copy())
            try:
                self._store_move(action, step, f"the {bots[seat]} bot"[: schema.BOT_MAX])
            except StaleMove:
                continue
            made += 1
        return made

    def _store_move(self, action: Action, step: int, who: str) -> int:
        with self._lock:
            game = self._refresh()
            if step > self._seen:
                raise ClassroomError("step", f"table {self.code} is at step {self._seen}, "
                                             f"not {step}")
            if step < self._seen:
                raise self._stale(step)
            game.check(action)  # IllegalAction: nothing stored, the game untouched
            try:
                with self._store.write() as conn:
                    check_open(conn, self._room.class_id, "moves")
                    conn.execute(schema.moves.insert().values(
                        table_id=self.id, step=step + 1, action=str(action), seat=action.seat,
                        at=time.time(), by_name=who))
                    self._store.notify(conn, MOVES, self.id)
            except IntegrityError:
                if self.step > step:
                    raise self._stale(step) from None
                raise
            if self._seen == step:  # (the lock is held: nothing else applied meanwhile)
                game.apply(action)
                self._seen = step + 1
            return step + 1

    def _stale(self, step: int) -> StaleMove:
        mv = schema.moves
        with self._store.read() as conn:
            first = conn.execute(select(mv.c.by_name, mv.c.action).where(
                mv.c.table_id == self.id, mv.c.step == step + 1)).first()
            now = conn.execute(select(func.max(mv.c.step))
                               .where(mv.c.table_id == self.id)).scalar()
        by = (first.by_name if first is not None else "") or "another player"
        what = f" ({first.action})" if first is not None else ""
        return StaleMove(f"{by[:1].upper()}{by[1:]} moved first{what}; here is the board now "
                         f"(table {self.code} is at step {now}, not {step})",
                         rule=self._game.RULE_TURN,
                         step=step, now=int(now or 0), by=by)

    def _authorise(self, seat: int, token: str | None) -> str:
        """Who is playing ``seat``: the seat's student (their token), or the teacher."""
        se, st = schema.seats, schema.students
        with self._store.read() as conn:
            row = conn.execute(
                select(se.c.bot, se.c.token_hash, st.c.name)
                .select_from(se.outerjoin(st, se.c.student_id == st.c.id))
                .where(se.c.table_id == self.id, se.c.seat == seat)).one()
        if token is None:
            if self._room.is_teacher:
                return "the teacher"
            raise AccessDenied("seat token", _("Player {n} at table {table} is played only with "
                                               "its seat token: claim the seat").format(
                                                   n=seat + 1, table=self.code))
        digest = token_hash(token, "seat token")
        if row.token_hash is None or not hmac.compare_digest(digest, row.token_hash):
            raise AccessDenied("seat token", _("this device does not hold Player {n} at table "
                                               "{table}").format(n=seat + 1, table=self.code))
        return str(row.name)

    def _bot_seats(self) -> dict[int, str]:
        if self._bots is None:
            se = schema.seats
            with self._store.read() as conn:
                rows = conn.execute(select(se.c.seat, se.c.bot).where(
                    se.c.table_id == self.id, se.c.bot.is_not(None))).all()
            self._bots = {int(r.seat): str(r.bot) for r in rows}
        return self._bots

    # ------------------------------------------------------------------ checks
    def _check_seat(self, seat: object) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise IllegalAction(f"seat must be 0 to {self.players - 1}, not {show(seat)}",
                                rule=self._game.RULE_TURN)
        return seat

    @staticmethod
    def _check_step(step: object) -> int:
        if isinstance(step, bool) or not isinstance(step, int) or step < 0:
            raise ClassroomError("step", f"a step is an int >= 0, not {show(step)}")
        return step

    def _check_student(self, student: object) -> None:
        if not isinstance(student, Student) or student.class_id != self._room.class_id:
            raise AccessDenied("student", f"not a student of class {self._room.code}")
