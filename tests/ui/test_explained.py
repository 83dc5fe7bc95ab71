"""Every choice explained in the apps: card and role texts beside the map, history notes on
hover, choices not offered with their reasons, and Slow Freight's score table."""

from __future__ import annotations

import html
import re

import pytest

from freight_freedom import Freedom, SlowFreight
from freight_freedom.core.bot import RandomBot
from freight_freedom.freedom import app as freedom_app
from freight_freedom.freedom import view
from freight_freedom.freedom.app import FreedomUI
from freight_freedom.freedom.state import QUEUE_PRICES
from freight_freedom.slowfreight import app as sf_app
from freight_freedom.slowfreight.app import SlowFreightUI
from freight_freedom.ui.adapter import GameUI, ui_for

pytest.importorskip("plotly")

FREEDOM_UI = FreedomUI()


def _to_action(game: Freedom) -> None:
    while game.phase != "Action":
        game.apply(game.legal_actions()[-1])  # roll, then "done" planning


def test_queue_shows_name_year_text_price_and_history() -> None:
    game = Freedom(players=2, seed=3, roles=("Conductor", "Preacher"))
    side = FREEDOM_UI.side_html(game.view())
    for cid in game.state.queue:
        if cid is None:
            continue
        card = game.ctx.card_by_id[cid]
        assert html.escape(card.name) in side
        assert f"({html.escape(card.year)})" in side
        assert html.escape(card.text) in side
        assert html.escape(card.note) in side  # in a <details>, one click away
    assert side.count("<details") >= len([c for c in game.state.queue if c])
    assert re.search(r"<b>\$\d+</b>", side)  # the price the deciding player pays


def test_queue_price_names_the_role_discount() -> None:
    game = Freedom(players=2, seed=3, roles=("Preacher", "Conductor"))
    _to_action(game)
    assert game.to_move == 0
    discount = game.ctx.roles["Preacher"].side(1).passive_amount("card_discount")
    assert f"-${discount} Preacher" in freedom_app.queue_html(game.view())


def test_role_and_victory_cards_are_shown_with_texts() -> None:
    game = Freedom(players=2, seed=3, roles=("Conductor", "Stockholder"))
    side = FREEDOM_UI.side_html(game.view())
    assert "Benefit: move up to 2 people up to 1 space each" in side
    assert "Special Ability: Move one person up to 5 spaces." in side
    bonus = game.ctx.roles["Stockholder"].side(1).passive_amount("fundraising_bonus")
    assert f"your Fundraising tokens raise ${bonus} more" in side  # Stockholder's passive
    assert html.escape(game.ctx.roles["Conductor"].history) in side
    freed = game.ctx.freed_target(game.state)
    assert "Victory Conditions card" in side and f"{freed} people free in Canada" in side


def test_wasted_card_is_warned_beside_the_queue() -> None:
    game = Freedom(players=2, seed=3, roles=("Conductor", "Preacher"))
    _to_action(game)
    game.scenario("stack_queue", cards=["david_walker"])
    walker = dict(game.ctx.card_by_id["david_walker"].effects[0].params)["amount"]
    short = QUEUE_PRICES[0] + game.ctx.tokens.support_price - int(walker) - 1
    game.scenario("set_money", seat=0, amount=short)  # one dollar short of the Support after him
    side = FREEDOM_UI.side_html(game.view())
    assert "David Walker would have no effect now" in side
    assert "&#9888;" in side


def test_freedom_unavailable_hook_gives_engine_reasons() -> None:
    game = Freedom(players=2, seed=3, roles=("Conductor", "Preacher"))
    game.apply(game.legal_actions()[0])  # roll: Planning
    price = game.ctx.tokens.support_price
    game.scenario("set_money", seat=game.to_move, amount=price - 2)
    lines = ui_for(game).unavailable(game.view())
    assert (f"Support token: not enough money: a Support token costs ${price}, you have "
            f"${price - 2}") in lines


def test_space_hover_shows_history_note() -> None:
    game = Freedom(players=2, seed=3)
    fig = view.figure(game)
    spaces = next(t for t in fig.data if t.name == view.SPACES)
    board = game.view_model().board
    notes = 0
    for sid, hover in zip(view.geometry(board).ids, spaces.hovertext, strict=True):
        note = board.spaces[sid].note
        if note:
            notes += 1
            first_words = " ".join(html.escape(note).split()[:4])
            assert first_words in hover, sid
    assert notes > 10


def test_default_hook_lists_nothing() -> None:
    assert GameUI().unavailable(Freedom(players=1, seed=1).view()) == []


def _finished(seed: int, players: int = 3) -> SlowFreight:
    game = SlowFreight(players=players, seed=seed)
    bot = RandomBot(seed)
    while not game.is_over:
        game.apply(bot.choose(game))
    return game


def test_slow_freight_side_panel_during_the_game() -> None:
    game = SlowFreight(players=3, seed=2)
    for _ in range(12):
        game.apply(game.legal_actions()[0])
    side = ui_for(game).side_html(game.view())
    assert "Player 1" in side and "Player 3" in side and "points" in side
    # trains by a name a student can say (the notation keeps t1); no small scroll box
    assert "On the way: Train A:" in side and "t1" not in side and "max-height" not in side
    assert "<script" not in side


def test_slow_freight_final_score_table_names_the_winner() -> None:
    game = _finished(4)
    outcome = game.outcome
    table = sf_app.final_table_html(game.view())
    assert ui_for(game).side_html(game.view()) == table
    for header in ("delivered", "bonus chips", "biggest train", "penalties", "total"):
        assert f">{header}</th>" in table
    for b in outcome.breakdown:
        assert f"<td style='padding:0 4px;text-align:right'>{b.total}</td></tr>" in table
    top = max(outcome.scores)
    winner = f"Player {outcome.winners[0] + 1}"
    assert re.search(rf"{winner}[^<]* (wins|share the win) with {top} points", table)
    assert winner in str(outcome) and "Outcome(" not in str(outcome)
    assert sf_app.final_table_html(SlowFreight(players=2, seed=1).view()) == ""


def test_slow_freight_unavailable_says_why() -> None:
    game = SlowFreight(players=2, seed=1)
    # a bare Locomotive cannot move yet; the reason is the engine's
    game.apply("0:loco")
    game.apply("1:loco")
    lines = SlowFreightUI().unavailable(game.view())
    assert any(line.startswith("Move t") and "no cars" in line for line in lines), lines
    assert all("[" not in line for line in lines)
