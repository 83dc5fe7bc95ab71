"""Every choice explained: wasted card effects, choices not offered and why, words in labels.

FR-ACT-5 (buying a card), FR-EFF-SUPPORT (David Walker's discounted Support), FR-PLAN-3 (the
Support token's price), FR-PLAN-2 (token columns by period).
"""

from __future__ import annotations

from fr_helpers import card_param, new_game, roll, to_action

from freight_freedom.freedom.context import context
from freight_freedom.freedom.explain import unavailable, warnings, wasted_effect
from freight_freedom.freedom.game import Freedom
from freight_freedom.freedom.state import QUEUE_PRICES

#: What David Walker's discounted Support token costs (the Support price less his discount).
WALKER_PRICE = context().tokens.support_price - card_param("david_walker", "amount")


def _walker_first(money: int) -> Freedom:
    """Player 1 (Conductor: no card discount) in the Action phase, David Walker first in the
    Queue and ``money`` dollars in hand after buying him."""
    game = new_game(2)
    to_action(game)
    game.scenario("stack_queue", cards=["david_walker"])
    game.scenario("set_money", seat=0, amount=QUEUE_PRICES[0] + money)
    assert game.to_move == 0 and game.state.roles[0] == "Conductor"
    return game


def test_fr_eff_support_a_wasted_card_is_offered_with_what_will_happen() -> None:
    game = _walker_first(WALKER_PRICE - 1)  # one dollar short of the discounted Support
    buy = next(a for a in game.legal_actions() if a.kind == "card" and a.args == (1,))
    label = game.describe(buy)
    assert label.startswith(f"Player 1 buys David Walker (Queue position 1, ${QUEUE_PRICES[0]})"
                            " - no effect now:")
    short = f"has ${WALKER_PRICE - 1}: not enough for a Support token at ${WALKER_PRICE}"
    assert f"Player 1 {short}" in label
    assert any(w.startswith("David Walker would have no effect now") for w in warnings(game))
    events = game.apply(buy)  # still allowed, and it does what the label said
    assert any(short in e.text for e in events)


def test_fr_eff_support_a_live_card_has_no_warning() -> None:
    game = _walker_first(WALKER_PRICE)  # the discounted Support can be bought
    buy = next(a for a in game.legal_actions() if a.kind == "card" and a.args == (1,))
    assert wasted_effect(game, buy) is None
    assert "no effect" not in game.describe(buy)
    assert warnings(game) == []


def test_wasted_effect_judges_only_legal_general_cards() -> None:
    game = _walker_first(WALKER_PRICE - 1)
    state_before = game.state.to_dict()
    for action in game.legal_actions():
        if action.kind != "card":
            assert wasted_effect(game, action) is None
    assert game.state.to_dict() == state_before  # judging never changes the game


def test_fr_plan_3_support_not_offered_says_price_and_money() -> None:
    game = new_game(2)
    roll(game)
    price = context().tokens.support_price
    game.scenario("set_money", seat=game.to_move, amount=price - 1)
    assert not any(a.kind == "support" for a in game.legal_actions())
    lines = unavailable(game)
    assert (f"Support token: not enough money: a Support token costs ${price}, you have "
            f"${price - 1}") in lines


def test_fr_act_5_cards_not_offered_say_why_once() -> None:
    game = _walker_first(20)
    game.apply("0:card 1")
    while game.state.pending:  # decline the Support offer
        game.apply(next(a for a in game.legal_actions() if a.kind in ("decline", "stop")))
    lines = unavailable(game)
    one_card = [line for line in lines if line.endswith("one Abolitionist card per turn")]
    assert len(one_card) == 1 and "Queue position 2" in one_card[0]


def test_fr_plan_2_same_token_from_two_periods_reads_differently() -> None:
    game = new_game(2)
    roll(game)
    game.state.period = 2  # both southern Fundraising stacks open (Periods I and II)
    game._legal_cache = None
    labels = [game.describe(a) for a in game.legal_actions() if a.kind == "buy"]
    fundraising = [x for x in labels if "Fundraising" in x]
    assert len(fundraising) == 2 and len(set(fundraising)) == 2
    assert any("Period II Fundraising token" in x for x in fundraising)
    cost = context().conductor("c1_2x1").cost
    conductor = [x for x in labels if f"Conductor token: 2 people x 1 space (${cost})" in x]
    assert conductor, labels


def test_role_labels_carry_their_texts() -> None:
    game = new_game(2)
    to_action(game)
    labels = {a.kind: game.describe(a) for a in game.legal_actions()}
    assert labels["benefit"] == ("Player 1 takes the Conductor Benefit (move up to 2 people up "
                                 "to 1 space each)")
    assert labels["special"] == ("Player 1 uses the Conductor Special Ability (Move one person "
                                 "up to 5 spaces.)")


def test_game_summary_is_words_and_deterministic() -> None:
    game = new_game(2, seed=4)
    assert repr(game) == ("Freedom, 2 players (Player 1 Conductor, Player 2 Preacher), "
                          "regular, seed 4, 0 steps played")
    assert repr(game) == repr(game.copy())
