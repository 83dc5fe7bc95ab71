"""``SlowFreight``: the Slow Freight rules on the shared kernel (``docs/rules/slow_freight.md``).

>>> from freight_freedom import SlowFreight
>>> game = SlowFreight(players=2, seed=7)
>>> game.to_move, game.round, game.phase
(0, 1, 'turn')
>>> [str(a) for a in game.legal_actions()][:1]
['0:loco']
>>> _ = game.apply("0:loco")
>>> game.to_move
1

This class only wires the hooks of :class:`~freight_freedom.core.Game` to the rule modules:
:mod:`.setup`, :mod:`.legal` (the phase of a decision), :mod:`.verbs` (each action kind's legal
actions, rule, words and reasons; they call :mod:`.freight`, :mod:`.movement` and :mod:`.turns`),
:mod:`.scoring`, :mod:`.scenarios` and :mod:`.observation`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ..core import Action, Event, Game, Prompt
from ..core.i18n import _, pgettext
from ..core.options import parse_options
from ..core.say import shown
from . import legal
from .components import Components, MovementTable, load_components, load_movement_tables
from .moves import MOVES
from .observation import observation, redraw_hidden
from .options import SLOW_FREIGHT_OPTIONS
from .scenarios import run_scenario
from .scoring import Outcome, running_score
from .setup import new_state
from .state import SlowFreightState
from .text import board_text
from .trains import EACH_CARD
from .verbs import VERBS, describe_action
from .view_model import SlowFreightView, view_of


class SlowFreight(Game[SlowFreightState]):
    """A game of Slow Freight for 2-4 players.

    Options (keyword-only): ``players`` (2-4, default 3), ``movement_table`` (``"standard"``,
    ``"gentle"``, ``"harsh"``), ``first_player`` (a seat or ``"random"``, default 0, the youngest
    player), ``track_supply`` (default 48; ``None`` for unlimited), ``train_check``
    (``"each_card"``, the default: every card must leave a valid train, SF-RULING-7; or
    ``"end_of_turn"``: the trains a player added to must be valid when the take-cards turn ends,
    SF-RULING-25). ``seed`` fixes the shuffles.
    Bad options raise :class:`~freight_freedom.core.OptionError` naming the option and rule.
    """

    name: ClassVar[str] = "slow_freight"
    rules_version = "sf-2"
    supported_rules_versions: ClassVar[frozenset[str]] = frozenset({"sf-1", "sf-2"})
    RULE_TURN: ClassVar[str] = "SF-TURN-2"
    RULE_GAME_OVER: ClassVar[str] = "SF-END-1"


    # ------------------------------------------------------------------ options
    @classmethod
    def _check_options(cls, options: dict[str, Any]) -> dict[str, Any]:
        return parse_options(SLOW_FREIGHT_OPTIONS, options)

    # -------------------------------------------------------------------- hooks
    def _new_state(self, options: Mapping[str, Any], seed: int
                   ) -> tuple[SlowFreightState, list[Event]]:
        return new_state(
            load_components(),
            load_movement_tables()[options["movement_table"]],
            players=options["players"],
            first_player=options["first_player"],
            track_supply=options["track_supply"],
            train_check=options.get("train_check", EACH_CARD),
            seed=seed,
            legacy=self.rules_version == "sf-1",
        )

    _legal_actions = staticmethod(legal.legal_actions)  # type: ignore[assignment]

    def _narrate(self, state: SlowFreightState, on: bool) -> None:
        state.narrate = on

    def _apply(self, state: SlowFreightState, action: Action) -> list[Event]:
        try:
            verb = VERBS[action.kind]
        except KeyError:
            MOVES.read(action)  # an unknown kind raises IllegalAction [SF-TURN-3]
            raise
        events: list[Event] = []
        verb.apply(None, state, action, events)  # the verb reads (and checks) the arguments
        return events

    @property
    def is_over(self) -> bool:
        return self.state.over  # the kernel's test (no seat to move), without two calls

    def _to_move(self, state: SlowFreightState) -> int | None:
        return None if state.over else state.seat

    def _prompt(self, state: SlowFreightState) -> Prompt:
        return legal.prompt(state)

    def _outcome(self, state: SlowFreightState) -> Outcome | None:
        outcome: Outcome | None = state.outcome
        return outcome

    def _state_dict(self, state: SlowFreightState) -> dict[str, Any]:
        return state.to_dict()

    def view(self, seat: int | None = None, *, since: int | None = None) -> SlowFreightView:
        """What ``seat`` sees now (``None``: a spectator), as one frozen value: the table (no
        deck order), the prompt, the legal choices in words and the events logged since
        ``since`` (``None``: the last step's). See :mod:`.view_model`."""
        if seat is not None:
            self._check_seat(seat, len(self.state.players))
        with self.speaking():  # the words in the game's language (lang), if it has one
            return view_of(self, seat, since)

    def view_model(self) -> SlowFreightView:
        """:meth:`view` for a spectator without the last turn's events (what the figure
        draws)."""
        return view_of(self, None, len(self.log))

    def _explain_illegal(self, state: SlowFreightState, action: Action) -> tuple[str, str]:
        return legal.explain_illegal(state, action)

    RULE_SCENARIO: ClassVar[str] = "SF-RULING-24"
    SCENARIOS: ClassVar[Mapping[str, Mapping[str, str]]] = {
        "stack_freight": {"cards": "list[str]"},
        "stack_movement": {"cards": "list[str]"},
        "face_up": {"cards": "list[str?]"},
    }

    def _scenario(self, state: SlowFreightState, name: str, params: Mapping[str, Any]
                  ) -> list[Event]:
        return run_scenario(state, name, params)

    # ------------------------------------------------------------ public extras
    @property
    def round(self) -> int:
        """The turn number, from 1 (each player's turn counts one)."""
        return self.state.turn

    @property
    def phase(self) -> str:
        return "game over" if self.state.over else "turn"

    @property
    def outcome(self) -> Outcome | None:
        """Scores, their breakdown, winners and the reason the game ended; ``None`` before."""
        return self._outcome(self.state)

    @property
    def components(self) -> Components:
        return self.state.comps

    @property
    def movement_table(self) -> MovementTable:
        return self.state.table

    def scores(self) -> list[int]:
        """Points held now by seat (delivered cars and Bonus chips), before end scoring."""
        if self.state.outcome is not None:
            return list(self.state.outcome.scores)
        return [running_score(p) for p in self.state.players]

    def describe(self, action: Action | str) -> str:
        """The action in words: ``"Player 2 moves train t3 (2 Coal cars)"``."""
        if isinstance(action, str):
            action = Action.parse(action)
        return describe_action(self.state, action)

    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see: everything but the deck orders and the RNG (SF-RULING-22); the
        view's public table (``view(seat).table``) with ``seat`` the observing seat."""
        self._check_seat(seat, len(self.state.players))
        return observation(self.state, seat)

    def determinized(self, seat: int, seed: int) -> SlowFreight:
        """A copy whose hidden deck orders and future shuffles are re-drawn from ``seed``.

        Everything ``seat`` can see is unchanged (in Slow Freight no seat sees more than another,
        so ``seat`` only documents whose view it is). The copy is for simulation: it plays on,
        but it cannot be saved, undone or redone, since its history no longer reproduces it.
        """
        self._check_seat(seat, len(self.state.players))
        self._check_seed(seed)
        other = self.copy()
        redraw_hidden(other.state, seed)
        other._detach("it is a determinized copy for simulation", "SF-RULING-22")
        return other

    def _title_words(self) -> str:
        """``"Slow Freight, 3 players, standard movement table"`` and the options not at their
        defaults."""
        o = self._options
        words = [_("Slow Freight, {n} players").format(n=o["players"]),
                 _("{table} movement table").format(table=shown(o["movement_table"]))]
        first = o.get("first_player", 0)
        if first == "random":
            words.append(_("random first player"))
        elif first:
            words.append(pgettext("game title", "Player {n} starts").format(n=int(first) + 1))
        supply = o.get("track_supply")
        if supply is None:
            words.append(_("unlimited Track"))
        elif supply != load_components().track_supply:
            words.append(_("{n} Track").format(n=supply))
        if o.get("train_check", EACH_CARD) != EACH_CARD:
            words.append(_("trains checked at the end of a turn"))
        return ", ".join(words)

    def __str__(self) -> str:
        return board_text(self.state)

