"""A Queue card's price as one value (``freedom/prices.py``): the position's printed price
[FR-ACT-5], the Queue's Opposition surcharge [FR-EFF-CARD-COST, FR-CARD-7] and the Role
discount [FR-ROLE-2, the Preacher], the total never below $0 [FR-ACT-5]; the rules charge its
total and the words a player sees are made from its parts."""

from __future__ import annotations

import pytest
from fr_helpers import card_param, new_game, passive, to_action

from freight_freedom import IllegalAction
from freight_freedom.freedom.events import CardBought
from freight_freedom.freedom.prices import PriceChange, QueuePrice, card_price, queue_prices
from freight_freedom.freedom.state import QUEUE_PRICES, QUEUE_SIZE, START_MONEY

SURCHARGE_CARD = "sumner_caned"  # an Opposition card that holds in the Queue: cards cost more


def _surcharge() -> int:
    return card_param(SURCHARGE_CARD, "delta")


def test_fr_act_5_the_printed_prices_by_position() -> None:
    """FR-ACT-5: $3, $2, $2, $1, $1 from the leftmost position, nothing added or taken off."""
    g = new_game(2, roles=("Conductor", "Agent"))
    prices = queue_prices(g.ctx, g.state, 0)
    assert len(prices) == QUEUE_SIZE
    assert [p.position for p in prices] == [1, 2, 3, 4, 5]
    assert [p.base for p in prices] == [p.total for p in prices] == list(QUEUE_PRICES)
    assert all(p.changes == () and p.RULE == "FR-ACT-5" for p in prices)
    assert [p.words() for p in prices] == [f"${n}" for n in QUEUE_PRICES]
    assert [card_price(g.ctx, g.state, 0, i) for i in range(QUEUE_SIZE)] == list(QUEUE_PRICES)


def test_fr_role_2_the_preacher_discount_never_below_zero() -> None:
    """FR-ROLE-2 (the Preacher's passive discount) and FR-ACT-5 (never below $0)."""
    g = new_game(2, roles=("Preacher", "Conductor"))
    off = passive("Preacher", "card_discount")
    preacher, conductor = queue_prices(g.ctx, g.state, 0), queue_prices(g.ctx, g.state, 1)
    for i, price in enumerate(preacher):
        assert price.changes == (PriceChange(-off, "FR-ROLE-2", "Preacher"),)
        assert price.total == max(0, QUEUE_PRICES[i] - off)
        assert price.words() == f"${price.total} (-${off} Preacher)"
        assert conductor[i].total == QUEUE_PRICES[i]  # the discount is the Preacher's only
    assert min(p.total for p in preacher) == 0 == max(0, min(QUEUE_PRICES) - off)


def test_fr_eff_card_cost_the_queue_surcharge_holds_while_in_the_queue() -> None:
    """FR-EFF-CARD-COST under FR-CARD-7: an Opposition card in the Queue adds to every price,
    told on the printed price; with the Preacher both changes show, surcharge first."""
    g = new_game(2, roles=("Preacher", "Conductor"))
    g.state.queue[0] = SURCHARGE_CARD  # (a later period's card: set, not dealt)
    up, off = _surcharge(), passive("Preacher", "card_discount")
    price = queue_prices(g.ctx, g.state, 1)[1]  # the Conductor, position 2
    assert price == QueuePrice(2, QUEUE_PRICES[1], (PriceChange(up, "FR-EFF-CARD-COST",
                                                                "Opposition"),),
                               QUEUE_PRICES[1] + up)
    assert price.words() == f"${QUEUE_PRICES[1] + up} (${QUEUE_PRICES[1]} + ${up} Opposition)"
    both = queue_prices(g.ctx, g.state, 0)[1]
    assert [c.rule for c in both.changes] == ["FR-EFF-CARD-COST", "FR-ROLE-2"]
    assert both.total == QUEUE_PRICES[1] + up - off
    assert both.words() == (f"${both.total} (${QUEUE_PRICES[1]} + ${up} Opposition, "
                            f"-${off} Preacher)")
    g.state.queue[0] = None  # the card leaves the Queue: its surcharge ends
    assert queue_prices(g.ctx, g.state, 1)[1].changes == ()


def test_fr_act_5_the_rules_charge_the_total_and_the_words_are_its_parts() -> None:
    """FR-ACT-5: buying pays the value's total; the view's price text, the reason a card is not
    affordable and the action's words are made from the same value."""
    g = new_game(2, roles=("Preacher", "Conductor"))
    g.scenario("stack_queue", cards=["john_greenleaf_whittier"])
    to_action(g)
    g.state.queue[1] = SURCHARGE_CARD
    seat = g.to_move
    assert seat == 0
    price = queue_prices(g.ctx, g.state, seat)[0]
    assert price.total == QUEUE_PRICES[0] + _surcharge() - passive("Preacher", "card_discount")
    view = g.view(seat)
    assert view.queue[0] is not None and view.queue[0].price == price.total
    assert view.queue[0].price_words == price.words() and "Opposition" in price.words()
    assert any(g.describe(a).endswith(f"(Queue position 1, ${price.total})")
               for a in g.legal_actions())
    events = g.apply(f"{seat}:card 1")
    bought = next(e for e in events if isinstance(e, CardBought))
    assert bought.price == price.total and f"for ${price.total}." in bought.text
    gain = card_param("john_greenleaf_whittier", "amount")
    assert g.state.money[seat] == START_MONEY - price.total + gain


def test_fr_act_5_the_reason_a_card_is_too_dear_shows_the_price_parts() -> None:
    g = new_game(2, roles=("Conductor", "Agent"))
    g.scenario("set_money", seat=0, amount=0)
    g.scenario("stack_queue", cards=["john_greenleaf_whittier"])
    to_action(g)
    g.state.queue[1] = SURCHARGE_CARD
    price = queue_prices(g.ctx, g.state, 0)[0]
    with pytest.raises(IllegalAction) as err:
        g.apply("0:card 1")
    assert err.value.rule == "FR-ACT-5"
    assert err.value.reason == f"not enough money: the card costs {price.words()}, you have $0"
    assert price.words() == f"${price.total} (${price.base} + ${_surcharge()} Opposition)"
