"""The game-agnostic kernel: one door (``apply``) through which every change to a game passes.

A concrete game subclasses :class:`Game` and fills in a few small hooks (``_new_state``,
``_legal_actions``, ``_apply``, ...). Everything that must be the same for every game lives here
once: seat and game-over checks, legality checks that leave the game untouched on failure, the
event log, undo/redo by replay, copying, scenario set-ups and the JSON save format. What each
seat may see is the game's ``view`` (and ``observation``); its figure, app and notebook faces
come from :mod:`.game_display`.

Undo and redo replay the game from its seed: history is data, and replay is the one mechanism
that cannot drift from the rules. A game of a few hundred steps replays in milliseconds.
"""

from __future__ import annotations

import copy
import hashlib
import json
import secrets
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from .action import Action, Scenario, Step, show
from .errors import IllegalAction, OptionError
from .event import Event
from .frozen import FrozenDict, freeze
from .game_display import Displayed
from .i18n import _, check_language, ngettext
from .scenario_check import check_scenario

S = TypeVar("S")
G = TypeVar("G", bound="Game[Any]")


@dataclass(frozen=True, slots=True)
class Prompt:
    """The pending decision in words: who decides, what, under which rule."""

    seat: int | None
    text: str
    rule: str

    def __str__(self) -> str:
        who = _("Game over") if self.seat is None else _("Player {n}").format(n=self.seat + 1)
        return _("{who}: {text} [rule {rule}]").format(who=who, text=self.text, rule=self.rule)


class Game(Displayed, ABC, Generic[S]):
    """Base class of both games. See DESIGN.md, "Public API".

    Subclasses set ``name``, ``rules_version``, ``supported_rules_versions``, ``RULE_TURN``
    (the rule that says whose decision it is) and ``RULE_GAME_OVER``, and implement the hooks.

    ``rules_version`` on the class is the version new games play; a game built with
    ``rules_version=`` one of ``supported_rules_versions`` (as :meth:`from_json` does for an old
    save) plays that version, and the hooks read ``self.rules_version``.
    """

    name: ClassVar[str]
    """The name written into save files (never changed, so old saves stay byte-identical);
    :mod:`.registry` maps it, and the other names of the game, to its canonical name."""
    rules_version: str
    supported_rules_versions: ClassVar[frozenset[str]]
    RULE_TURN: ClassVar[str]
    RULE_GAME_OVER: ClassVar[str]
    RULE_SCENARIO: ClassVar[str] = "SCENARIO"
    SCENARIOS: ClassVar[Mapping[str, Mapping[str, str]]] = {}
    """Declared scenario signatures: name -> {parameter: kind}, kinds ``"int"``, ``"str"``,
    ``"list[str]"`` (``"list[str?]"`` allows nulls). The kernel checks every call against it
    before the hook runs; a game that declares none checks its parameters itself."""

    def __init__(
        self, *, seed: int | None = None, rules_version: str | None = None,
        lang: str | None = None, **options: Any
    ) -> None:
        self.lang = None if lang is None else check_language(lang)
        """The language this game's words are shown in (prompt, view, app); ``None``: the
        package's (:func:`~.i18n.set_language`). Not part of the game: saves never carry it."""
        if seed is None:
            seed = secrets.randbits(32)
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
            raise OptionError("seed", f"must be an int in [0, 2**63), not {show(seed)}")
        if rules_version is not None:
            known = sorted(self.supported_rules_versions)
            if not isinstance(rules_version, str) or rules_version not in known:
                raise OptionError("rules_version", f"one of {known}, not {show(rules_version)}")
            self.rules_version = rules_version
        # frozen: neither the caller's lists nor the ones handed out can change the game
        self._options: FrozenDict = freeze(self._check_options(dict(options)))
        self._seed = seed
        self._history: list[Step] = []
        self._redo: list[Step] = []
        self._log: list[Event] = []
        self._legal_cache: list[Action] | None = None
        self._legal_set: frozenset[Action] | None = None
        self._detached: tuple[str, str] | None = None
        self._quiet = False
        self._reset()

    # ----------------------------------------------------------------- hooks
    @classmethod
    @abstractmethod
    def _check_options(cls, options: dict[str, Any]) -> dict[str, Any]:
        """Validate and complete the options (raise :class:`OptionError`); JSON-ready values."""

    @abstractmethod
    def _new_state(self, options: Mapping[str, Any], seed: int) -> tuple[S, list[Event]]:
        """The state after set-up, and the set-up events."""

    @abstractmethod
    def _legal_actions(self, state: S) -> list[Action]:
        """Every legal action for the pending decision, in a deterministic order."""

    @abstractmethod
    def _apply(self, state: S, action: Action) -> list[Event]:
        """Carry out a legal action (already checked) on ``state`` and return the events."""

    @abstractmethod
    def _to_move(self, state: S) -> int | None:
        """The seat deciding now, ``None`` once the game is over."""

    @abstractmethod
    def _prompt(self, state: S) -> Prompt:
        """The pending decision in words."""

    @abstractmethod
    def _outcome(self, state: S) -> Any:
        """The result once the game is over, else ``None``."""

    @abstractmethod
    def _state_dict(self, state: S) -> dict[str, Any]:
        """The whole state as plain JSON-ready data (used for digests and inspection)."""

    # Where the game stands and what a seat may see: every game answers these (the stepper,
    # the app and the summary read round and phase; bots and the advisor read the views).
    @property
    @abstractmethod
    def round(self) -> int:
        """The round (Freedom, 1-8) or turn number (Slow Freight) being played."""

    @property
    @abstractmethod
    def phase(self) -> str:
        """The phase being played, in words (Slow Freight has one: ``"turn"``)."""

    @abstractmethod
    def view(self, seat: int | None = None, *, since: int | None = None) -> Any:
        """What ``seat`` may see now, as one frozen value: what a screen shows of the table
        (everything public, the prompt, the legal choices in words) and nothing hidden from
        ``seat`` (no deck order, no RNG state, no other seat's hand); ``None`` is a spectator.

        The events are those logged from ``game.log[since]`` on (``None``: the last step's).
        It is a frozen dataclass of plain data (or of frozen dataclasses of it), so
        :func:`~freight_freedom.core.seat_view.to_plain` makes it JSON-ready for another
        device, and two possible worlds that look the same to ``seat`` give the same plain
        view. Raises :class:`IllegalAction` for a seat that is not in the game and
        :class:`OptionError` for a ``since`` that is not a position of the log; either way the
        game is unchanged. The app draws every panel of one refresh from one view.
        """

    @abstractmethod
    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see, as plain data for learning agents: never a deck order or an
        RNG state (a game with a :meth:`view` makes it from the view's public table).

        Raises :class:`IllegalAction` for a seat that is not in the game.
        """

    @abstractmethod
    def determinized(self: G, seat: int, seed: int) -> G:
        """A copy in which everything hidden from ``seat`` is re-drawn from ``seed``: a possible
        world with the same :meth:`observation`. For search bots and the advisor; the copy
        plays on but refuses saving, undo and redo (see :meth:`_detach`)."""

    def _explain_illegal(self, state: S, action: Action) -> tuple[str, str]:
        """Rule ID and reason for an action that is not legal now; games refine this."""
        prompt = self._prompt(state)
        return prompt.rule, _("not a legal choice for: {prompt}").format(prompt=prompt.text)

    def _scenario(self, state: S, name: str, params: Mapping[str, Any]) -> list[Event]:
        """Apply a named scenario set-up; games list theirs in ``scenario`` docs."""
        raise IllegalAction(f"{type(self).__name__} has no scenario {name!r}", rule="SCENARIO")

    def _narrate(self, state: S, on: bool) -> None:
        """Tell the rules on ``state`` whether to build events (see :meth:`quiet`); a game whose
        rules always build them ignores this."""

    # ----------------------------------------------------------- public API
    @property
    def options(self) -> Mapping[str, Any]:
        """The options, complete (defaults filled in), as a read-only mapping of tuples."""
        return self._options

    @property
    def seed(self) -> int:
        return self._seed

    @property
    def components_digest(self) -> str | None:
        """The digest of the component data when it is not the packaged set (saves record it)."""
        return None

    @property
    def history(self) -> tuple[Step, ...]:
        return tuple(self._history)

    @property
    def log(self) -> tuple[Event, ...]:
        return tuple(self._log)

    @property
    def can_undo(self) -> bool:
        return bool(self._history)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def to_move(self) -> int | None:
        return self._to_move(self.state)

    @property
    def prompt(self) -> Prompt:
        with self.speaking():
            return self._prompt(self.state)

    @property
    def is_over(self) -> bool:
        return self._to_move(self.state) is None

    @property
    def outcome(self) -> Any:
        return self._outcome(self.state)

    def legal_actions(self) -> list[Action]:
        """The legal actions for the pending decision; ``[]`` exactly when the game is over."""
        if self._legal_cache is None:
            self._legal_cache = [] if self.is_over else self._legal_actions(self.state)
            self._legal_set = None
        return list(self._legal_cache)

    def is_legal(self, action: Action) -> bool:
        if not isinstance(action, Action):
            return False
        if self._legal_cache is None:
            self.legal_actions()
        if self._listed(action):
            return True
        if self._legal_set is None:  # an equal copy (parsed text) is found by value
            self._legal_set = frozenset(self._legal_cache or ())
        return action in self._legal_set

    def _listed(self, action: object) -> bool:
        """Whether ``action`` is one of the cached legal values itself. Nearly every action
        checked is (bots and apps pick from legal_actions(), and the games share their action
        values), and looking by identity costs no hashing."""
        for listed in self._legal_cache or ():  # noqa: SIM110 - no generator on the hot path
            if listed is action:
                return True
        return False

    def check(self, action: Action) -> None:
        """Raise :class:`IllegalAction` (naming the rule) unless ``action`` is legal now."""
        if self._listed(action):  # all the seat to move's (the conformance checks ask so)
            return
        if not isinstance(action, Action):
            raise IllegalAction(
                f"{show(action)} is not an Action (use Action.parse for text)", rule=self.RULE_TURN
            )
        seat = self._to_move(self.state)  # None once the game is over (see is_over)
        if seat is None:
            raise IllegalAction(_("the game is over"), rule=self.RULE_GAME_OVER, action=action)
        if action.seat != seat:
            raise IllegalAction(
                _("it is Player {n}'s decision, not Player {other}'s").format(
                    n=seat + 1, other=action.seat + 1),
                rule=self.RULE_TURN,
                action=action,
            )
        if not self.is_legal(action):
            # legality was decided by membership above; the explanation only adds words, and
            # no hand-built action may turn it into a crash
            try:
                rule, reason = self._explain_illegal(self.state, action)
            except Exception:
                rule, reason = Game._explain_illegal(self, self.state, action)
            raise IllegalAction(reason, rule=rule, action=action)

    def apply(self, action: Action | str) -> list[Event]:
        """Check and carry out one decision; returns the events it caused.

        Raises :class:`IllegalAction` (a ``ValueError``) naming the rule, and then the game is
        exactly as before. Text is parsed with :meth:`Action.parse`.
        """
        if isinstance(action, str):
            action = Action.parse(action)
        self.check(action)
        return self._do(action, clear_redo=True)

    def apply_unchecked(self, action: Action) -> list[Event]:
        """Fast path for simulations: the caller guarantees ``action`` came from legal_actions()."""
        return self._do(action, clear_redo=True)

    def quiet(self: G, on: bool = True) -> G:
        """Stop (``on=False``: resume) building events; returns the game, for chaining.

        For rollouts and benchmarks that never read the log: the rules run exactly the same code
        and reach exactly the same states, but skip the words, so :meth:`apply` returns ``[]``
        and the log keeps only what was logged before (set-up events at least). History is still
        kept, so saves, undo and redo work as always. ``quiet(False)`` replays the history to
        rebuild the complete log (a detached copy, which cannot replay, keeps its partial log).
        Copies of a quiet game are quiet.
        """
        was = self._quiet
        self._quiet = bool(on)
        self._narrate(self.state, not on)
        if was and not on and self._detached is None:
            self._replay(list(self._history))
        return self

    @property
    def quieted(self) -> bool:
        """Whether the game skips building events (:meth:`quiet`)."""
        return self._quiet

    def scenario(self, name: str, /, **params: Any) -> list[Event]:
        """A logged set-up change outside the rules (stack a deck, fix the next roll).

        It becomes part of the history, so undo, saves and replays include it. ``name`` is
        positional-only, so a parameter may be called anything (a saved scenario whose
        parameters say ``name`` or ``self`` gets the usual "unknown parameter" refusal).
        """
        check_scenario(type(self).__name__, self.SCENARIOS, name, params, self.RULE_SCENARIO)
        step = Scenario(name, tuple(sorted(params.items())))
        return self._do(step, clear_redo=True)

    def undo(self) -> Step:
        """Take back the last step (action or scenario); returns it. Raises if nothing to undo."""
        self._refuse_if_detached("undone")
        if not self._history:
            raise IllegalAction(_("there is nothing to undo"), rule=self.RULE_TURN)
        step = self._history[-1]
        steps = self._history[:-1]
        redo = [*self._redo, step]
        self._replay(steps)
        self._redo = redo
        return step

    def redo(self) -> Step:
        """Apply again the last undone step; raises if there is none."""
        self._refuse_if_detached("redone")
        if not self._redo:
            raise IllegalAction(_("there is nothing to redo"), rule=self.RULE_TURN)
        step = self._redo[-1]
        rest = self._redo[:-1]
        self._do(step, clear_redo=True)
        self._redo = rest
        return step

    def copy(self: G) -> G:
        """An independent copy (state, history, log)."""
        other = copy.copy(self)
        other.state = copy.deepcopy(self.state)
        other._history = list(self._history)
        other._redo = list(self._redo)
        other._log = list(self._log)
        other._legal_cache = None
        other._legal_set = None
        other.__dict__.pop("_app", None)  # a cached app belongs to the original game
        return other

    def state_dict(self) -> dict[str, Any]:
        """The whole state as plain data (what the save digest covers)."""
        return self._state_dict(self.state)

    def digest(self) -> str:
        """SHA-256 of the canonical state: equal digests mean equal games."""
        text = json.dumps(self._state_dict(self.state), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()

    def to_json(self) -> str:
        """A versioned JSON save (options, seed, history, digest); see :mod:`.save`."""
        from .save import dump

        self._refuse_if_detached("saved")
        return dump(self)

    @classmethod
    def from_json(cls: type[G], text: str | bytes, **settings: Any) -> G:
        """Load a save made by :meth:`to_json`, replaying and verifying it.

        ``settings`` are constructor arguments that are not options, such as the component set
        a game was played with (``components=``; the file records only its digest). Raises
        :class:`~freight_freedom.core.errors.SaveFileError` naming the bad field. Never executes
        anything from the file.
        """
        from .save import load

        return load(cls, text, **settings)

    # ------------------------------------------------------------ in words
    def __repr__(self) -> str:
        """A deterministic one-line summary in words (the app's "Now playing: ..." notice):
        the game and its options, the seed and the number of steps played."""
        steps = len(self._history)
        return ngettext("{game}, seed {seed}, {n} step played",
                        "{game}, seed {seed}, {n} steps played", steps).format(
            game=self._title_words(), seed=self._seed, n=steps)

    def _title_words(self) -> str:
        """The game and its options in words; games refine this."""
        opts = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in sorted(self._options.items()))
        return f"{type(self).__name__} ({opts})" if opts else type(self).__name__

    # ------------------------------------------------------------- internals
    def _detach(self, why: str, rule: str) -> None:
        """Mark this game as no longer reproduced by its seed and history.

        Used for determinized copies (hidden orders re-drawn for a search bot): they play on,
        but saving, undo and redo would replay a different game, so they raise instead.
        """
        self._detached = (why, rule)

    def _check_seat(self, seat: object, players: int) -> int:
        """``seat`` as a seat of this game, else :class:`IllegalAction` (for views and bots)."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise IllegalAction(f"seat must be 0 to {players - 1}, not {show(seat)}",
                                rule=self.RULE_TURN)
        return seat

    @staticmethod
    def _check_seed(seed: object) -> int:
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
            raise OptionError("seed", f"must be an int in [0, 2**63), not {show(seed)}")
        return seed

    def _refuse_if_detached(self, what: str) -> None:
        if self._detached is not None:
            why, rule = self._detached
            raise IllegalAction(f"this game cannot be {what}: {why}", rule=rule)

    def _reset(self) -> None:
        self.state, events = self._new_state(self._options, self._seed)
        if self._quiet:
            self._narrate(self.state, False)
        self._log = list(events)
        self._history = []
        self._legal_cache = None
        self._legal_set = None

    def _run(self, state: S, step: Step) -> list[Event]:
        if isinstance(step, Scenario):
            return self._scenario(state, step.name, step.kwargs())
        return self._apply(state, step)

    def _do(self, step: Step, *, clear_redo: bool) -> list[Event]:
        try:
            if isinstance(step, Scenario):
                events = self._scenario(self.state, step.name, step.kwargs())
            else:
                events = self._apply(self.state, step)
        except BaseException:
            # the hook may have changed the state part-way (a scenario that rejects late, a
            # bug, Ctrl-C): rebuild it from the history, which this step never joined
            self._replay(list(self._history))
            raise
        self._legal_cache = self._legal_set = None
        self._history.append(step)
        if events:  # a quiet game's rules return none
            self._log.extend(events)
        if clear_redo and self._redo:
            self._redo = []
        return events

    def _replay(self, steps: Sequence[Step]) -> None:
        """Make the game the one reached by ``steps`` from set-up, atomically.

        The new state and log are built aside; only when every step has run are they swapped
        in. Anything that stops the replay (an error, Ctrl-C) leaves the game as it was.
        """
        state, events = self._new_state(self._options, self._seed)
        if self._quiet:
            self._narrate(state, False)
        log = list(events)
        for step in steps:
            log.extend(self._run(state, step))
        self.state, self._log, self._history = state, log, list(steps)
        self._legal_cache = None
        self._legal_set = None


def players_of(game: Game[Any]) -> int:
    """Number of seats of ``game`` (its ``players`` option; 1 if it has none)."""
    players = game.options.get("players", 1)
    return int(players) if isinstance(players, int) else 1
