"""Freedom: The Underground Railroad on the shared kernel.

>>> from freight_freedom import Freedom
>>> game = Freedom(players=2, seed=1, roles=("Conductor", "Preacher"))
>>> game.round, game.phase
(1, 'Slave Catcher')
>>> str(game.legal_actions()[0])
'0:roll'

The rules are in ``docs/rules/freedom.md`` (rule IDs ``FR-*``). This module holds only the glue:
option checking, the kernel hooks, the prompt, specific reasons for illegal actions, the
scenario set-ups teachers use, and the views bots may read (:meth:`Freedom.observation`,
:meth:`Freedom.determinized`). The phase machine lives in :mod:`.engine` and the phase modules.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

from ..core.action import Action, show
from ..core.errors import IllegalAction, OptionError
from ..core.event import Event, Silent, raw_text
from ..core.game import Game, Prompt
from ..core.i18n import N_, _, ngettext
from ..core.options import parse_options
from ..core.rng import Rng
from ..core.say import say, say_n, shown
from . import engine, verbs
from .component_set import Components
from .context import Ctx, context
from .decisions import Move, capture_candidates
from .options import FREEDOM_OPTIONS
from .prices import token_limit
from .setup import new_state
from .state import PHASE_NAMES, QUEUE_SIZE, RULES, FixedRoll, FreedomState
from .text import Series, colour_words, player
from .victory import FreedomOutcome, outcome, reason_words
from .view_model import FreedomView, table_of, view_of


class Freedom(Game[FreedomState]):
    """A game of Freedom: The Underground Railroad (cooperative, 1-4 players).

    Options (keyword-only): ``players`` 1-4; ``difficulty`` ``"regular"`` or ``"challenging"``
    (the Victory Conditions card side); ``roles`` a sequence of role names, one per player, or
    ``None`` to deal at random; ``easier_triples``, ``easier_money``, ``easier_empty_centre``,
    ``harder_full_plantations``, ``harder_extra_support`` (FR-OPT-*); ``optional_scoring``;
    ``fundraising_cities_only`` (Fundraising in the south counts no plantations,
    FR-RULING-FUNDRAISING).
    Raises :class:`~freight_freedom.core.errors.OptionError` naming a bad option.
    """

    name: ClassVar[str] = "freedom"
    rules_version = "freedom-2"
    supported_rules_versions: ClassVar[frozenset[str]] = frozenset({"freedom-1", "freedom-2"})
    RULE_TURN: ClassVar[str] = "FR-ROUND-2"
    RULE_GAME_OVER: ClassVar[str] = "FR-WIN-3"
    SCENARIOS: ClassVar[Mapping[str, Mapping[str, str]]] = {
        "fix_roll": {"catcher": "str", "direction": "str", "spaces": "int"},
        "stack_queue": {"cards": "list[str]"},
        "stack_period_deck": {"period": "int", "cards": "list[str]"},
        "place_people": {"space": "str", "count": "int"},
        "place_catcher": {"colour": "str", "space": "str"},
        "set_money": {"seat": "int", "amount": "int"},
    }

    # ------------------------------------------------------------------ options
    @classmethod
    def _check_options(cls, options: dict[str, Any]) -> dict[str, Any]:
        return parse_options(FREEDOM_OPTIONS, options)

    # ------------------------------------------------------------------ kernel hooks
    def __init__(self, *, components: Components | str | Path | None = None,
                 seed: int | None = None, rules_version: str | None = None,
                 **options: Any) -> None:
        if components is None or isinstance(components, Components):
            comps = components or Components.packaged()
        elif isinstance(components, (str, Path)):
            comps = Components.load(components)
        else:
            raise OptionError("components", _("a folder of component files or a Components set, "
                                              "not {value}").format(value=show(components)),
                              rule="FR-COMP-1")
        self._ctx = context(comps)
        super().__init__(seed=seed, rules_version=rules_version, **options)

    @property
    def ctx(self) -> Ctx:
        """This game's components and their lookups."""
        return self._ctx

    @property
    def components(self) -> Components:
        """The component set this game plays with (the packaged one unless given)."""
        return self._ctx.components

    @property
    def components_digest(self) -> str | None:
        """The digest of a teacher's component set; ``None`` for the packaged one."""
        comps = self._ctx.components
        return None if comps.is_packaged else comps.digest

    def _new_state(self, options: Mapping[str, Any], seed: int) -> tuple[FreedomState, list[Event]]:
        ctx = self._ctx
        st, ev = new_state(ctx, options, seed, rules=RULES[self.rules_version])
        engine.advance(ctx, st, ev)
        return st, _tidy(ev)

    def _legal_actions(self, state: FreedomState) -> list[Action]:
        return engine.legal(self._ctx, state)

    def _apply(self, state: FreedomState, action: Action) -> list[Event]:
        # a quiet game's rules write to a Silent list and build no events (Game.quiet)
        ev: list[Event] = Silent() if self._quiet else []
        engine.apply(self._ctx, state, action, ev)
        # (every event of a move is given words, which write their own full stop: no _tidy;
        # tests/freedom/test_freedom_rules_spanish.py checks that none is given a bare text)
        return ev if ev else []

    def narrated_apply(self, state: FreedomState, action: Action) -> list[Event]:
        """Carry out a legal ``action`` on ``state`` (a copy the caller owns), every event
        narrated even in a quiet game: what :mod:`.explain` reads to judge an action."""
        ev: list[Event] = []
        engine.apply(self._ctx, state, action, ev)
        return ev

    def _to_move(self, state: FreedomState) -> int | None:
        return engine.to_move(state)

    @property
    def is_over(self) -> bool:
        return self.state.turn_ctx.phase == "over"  # the kernel's test (no seat to move), direct

    def _outcome(self, state: FreedomState) -> FreedomOutcome | None:
        return outcome(self._ctx, state)

    def _state_dict(self, state: FreedomState) -> dict[str, Any]:
        return state.to_dict()

    def view(self, seat: int | None = None, *, since: int | None = None) -> FreedomView:
        """What ``seat`` sees now (``None``: a spectator), as one frozen value: the table, the
        players, the Queue and its prices, the prompt, the legal choices in words and the
        events logged since ``since`` (``None``: the last step's). See :mod:`.view_model`."""
        if seat is not None:
            self._check_seat(seat, self.state.players)
        with self.speaking():  # the words in the game's language (lang), if it has one
            return view_of(self, seat, since)

    def view_model(self) -> FreedomView:
        """The public table alone (map, tracks, market, round): the cheap part of :meth:`view`,
        without players, words, choices or events."""
        return table_of(self._ctx, self.state)

    # ------------------------------------------------------------------ where we stand
    @property
    def round(self) -> int:
        """The round being played, 1-8."""
        return self.state.round

    @property
    def phase(self) -> str:
        """The phase being played: Slave Catcher, Planning, Action, Slave Market, Lantern."""
        return PHASE_NAMES[self.state.turn_ctx.phase]

    def _prompt(self, state: FreedomState) -> Prompt:
        ctx = self._ctx
        seat = engine.to_move(state)
        if seat is None:
            reason = state.result.reason if state.result is not None else ""
            return Prompt(None, _("the game is over: {reason}").format(
                reason=reason_words(reason)), self.RULE_GAME_OVER)
        if state.pending:
            top = state.pending[-1]
            return Prompt(seat, top.prompt(ctx), top.rule)
        ph = state.turn_ctx.phase
        if ph == "catcher":
            return Prompt(seat, _("round {round}: roll the Slave Catcher and Movement "
                                  "dice").format(round=state.round), "FR-CATCH-1")
        if ph == "planning":
            return Prompt(seat, self._planning_prompt(state), "FR-PLAN-1")
        if ph == "action":
            return Prompt(seat, _("take an action (benefit, special, play a token, buy a card, "
                                  "reserve), pass for income, or end the turn"), "FR-ACT-1")
        if ph == "market":
            return Prompt(seat, _("choose the plantation the Slave Market sends the next person "
                                  "to"), "FR-MKT-PHASE-1")
        return Prompt(seat, _("continue"), "FR-ROUND-1")

    def _planning_prompt(self, state: FreedomState) -> str:
        """What a Planning turn offers: more tokens (while any may be bought), the Special
        Ability (when it may be used now), being done."""
        ctx = self._ctx
        left = max(0, token_limit(ctx, state) - state.turn_ctx.planning_taken)
        kinds = {a.kind for a in engine.legal(ctx, state)}
        buy = bool(left and kinds & {"support", "buy"})
        if buy and "special" in kinds:
            return ngettext("buy up to {n} more token, or use the Special Ability, or be done "
                            "planning", "buy up to {n} more tokens, or use the Special Ability, "
                            "or be done planning", left).format(n=left)
        if buy:
            return ngettext("buy up to {n} more token, or be done planning",
                            "buy up to {n} more tokens, or be done planning", left).format(n=left)
        if "special" in kinds:
            return _("use the Special Ability, or be done planning")
        return _("be done planning")

    # ------------------------------------------------------------------ words
    def describe(self, action: Action) -> str:
        """The action in words, e.g. "Player 1 moves a person from Cincinnati to Columbus".

        The pending decision's words if it has any, else the action's :mod:`verb <.verbs>`'s:
        prices are what the player would pay now (surcharges and discounts in), and buying a
        card whose effect would change nothing now says so (see :func:`.explain.wasted_effect`).
        """
        return verbs.describe(self, action)

    # ------------------------------------------------------------------ illegal actions
    def _explain_illegal(self, state: FreedomState, action: Action) -> tuple[str, str]:
        """The action's verb's reason, else the pending decision's, else the general one."""
        reason = verbs.why_not(self._ctx, state, action)
        return reason if reason is not None else super()._explain_illegal(state, action)

    # ------------------------------------------------------------------ scenarios
    def _scenario(self, state: FreedomState, name: str, params: Mapping[str, Any]) -> list[Event]:
        """Teacher set-ups: ``fix_roll``, ``stack_queue``, ``stack_period_deck``,
        ``place_people``, ``place_catcher``, ``set_money``. Each checks every parameter before
        changing anything and raises :class:`IllegalAction` (rule ``SCENARIO``) otherwise."""
        ctx = self._ctx
        if state.turn_ctx.phase == "over":
            raise IllegalAction(_("the game is over"), rule=self.RULE_GAME_OVER)
        handler = getattr(self, f"_sc_{name}", None) if name in self.SCENARIOS else None
        if handler is None:
            raise IllegalAction(_("Freedom has no scenario {name}; try fix_roll, stack_queue, "
                                  "stack_period_deck, place_people, place_catcher, "
                                  "set_money").format(name=repr(name)), rule="SCENARIO")
        events: list[Event] = _tidy(handler(ctx, state, dict(params)))
        if self._quiet:
            events = Silent()
        engine.advance(ctx, state, events)
        return events if events else []

    def _sc_fix_roll(self, ctx: Ctx, st: FreedomState, p: dict[str, Any]) -> list[Event]:
        catcher, direction, spaces = p["catcher"], p["direction"], p["spaces"]
        if catcher not in (*ctx.paths, "walk"):
            raise IllegalAction(_("catcher must be one of {choices}").format(
                choices=[*ctx.paths, "walk"]), rule="SCENARIO")
        if direction not in ("west", "east"):
            raise IllegalAction(_("direction must be 'west' or 'east'"), rule="SCENARIO")
        if isinstance(spaces, bool) or spaces not in (1, 2, 3):
            raise IllegalAction(_("spaces must be 1, 2 or 3 (a Movement die face)"),
                                rule="SCENARIO")
        st.fixed_roll = FixedRoll(catcher, direction, spaces)
        who = (say("the walking figure") if catcher == "walk"
               else say("the {colour} catcher", colour=colour_words(catcher)))
        moves = (say_n("{n} space west", "{n} spaces west", spaces) if direction == "west"
                 else say_n("{n} space east", "{n} spaces east", spaces))
        return [Event("SCENARIO", say("The teacher fixed the next Slave Catcher roll: {who}, "
                                      "{moves}.", who=who, moves=moves),
                      st.fixed_roll.to_dict())]

    def _check_cards(self, ctx: Ctx, cards: Any, pool: list[str], what: str) -> list[str]:
        if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
            raise IllegalAction(_("cards must be a list of card ids"), rule="SCENARIO")
        for c in cards:
            if c not in pool:
                raise IllegalAction(_("card {card} is not in {where}").format(card=repr(c),
                                                                              where=what),
                                    rule="SCENARIO")
        if len(set(cards)) != len(cards):
            raise IllegalAction(_("a card is listed twice"), rule="SCENARIO")
        return list(cards)

    def _sc_stack_queue(self, ctx: Ctx, st: FreedomState, p: dict[str, Any]) -> list[Event]:
        """Put the listed cards (ids, from the current deck or the Queue) in the Queue from
        position 1; the other positions keep the Queue's remaining cards in order, and the cards
        that no longer fit go back on top of the current deck."""
        deck = st.decks[st.period - 1]
        pool = deck + [c for c in st.queue if c is not None]
        cards = self._check_cards(ctx, p["cards"], pool, _("the Period {period} deck or "
                                                           "Queue").format(period=st.period))
        if len(cards) > QUEUE_SIZE:
            raise IllegalAction(_("the Queue holds {n} cards").format(n=QUEUE_SIZE),
                                rule="SCENARIO")
        old = [c for c in st.queue if c is not None and c not in cards]
        keep = old[: QUEUE_SIZE - len(cards)]
        back = old[QUEUE_SIZE - len(cards):]
        rest = [c for c in deck if c not in cards]
        st.decks[st.period - 1] = rest + list(reversed(back))
        new = [*cards, *keep]
        st.queue = [*new, *([None] * (QUEUE_SIZE - len(new)))]
        names = Series((ctx.card_by_id[c].name for c in cards), "; ")
        return [Event("SCENARIO", say("The teacher put these cards in the Queue, from position "
                                      "1: {cards}.", cards=names), {"cards": cards})]

    def _sc_stack_period_deck(self, ctx: Ctx, st: FreedomState, p: dict[str, Any]) -> list[Event]:
        """Put the listed cards on top of a period deck, the first listed drawn first."""
        period = p["period"]
        if isinstance(period, bool) or period not in (1, 2, 3):
            raise IllegalAction(_("period must be 1, 2 or 3"), rule="SCENARIO")
        deck = st.decks[period - 1]
        cards = self._check_cards(ctx, p["cards"], deck,
                                  _("the Period {period} deck").format(period=period))
        st.decks[period - 1] = [c for c in deck if c not in cards] + list(reversed(cards))
        names = Series((ctx.card_by_id[c].name for c in cards), "; ")
        return [Event("SCENARIO", say("The teacher stacked the Period {period} deck, top card "
                                      "first: {cards}.", period=period, cards=names),
                      {"period": period, "cards": cards})]

    def _sc_place_people(self, ctx: Ctx, st: FreedomState, p: dict[str, Any]) -> list[Event]:
        """Move ``count`` people from the supply onto a map space (capacity respected)."""
        space, count = p["space"], p["count"]
        if space not in st.people:
            raise IllegalAction(_("unknown map space {space} (Canada is not a place to put "
                                  "people)").format(space=repr(space)), rule="SCENARIO")
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise IllegalAction(_("count must be a positive integer"), rule="SCENARIO")
        if count > st.supply:
            # TRANSLATORS: the English says "people" even for one person
            raise IllegalAction(ngettext("only {n} people are in the supply",
                                         "only {n} people are in the supply",
                                         st.supply).format(n=st.supply), rule="SCENARIO")
        cap = ctx.capacity[space]
        if cap is not None and st.people[space] + count > cap:
            raise IllegalAction(_("{space} holds {cap} (FR-MOVE-3)").format(
                space=shown(ctx.name(space)), cap=cap), rule="SCENARIO")
        st.supply -= count
        st.people[space] += count
        return [Event("SCENARIO", say_n("{n} person is placed at {space}.",
                                        "{n} people are placed at {space}.", count,
                                        space=ctx.name(space)),
                      {"space": space, "count": count})]

    def _sc_place_catcher(self, ctx: Ctx, st: FreedomState, p: dict[str, Any]) -> list[Event]:
        """Put a Slave Catcher on a space of its path (no capture)."""
        colour, space = p["colour"], p["space"]
        if colour not in ctx.paths:
            raise IllegalAction(_("colour must be one of {choices}").format(
                choices=list(ctx.paths)), rule="SCENARIO")
        if space not in ctx.path_index[colour]:
            raise IllegalAction(_("{space} is not on the {colour} Slave Catcher's path "
                                  "(FR-CATCH-2)").format(space=repr(space),
                                                         colour=colour_words(colour)),
                                rule="SCENARIO")
        st.catchers[colour] = space
        return [Event("SCENARIO", say("The teacher placed the {colour} Slave Catcher at {space}.",
                                      colour=colour_words(colour), space=ctx.name(space)),
                      {"colour": colour, "space": space})]

    def _sc_set_money(self, ctx: Ctx, st: FreedomState, p: dict[str, Any]) -> list[Event]:
        seat, amount = p["seat"], p["amount"]
        if isinstance(seat, bool) or seat not in range(st.players):
            raise IllegalAction(_("seat must be 0 to {last}").format(last=st.players - 1),
                                rule="SCENARIO")
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
            raise IllegalAction(_("amount must be an integer >= 0 (FR-RULING-MONEY)"),
                                rule="SCENARIO")
        st.money[seat] = amount
        return [Event("SCENARIO", say("The teacher set {who}'s money to ${amount}.",
                                      who=player(seat), amount=amount),
                      {"seat": seat, "amount": amount})]

    # ------------------------------------------------------------------ views for bots
    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see: the whole table but no deck order and no RNG state.

        Freedom has no hidden hands; only the order of the period decks and the Slave Market
        deck is secret (their contents are public knowledge and shown sorted). It is the
        view's public table (``view(seat).table``) with ``seat`` and ``to_move``
        (:func:`.view_model.observation_of`).
        """
        from .view_model import observation_of

        self._check_seat(seat, self.state.players)
        return observation_of(self.state, seat, self.to_move)

    def determinized(self, seat: int, seed: int) -> Freedom:
        """A copy in which the hidden orders (period decks, Slave Market deck, future dice) are
        re-drawn from ``seed``: a possible world consistent with ``seat``'s observation.

        For search bots. The copy's history no longer reproduces its state, so saving, undo and
        redo refuse on it (rule ``FR-ROUND-2``).
        """
        self._check_seat(seat, self.state.players)
        self._check_seed(seed)
        other = self.copy()
        rng = Rng(seed, "determinize")
        st = other.state
        # sort first: the copy must depend only on what the seat sees and on ``seed``
        for deck in st.decks:
            deck.sort()
            rng.shuffle(deck)
        st.market_deck.sort()
        rng.shuffle(st.market_deck)
        st.rng = Rng(rng.next64(), "play")
        other._legal_cache = None
        other._detach(f"it is a determinized copy for seat {seat}", self.RULE_TURN)
        return other

    def move_options(self) -> list[tuple[str, str]]:
        """(origin, destination) pairs of the movement in progress, if any."""
        top = self.state.pending[-1] if self.state.pending else None
        return list(top.options(self._ctx, self.state)) if isinstance(top, Move) else []

    def capture_candidates(self) -> list[str]:
        return capture_candidates(self._ctx, self.state)

    def _title_words(self) -> str:
        """``"Freedom, 2 players (Player 1 Conductor, Player 2 Preacher), regular"`` and the
        variants that are on."""
        st = self.state
        roles = ", ".join(_("Player {n} {role}").format(n=i + 1, role=shown(r))
                          for i, r in enumerate(st.roles))
        extra = "".join(", " + _(text) for name, text in _TITLE_LABELS.items()
                        if self._options.get(name))
        return ngettext("Freedom, {n} player ({roles}), {difficulty}{extra}",
                        "Freedom, {n} players ({roles}), {difficulty}{extra}", st.players).format(
            n=st.players, roles=roles, difficulty=shown(st.difficulty), extra=extra)

    def __str__(self) -> str:
        from .text import render_text

        return render_text(self)


#: The variants that are on, in the words of a game's title (:meth:`Freedom._title_words`)
_TITLE_LABELS = {
    "easier_triples": N_("triples move no catcher"), "easier_money": N_("start with $10"),
    "easier_empty_centre": N_("centre plantation empty"),
    "harder_full_plantations": N_("all plantations full"),
    "harder_extra_support": N_("extra Support"), "optional_scoring": N_("optional scoring"),
    "fundraising_cities_only": N_("fundraise in cities only"),
}


def _tidy(events: list[Event]) -> list[Event]:
    """One full stop at the end of each event, even after a name such as "Washington, D.C."
    (words given as :func:`~..core.say.say` see to it themselves when written)."""
    for e in events:
        if raw_text(e).endswith(".."):
            return [e.with_text(e.text[:-1]) if e.text.endswith("..") else e for e in events]
    return events  # nearly always: no new list
