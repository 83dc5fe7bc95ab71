"""Every effect kind of freedom_card_effects.md (FR-EFF-*), at the moment a card would use it."""

from __future__ import annotations

from typing import Any

import pytest
from fr_helpers import card_param, new_game, per_person, roll, rules_of, texts, to_action

from freight_freedom.core.event import Event
from freight_freedom.freedom import engine
from freight_freedom.freedom.context import context
from freight_freedom.freedom.effect_kinds import KINDS, PASSIVE, QUEUE, queue_effects
from freight_freedom.freedom.effects import RESOLVERS
from freight_freedom.freedom.game import Freedom
from freight_freedom.freedom.prices import queue_modifiers
from freight_freedom.freedom.state import PASS_INCOME, START_MONEY, Roll


def run(g: Freedom, effect: dict[str, Any], seat: int = 0) -> list[Event]:
    """Resolve one effect for ``seat`` now, as a card bought at this moment would."""
    ev: list[Event] = []
    queue_effects(g.state, seat, [effect], "Test card", front=True)
    engine.advance(context(), g.state, ev)
    g._legal_cache = None
    return ev


def in_action() -> Freedom:
    g = new_game(2)
    to_action(g)
    return g


def test_every_effect_kind_is_implemented() -> None:
    from freight_freedom.freedom.cards import EFFECT_KINDS
    from freight_freedom.freedom.effect_kinds import ROLE, kinds_for

    ACTIVE_KINDS, PASSIVE_KINDS = kinds_for(ROLE), kinds_for(PASSIVE)

    runs = set(RESOLVERS)
    held = {k for k, spec in KINDS.items() if QUEUE in spec.uses or PASSIVE in spec.uses}
    assert runs | held >= EFFECT_KINDS
    assert runs >= ACTIVE_KINDS
    assert {"card_discount", "conductor_discount", "fundraising_bonus"} == PASSIVE_KINDS


def test_fr_eff_money_and_money_each() -> None:
    g = in_action()
    assert "FR-EFF-MONEY" in rules_of(run(g, {"kind": "money", "amount": 3}))
    assert g.state.money == [11, 8]
    assert "FR-EFF-MONEY-EACH" in rules_of(run(g, {"kind": "money_each", "amount": 2}))
    assert g.state.money == [13, 10]


def test_fr_eff_move_safe_and_plantation_origin() -> None:
    g = in_action()
    g.scenario("place_people", space="lexington", count=1)
    run(g, {"kind": "move", "people": 3, "spaces": 1, "safe": True, "origin": "plantation"})
    origins = {str(a.args[0]) for a in g.legal_actions() if a.kind == "move"}
    assert origins and origins <= set(context().board.plantations)
    g2 = in_action()
    g2.scenario("place_people", space="lexington", count=1)
    run(g2, {"kind": "move", "people": 1, "spaces": 1, "safe": True, "origin": "any"})
    g2.apply("0:move lexington cincinnati")
    assert g2.state.catchers["red"] == "louisville"  # safe: no reaction


def test_fr_eff_support_discount() -> None:
    g = in_action()
    g.scenario("set_money", seat=0, amount=context().tokens.support_price - 3)
    run(g, {"kind": "support_discount", "amount": 3})
    assert {a.kind for a in g.legal_actions()} == {"buy_support", "decline"}
    ev = g.apply("0:buy_support")
    assert g.state.money[0] == 0 and g.state.support_bought[0] == 1
    assert "FR-EFF-SUPPORT" in rules_of(ev)


def test_fr_eff_fundraise_by_region() -> None:
    g = in_action()
    g.scenario("place_people", space="boston", count=3)
    run(g, {"kind": "fundraise", "region": "north", "per_person": 2})
    assert g.state.money[0] == 8 + 6


def test_fr_eff_market_remove_bottom_first() -> None:
    g = in_action()
    before = [c.people for c in g.state.market]
    supply = g.state.supply
    run(g, {"kind": "market_remove", "count": before[0] + 1})
    assert g.state.market[0].people == 0
    assert g.state.market[1].people == before[1] - 1
    assert g.state.supply == supply + before[0] + 1


def test_fr_eff_catcher_move_choice_and_capture() -> None:
    g = in_action()
    g.scenario("place_people", space="cincinnati", count=1)
    run(g, {"kind": "catcher_move", "spaces": 2})
    assert "0:catcher red cincinnati" in [str(a) for a in g.legal_actions()]
    ev = g.apply("0:catcher red st_louis")
    assert g.state.catchers["red"] == "st_louis"
    assert "FR-EFF-CATCHER-MOVE" in rules_of(ev)


def test_fr_eff_queue_remove_without_effect() -> None:
    g = in_action()
    cid = g.state.queue[0]
    run(g, {"kind": "queue_remove", "count": 2})
    ev = g.apply("0:remove 1")
    assert g.state.queue[0] is None and cid in g.state.discard
    assert "FR-EFF-QUEUE-REMOVE" in rules_of(ev)
    g.apply("0:stop")
    assert not g.state.pending


def test_fr_eff_cancel_roll_and_reduce_roll() -> None:
    g = new_game(2)
    g.scenario("fix_roll", catcher="red", direction="east", spaces=2)
    g.apply("0:roll")  # the catcher moved already; check the effect on a fresh roll state
    g2 = new_game(2)
    g2.state.last_roll = Roll("red", "east", 2, triple=False)
    assert "FR-EFF-CANCEL-ROLL" in rules_of(run(g2, {"kind": "cancel_catcher_roll"}))
    assert g2.state.last_roll == Roll("red", "east", 0, triple=False, cancelled=True)
    g2.state.last_roll = Roll("red", "east", 3, triple=False)
    assert "FR-EFF-REDUCE-ROLL" in rules_of(run(g2, {"kind": "reduce_catcher_roll", "by": 2}))
    assert g2.state.last_roll.spaces == 1


def test_fr_eff_capture_near_catchers_nearest_first_players_choose() -> None:
    g = in_action()
    # next to the red catcher at Louisville: Lexington and Cairo; farther: Memphis
    g.scenario("place_people", space="lexington", count=1)
    g.scenario("place_people", space="cairo", count=1)
    g.scenario("place_people", space="memphis", count=1)
    run(g, {"kind": "capture_near_catchers", "count": 3})
    assert {str(a) for a in g.legal_actions()} >= {"0:capture lexington", "0:capture cairo"}
    ev = g.apply("0:capture cairo")
    assert "FR-EFF-CAPTURE-NEAR" in rules_of(ev)
    assert g.state.people["cairo"] == 0 and g.state.people["lexington"] == 0
    assert g.state.people["memphis"] == 1  # not next to any catcher


def test_fr_eff_catchers_advance_toward_nearest_person() -> None:
    g = in_action()
    g.scenario("place_people", space="ripley", count=1)
    ev = run(g, {"kind": "catchers_advance", "spaces": 2})
    assert g.state.catchers["red"] == "cincinnati"
    assert "FR-EFF-CATCHERS-ADVANCE" in rules_of(ev)


def test_fr_eff_market_add() -> None:
    g = in_action()
    bottom = g.state.market[0].people
    run(g, {"kind": "market_add", "count": 2})
    assert g.state.market[0].people == bottom + 2


def test_fr_eff_money_loss_never_below_zero() -> None:
    g = in_action()
    g.scenario("set_money", seat=1, amount=1)
    run(g, {"kind": "money_loss_each", "amount": 3})
    assert g.state.money == [5, 0]


def test_fr_eff_lost_add_and_loss() -> None:
    g = in_action()
    run(g, {"kind": "lost_add", "count": 2})
    assert g.state.lost == 2
    g.state.lost = context().lost_limit(g.state)
    ev = run(g, {"kind": "lost_add", "count": 1})
    assert "FR-LOSE-1" in rules_of(ev) and g.is_over and not g.outcome.won


def test_fr_eff_token_remove_cheapest_non_grey() -> None:
    g = new_game(4)
    to_action(g)
    before = dict(g.state.stacks)
    run(g, {"kind": "token_remove", "count": 1})
    removed = [s for s in before if g.state.stacks[s] == before[s] - 1]
    assert len(removed) == 1 and removed[0].startswith("c1")
    assert g.state.tokens_removed == removed


@pytest.mark.parametrize(("kind", "key", "param"), [
    ("token_limit", "token_limit", {"max": 1}),
    ("conductor_cost", "conductor_cost", {"delta": 1}),
    ("support_cost", "support_cost", {"delta": 2}),
    ("card_cost", "card_cost", {"delta": 1}),
    ("fundraising_cut", "fundraising_cut", {"delta": 1}),
    ("pass_income_cut", "pass_income_cut", {"delta": 1}),
    ("catcher_extra", "catcher_extra", {"spaces": 1}),
])
def test_fr_eff_queue_modifiers(kind: str, key: str, param: dict[str, int]) -> None:
    """FR-EFF-TOKEN-LIMIT, -CONDUCTOR-COST, -SUPPORT-COST, -CARD-COST, -FUNDRAISING-CUT,
    -PASS-CUT, -CATCHER-EXTRA: the effect holds exactly while the card is in the Queue."""
    from freight_freedom.freedom import prices as eff

    g = new_game(2)
    ctx = context()
    card = next((c for c in ctx.cards.cards if c.trigger == "queue"
                 and c.effects[0].kind == kind), None)
    base = queue_modifiers(ctx, g.state)[key]
    if card is None:  # a kind no card uses today: check the reader directly
        fake_effects = ({"kind": kind, **param},)

        class Fake:
            id, name, kind, trigger = "fake", "Fake", "opposition", "queue"
            effects = fake_effects
        ctx.card_by_id["fake"] = Fake()  # type: ignore[assignment]
        try:
            g.state.queue[0] = "fake"
            mods = eff.queue_modifiers(ctx, g.state)
        finally:
            del ctx.card_by_id["fake"]
    else:
        g.state.queue[0] = card.id
        mods = queue_modifiers(ctx, g.state)
    if key == "token_limit":
        assert mods[key] == 1 and base == 2
    else:
        assert mods[key] == base + next(iter(param.values()))


def test_fr_eff_catcher_extra_in_roll() -> None:
    g = new_game(2)
    ctx = context()
    card = next(c for c in ctx.cards.cards if c.effects[0].kind == "catcher_extra")
    g.state.queue[0] = card.id
    g.scenario("fix_roll", catcher="red", direction="west", spaces=1)
    ev = g.apply("0:roll")
    assert "FR-EFF-CATCHER-EXTRA" in rules_of(ev)
    assert g.state.catchers["red"] == "st_louis"


def test_fr_eff_pass_cut_and_fundraising_cut_apply() -> None:
    from freight_freedom.freedom.prices import pass_income

    g = new_game(2)
    ctx = context()
    card = next(c for c in ctx.cards.cards if c.effects[0].kind == "fundraising_cut")
    g.state.queue[0] = card.id
    roll(g)
    g.apply("0:buy f1_south")
    from fr_helpers import finish_planning
    finish_planning(g)
    south = sum(n for s, n in g.state.people.items() if ctx.region[s] == "south")
    g.apply("0:play f1_south")
    raised = south * per_person("f1_south") - card_param(card.id, "delta")
    assert g.state.money[0] == START_MONEY + raised
    assert pass_income(ctx, g.state) == PASS_INCOME[1]
    assert "Opposition" in texts(g.log[-1:])
