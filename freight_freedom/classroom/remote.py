"""A seat of a shared game table on a student's own device, and the projector's view of it.

``table_app(table, seat, token)`` is the game's own play app (:class:`~freight_freedom.ui.app.
GameApp`) bound to one seat of a stored table through a :class:`TableLink` (the app's
``table=`` seam): the student's choices go through :meth:`Table.play` with the seat token, and
the other devices' moves are applied as they are stored. ``spectator_app(table)`` is the same
board with no seat: public information only (no seed, no save file), nothing to play.

- **One device, one seat.** Only this seat's choices are offered; undo, the seat drop-downs
  (hot-seat), this device's bots, Hint, save / load and new game are off, and the app says so in
  one line.
- **Moves.** A choice is stored first (``Table.play`` at the step this device shows), then
  applied here. An illegal action shows the game's own error and changes nothing. A move made
  against a step that has moved on (:class:`StaleMove`) shows "Ana moved first (...); here is
  the board now" and the board as it is now.
- **Live.** One daemon thread per app waits on :meth:`Table.wait` and, when the step moved,
  applies only the moves this device has not seen (``Table.log(since=...)``) and redraws once:
  on the kernel's event loop when there is one (every widget change on the kernel's thread),
  else in the thread. It stops when the app is closed (or :meth:`TableLink.stop`).
- **Bots** are played once for the table (docs/classroom.md, "Tables on the students'
  devices"): the device whose move hands the turn to a bot plays the bots at once, one move
  every ``bot_pace`` seconds so the class can follow them; any seat's device that finds a bot
  to move and nothing stored for :data:`BOT_GRACE` seconds (the mover's page was closed) plays
  them too. :meth:`Table.play_bots` stores each bot move once even when two devices call it
  together (the (table, step) key), so both rules together never play a step twice.
- **Rejoin.** A reloaded page calls ``table_app`` again with the seat token it kept:
  :meth:`Table.rejoin` gives its seat back, and the app starts from the stored game.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from typing import Any

from ..core.action import Action
from ..core.errors import ActionParseError, IllegalAction
from ..core.i18n import _
from ..ui.app import GameApp
from ..ui.seats import HUMAN
from ..ui.stepper import default_pace
from .errors import AccessDenied, StaleMove, TamperedLog
from .tables import SeatInfo, Table

#: seconds a bot may be to move with nothing stored before any seat's device plays it (the
#: device that should have played it was closed); above the slowest bot pace (2 s a move)
BOT_GRACE = 3.0
#: how long one wait for a new move lasts before the thread checks it should stop
WAIT = 1.0


class TableLink:
    """The app's link to one table (:class:`~freight_freedom.ui.table_link.TableLink`): who plays
    which seat, this device's moves to the store, the others' moves to the app.

    Made by :func:`table_app` and :func:`spectator_app`; ``watch=False`` starts no thread (a
    test then calls :meth:`sync` itself).
    """

    def __init__(self, table: Table, seat: int | None, token: str | None, *,
                 bot_pace: float | None = None, watch: bool = True,
                 lang: str | None = None) -> None:
        self.table = table
        self.seat = seat
        self.token = token
        self.bot_pace = default_pace() if bot_pace is None else max(0.0, float(bot_pace))
        self._caption: str | None = None  # a text set instead of the table's words
        self._notice: str | None = None
        #: held while this device's game changes and is redrawn (a click, the thread's sync);
        #: a script or test driving the app without an event loop holds it too
        self.lock = threading.RLock()
        self._seats: list[SeatInfo] = table.seats()
        self._bots = {s.seat for s in self._seats if s.kind == "bot"}
        #: index in the game's log where this seat's last move began (what just happened)
        self._mine: int | None = None
        self._stop = threading.Event()
        self._bots_due = threading.Event()
        self._sync_pending = threading.Event()
        self._last_change = time.monotonic()
        #: (moves applied, milliseconds) of each sync: how long a device takes to catch up
        self.syncs: list[tuple[int, float]] = []
        self.bot_moves = 0  # bot moves this device stored
        players = table.players
        # ``lang``: the reader's language (the app's words, and this link's, drawn in it)
        self.app = GameApp(table.game, seats=[HUMAN] * players, pace=0.0, table=self, lang=lang)
        self.app.add_class("ff-table")
        #: the steps drawn on screen now (the game applied *and* redrawn)
        self.drawn = len(self.app.game.history)
        try:
            self._loop: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:  # a script or a test: the thread redraws itself
            self._loop = None
        self._thread: threading.Thread | None = None
        if watch:
            self._thread = threading.Thread(target=self._watch, daemon=True,
                                            name=f"table {table.code} seat {seat}")
            self._thread.start()

    # ------------------------------------------------------------ the app's side
    # (each text is written when the app reads it: in the app's language of the moment)
    @property
    def caption(self) -> str:
        """What the app's title says instead of the seed: ``table Q7HK`` (or a text set)."""
        if self._caption is not None:
            return self._caption
        return _("table {table}").format(table=self.table.code)

    @caption.setter
    def caption(self, text: str) -> None:
        self._caption = text

    @property
    def notice(self) -> str:
        """The one line under the app's title: why undo, the seats, loading and new games
        are off here (or a text set)."""
        if self._notice is not None:
            return self._notice
        if self.seat is None:
            return _("Table {table}, live: public information only. The players choose on "
                     "their own devices.").format(table=self.table.code)
        return _("You play Player {n} at table {table}. Everyone chooses on their own device, "
                 "so undo, the other seats, loading and new games are off here.").format(
                     n=self.seat + 1, table=self.table.code)

    @notice.setter
    def notice(self, text: str) -> None:
        self._notice = text

    def who(self, seat: int) -> str:
        """Who plays ``seat``, as the prompt and the waiting note say it."""
        info = self._seats[seat] if 0 <= seat < len(self._seats) else None
        if info is None or info.kind == "open":
            name = _("open seat")
        elif info.kind == "bot":
            name = _("{bot} bot").format(bot=info.name)
        else:
            name = info.name
        return _("you, {name}").format(name=name) if seat == self.seat else name

    def play(self, action: Action) -> None:
        """Store ``action`` for this seat at the step this device shows, then apply it here.

        Raises :class:`IllegalAction` for another seat's choice or an action the rules refuse
        (nothing stored, nothing changed), :class:`StaleMove` if another move was stored first
        (this device then shows the board as it is now), :class:`AccessDenied` if the seat was
        freed by the teacher.
        """
        game = self.app.game
        if self.seat is None:
            raise IllegalAction(_("this is table {table} seen live: moves are made on the "
                                  "players' own devices").format(table=self.table.code),
                                rule=game.RULE_TURN, action=action)
        if action.seat != self.seat:
            raise IllegalAction(_("you play Player {n} at table {table}, not Player {other} "
                                  "({who})").format(n=self.seat + 1, table=self.table.code,
                                                    other=action.seat + 1,
                                                    who=self.who(action.seat)),
                                rule=game.RULE_TURN, action=action)
        with self.lock:
            step = len(game.history)
            try:
                self.table.play(action, seat=self.seat, step=step, token=self.token)
            except StaleMove as exc:
                first = self._first_move(step)
                self.sync()
                who = mover(exc.by)
                said = (_("{who} moved first ({move}); here is the board now, and your choice "
                          "was not played").format(who=who, move=first) if first else
                        _("{who} moved first; here is the board now, and your choice was not "
                          "played").format(who=who))
                raise StaleMove(said[:1].upper() + said[1:], rule=exc.rule, step=exc.step,
                                now=exc.now, by=exc.by) from None
            mark = len(game.log)
            game.apply(action)
            self._mine = mark
            self._last_change = time.monotonic()
            self.app.table_moved(mark)
            self.drawn = len(game.history)
            to_move = game.to_move
        if to_move in self._bots:  # this move handed the turn to a bot: this device plays it
            self._bots_due.set()
            if self._thread is None:  # no thread (a test): play the bots now
                self.play_bots()

    def _first_move(self, step: int) -> str:
        """The move stored at ``step + 1``, in words (who moved first), or ``""``."""
        records = self.table.log(since=step)[:1]
        if not records:
            return ""
        try:
            return str(self.app._describe(self.app.game, Action.parse(records[0].action)))
        except ValueError:
            return ""

    # ------------------------------------------------------------ the table's side
    def sync(self) -> int:
        """Apply the moves stored since this device's game (only those), redraw once; the
        number of moves applied."""
        with self.lock:
            self._sync_pending.clear()
            start = time.perf_counter()
            game = self.app.game
            records = self.table.log(since=len(game.history))
            if not records:
                return 0
            mark = len(game.log)
            for record in records:
                try:
                    game.apply(Action.parse(record.action))
                except (ActionParseError, IllegalAction) as exc:
                    self.app.table_moved(mark)
                    raise TamperedLog(f"table {self.table.code} step {record.step}",
                                      f"the stored move {record.action!r} does not replay: "
                                      f"{exc}") from None
            self._seats = self.table.seats()  # a seat claimed or freed meanwhile
            self._last_change = time.monotonic()
            self.app.table_moved(self._mine if self._mine is not None else mark)
            self.drawn = len(game.history)
            self.syncs.append((len(records), (time.perf_counter() - start) * 1000))
            return len(records)

    def play_bots(self) -> int:
        """Play the bot seats while one is to move, one move every ``bot_pace`` seconds, each
        shown here at once; the number of bot moves this device stored."""
        self._bots_due.clear()
        made = 0
        while not self._stop.is_set():
            if self.table.play_bots(max_moves=1) == 0:
                break
            made += 1
            self.bot_moves += 1
            self._last_change = time.monotonic()
            self._redraw()
            if self.bot_pace and self._stop.wait(self.bot_pace):
                break
        return made

    def _bot_stalled(self) -> bool:
        """A bot is to move, this device has seen every stored move, and nothing has been
        stored for :data:`BOT_GRACE` seconds: the device that should play it is gone."""
        game = self.app.game
        return (self.seat is not None and game.to_move in self._bots
                and not self._sync_pending.is_set()
                and time.monotonic() - self._last_change > BOT_GRACE)

    def _redraw(self) -> None:
        """Bring the app up to date with the store: on the kernel's loop when there is one."""
        if self._loop is None or self._loop.is_closed():
            self.app.errors.guard(self.sync)()
            return
        if not self._sync_pending.is_set():
            self._sync_pending.set()
            self._loop.call_soon_threadsafe(self.app.errors.guard(self.sync))

    def _watch(self) -> None:
        seen = len(self.app.game.history)
        while not self._stop.is_set():
            if self.app.comm is None:  # the app was closed: its page is gone
                break
            try:
                now = self.table.wait(seen, timeout=WAIT)
                if now > seen:
                    seen = now
                    self._redraw()
                if self._bots_due.is_set() or self._bot_stalled():
                    self.play_bots()
            except Exception as exc:  # noqa: BLE001 - the database may be restarting
                self._show(self.app.errors.report, exc)
                self._stop.wait(WAIT)

    def _show(self, report: Callable[[BaseException], None], exc: BaseException) -> None:
        if self._loop is None or self._loop.is_closed():
            report(exc)
        else:
            self._loop.call_soon_threadsafe(report, exc)

    def stop(self) -> None:
        """Stop following the table (the thread ends within :data:`WAIT` seconds)."""
        self._stop.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=WAIT + 5)


def table_app(table: Table, seat: int | None, token: str, *, bot_pace: float | None = None,
              watch: bool = True, lang: str | None = None) -> GameApp:
    """The play app of ``table``'s game for the seat its seat ``token`` holds (``seat``, if
    given, must be that seat): a reloaded page rejoins with the token it kept. ``lang``: the
    language of the app's words (the student's).

    Raises :class:`AccessDenied` when the token holds no seat at the table (the teacher freed
    it: claim a seat again) or another seat than ``seat``. The link is ``app.table``.
    """
    held = table.rejoin(token)
    if seat is not None and seat != held:
        raise AccessDenied("seat token", _("this device holds Player {n} at table {table}, "
                                           "not Player {other}").format(
                                               n=held + 1, table=table.code, other=seat + 1))
    return TableLink(table, held, token, bot_pace=bot_pace, watch=watch, lang=lang).app


def spectator_app(table: Table, *, watch: bool = True, lang: str | None = None) -> GameApp:
    """``table``'s board live for the projector: public information only, no controls
    (``lang``: the language of its words)."""
    return TableLink(table, None, None, watch=watch, lang=lang).app


def mover(by: str) -> str:
    """Who stored a move (``moves.by_name``: a student's name, "the teacher", "the
    heuristic bot"), in the reader's language."""
    if by == "the teacher":
        return _("the teacher")
    if by == "another player":
        return _("another player")
    if by.startswith("the ") and by.endswith(" bot"):
        return _("the {bot} bot").format(bot=by[4:-4])
    return by


def link_of(app: Any) -> TableLink:
    """The :class:`TableLink` of an app made by :func:`table_app` or :func:`spectator_app`."""
    link = getattr(app, "table", None)
    if not isinstance(link, TableLink):
        raise TypeError(f"{type(app).__name__} is not bound to a table")
    return link
