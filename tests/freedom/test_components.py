"""Tests of Freedom's token board, Slave Market, Victory cards and dice data.

Rules FR-TOK-*, FR-MKT-*, FR-VIC-*, FR-DICE-* in docs/rules/freedom_components.md.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from freight_freedom.core.errors import ComponentError
from freight_freedom.freedom.board import load_board
from freight_freedom.freedom.components import (
    BOX_PEOPLE,
    MARKET_DECK_SIZE,
    PLAYER_COUNTS,
    WALK,
    ConductorStack,
    Dice,
    MarketCard,
    MovementFace,
    TokenBoard,
    load_dice,
    load_market,
    load_tokens,
    load_victory,
    market_cards_for,
    parse_market,
    parse_victory,
)


def _raw(name: str) -> dict[str, Any]:
    text = resources.files("freight_freedom.freedom").joinpath("data", name).read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def _names(err: ComponentError, field: str) -> bool:
    """Whether a problem of ``err`` is at ``field`` or inside it (``field.key``, ``field[0]``)."""
    return any(p.where == field or p.where.startswith((field + ".", field + "["))
               for p in err.problems)


# ---------------------------------------------------------------------- FR-TOK


def test_fr_tok_1_box_totals_27_13_17() -> None:
    t = load_tokens()
    assert t.conductor_total(4) == 27
    assert t.fundraising_total(4) == 13
    assert t.total_support(4) == 16
    assert t.total_support(4, harder=True) == 17
    assert t.harder_extra_support.period == 3 and t.harder_extra_support.count == 1


def test_fr_tok_2_three_periods() -> None:
    t = load_tokens()
    assert [(p.number, p.start_year, p.end_year) for p in t.periods] == [
        (1, 1800, 1839),
        (2, 1840, 1859),
        (3, 1860, 1865),
    ]


def test_fr_tok_3_support_price_and_player_counts() -> None:
    t = load_tokens()
    raw = json.loads(resources.files("freight_freedom.freedom").joinpath("data/tokens.json")
                     .read_text("utf-8"))
    assert t.support_price == raw["support"]["price"] > 0  # the printed price, whatever it is
    assert [t.support_count(1, p) for p in (1, 2, 3)] == [1, 1, 1]
    totals = [t.total_support(n) for n in PLAYER_COUNTS]
    assert totals == sorted(totals) and totals[0] == 3 and totals[-1] == 16
    assert t.support_count(4, 3, harder=True) == t.support_count(4, 3) + 1
    assert t.support_count(4, 1, harder=True) == t.support_count(4, 1)


def test_fr_tok_4_conductor_stacks() -> None:
    t = load_tokens()
    for period in (1, 2, 3):
        stacks = t.conductor_stacks(period)
        assert stacks, period
        for s in stacks:
            assert isinstance(s, ConductorStack)
            assert s.spaces in (1, 2) and s.people >= 1 and s.cost >= 1
            # at least the grey token is always there, and more players never mean fewer
            counts = [s.count(n) for n in PLAYER_COUNTS]
            assert counts[0] >= 1 and counts == sorted(counts)
    assert len({s.id for s in t.conductor}) == len(t.conductor)
    assert load_tokens().conductor[1].label == "2 people x 1 space, $2"
    assert load_tokens().conductor[0].label == "1 person x 2 spaces, $2"


def test_fr_tok_4_later_periods_move_people_more_cheaply() -> None:
    t = load_tokens()

    def best(period: int) -> float:
        return min(s.cost / (s.people * s.spaces) for s in t.conductor_stacks(period))

    def most(period: int) -> int:
        return max(s.people * s.spaces for s in t.conductor_stacks(period))

    assert best(1) > best(2) > best(3)
    assert most(1) <= most(2) <= most(3)


def test_fr_tok_5_fundraising_regions_by_period() -> None:
    t = load_tokens()
    assert {s.region for s in t.fundraising_stacks(1)} == {"south"}
    assert {s.region for s in t.fundraising_stacks(2)} == {"south"}
    assert {s.region for s in t.fundraising_stacks(3)} == {"north"}
    assert all(s.per_person == 1 for s in t.fundraising)


def _tamper_tokens(how: str) -> dict[str, Any]:
    d = _raw("tokens.json")
    if how == "28 conductor":
        d["conductor"][0]["count_by_players"]["4"] += 1
    elif how == "12 fundraising":
        d["fundraising"][0]["count_by_players"]["4"] -= 1
    elif how == "support total":
        d["support"]["by_players"]["4"]["1"] += 1
    elif how == "fewer for more players":
        d["conductor"][0]["count_by_players"]["1"] = 3
        d["conductor"][0]["count_by_players"]["2"] = 1
    elif how == "three spaces":
        d["conductor"][0]["spaces"] = 3
    elif how == "missing player count":
        del d["conductor"][0]["count_by_players"]["3"]
    elif how == "bad region":
        d["fundraising"][2]["region"] = "canada"
    elif how == "duplicate id":
        d["conductor"][1]["id"] = d["conductor"][0]["id"]
    elif how == "wrong format":
        d["format"] = "freight_freedom.freedom.market"
    else:  # pragma: no cover
        raise AssertionError(how)
    return d


@pytest.mark.parametrize(
    ("how", "field"),
    [
        ("28 conductor", "conductor"),
        ("12 fundraising", "fundraising"),
        ("support total", "support"),
        ("fewer for more players", "conductor[0].count_by_players"),
        ("three spaces", "conductor[0].spaces"),
        ("missing player count", "conductor[0].count_by_players"),
        ("bad region", "fundraising[2].region"),
        ("duplicate id", "conductor[1].id"),
        ("wrong format", "format"),
    ],
)
def test_fr_tok_6_tampered_tokens_raise_component_error(how: str, field: str) -> None:
    with pytest.raises(ComponentError) as info:
        TokenBoard.from_dict(_tamper_tokens(how), source="tokens.json")
    assert _names(info.value, field), str(info.value)
    assert str(info.value).startswith("tokens.json: ")


def test_fr_tok_6_from_file(tmp_path: Path) -> None:
    p = tmp_path / "tokens_fixed.json"
    p.write_text(json.dumps(_raw("tokens.json")), encoding="utf-8")
    assert TokenBoard.from_file(p).conductor == load_tokens().conductor
    assert load_tokens() is load_tokens()


# ---------------------------------------------------------------------- FR-MKT


def test_fr_mkt_1_eighteen_cards_of_2_to_6_people() -> None:
    cards = load_market()
    assert len(cards) == 18
    assert all(isinstance(c, MarketCard) and 2 <= c.people <= 6 for c in cards)
    assert len({c.id for c in cards}) == 18
    assert all(c.players and c.players <= set(PLAYER_COUNTS) for c in cards)


def test_fr_mkt_2_at_least_a_deck_for_every_player_count() -> None:
    assert MARKET_DECK_SIZE == 8
    for n in PLAYER_COUNTS:
        assert len(market_cards_for(n)) >= MARKET_DECK_SIZE
    with pytest.raises(ValueError):
        market_cards_for(5)


def test_fr_mkt_2_more_players_more_people() -> None:
    def mean(n: int) -> float:
        pool = market_cards_for(n)
        return sum(c.people for c in pool) / len(pool)

    means = [mean(n) for n in PLAYER_COUNTS]
    assert means == sorted(means) and means[0] < means[-1]


def test_fr_mkt_3_people_fit_in_the_box_of_96() -> None:
    board = load_board()
    light = sum(board.spaces[p].light_slots for p in board.plantations)
    full = sum(board.spaces[p].capacity or 0 for p in board.plantations)
    for n in PLAYER_COUNTS:
        heaviest = sorted((c.people for c in market_cards_for(n)), reverse=True)
        worst_deck = sum(heaviest[:MARKET_DECK_SIZE])
        assert light + worst_deck <= BOX_PEOPLE
        assert full + worst_deck <= BOX_PEOPLE  # harder option: all plantation slots filled


@pytest.mark.parametrize(
    ("mutate", "field"),
    [
        (lambda d: d["cards"].pop(), "cards"),
        (lambda d: d["cards"][0].update(people=7), "cards[0].people"),
        (lambda d: d["cards"][0].update(players=[5]), "cards[0].players"),
        (lambda d: d["cards"][1].update(id="market_01"), "cards[1].id"),
        (lambda d: d.update(deck_size=9), "deck_size"),
        (
            lambda d: [c.update(players=[2, 3, 4]) for c in d["cards"] if c["players"] != [1]],
            "cards",
        ),
    ],
)
def test_fr_mkt_4_tampered_market_raises_component_error(
    mutate: Callable[[dict[str, Any]], object], field: str
) -> None:
    d = _raw("market.json")
    mutate(d)
    with pytest.raises(ComponentError) as info:
        parse_market(d, source="market.json")
    assert _names(info.value, field), str(info.value)


# ---------------------------------------------------------------------- FR-VIC


def test_fr_vic_1_four_cards_two_sides() -> None:
    cards = load_victory()
    assert list(cards) == [1, 2, 3, 4]
    for n, card in cards.items():
        assert card.players == n
        assert card.side("regular") is card.regular
        assert card.side("challenging") is card.challenging
        with pytest.raises(ValueError):
            card.side("easy")  # type: ignore[arg-type]


def test_fr_vic_2_regular_targets() -> None:
    cards = load_victory()
    assert cards[1].regular.lost == 12  # the one published solo report
    assert 8 <= cards[1].regular.freed <= 10
    assert 20 <= cards[4].regular.freed <= 24
    freed = [cards[n].regular.freed for n in PLAYER_COUNTS]
    assert freed == sorted(freed) and len(set(freed)) == 4


def test_fr_vic_3_challenging_is_harder() -> None:
    for card in load_victory().values():
        assert card.challenging.freed > card.regular.freed
        assert card.challenging.lost < card.regular.lost


def test_fr_vic_4_targets_are_possible_with_the_box() -> None:
    board = load_board()
    light = sum(board.spaces[p].light_slots for p in board.plantations)
    for n, card in load_victory().items():
        delivered = sum(sorted(c.people for c in market_cards_for(n))[:MARKET_DECK_SIZE])
        # enough people exist to free, even with the lightest market deck
        assert card.challenging.freed <= light + delivered


@pytest.mark.parametrize(
    ("mutate", "field"),
    [
        (lambda d: d["cards"].pop(), "cards"),
        (lambda d: d["cards"][0]["challenging"].update(freed=1), "cards[0].challenging"),
        (lambda d: d["cards"][0]["regular"].update(lost=0), "cards[0].regular.lost"),
        (lambda d: d["cards"][1].update(players=1), "cards[1].players"),
        (lambda d: d["cards"][2].pop("challenging"), "cards[2].challenging"),
    ],
)
def test_fr_vic_5_tampered_victory_raises_component_error(
    mutate: Callable[[dict[str, Any]], object], field: str
) -> None:
    d = _raw("victory.json")
    mutate(d)
    with pytest.raises(ComponentError) as info:
        parse_victory(d, source="victory.json")
    assert _names(info.value, field), str(info.value)


# ---------------------------------------------------------------------- FR-DICE


def test_fr_dice_1_catcher_die_matches_the_board() -> None:
    dice = load_dice()
    assert isinstance(dice, Dice)
    assert len(dice.catcher_faces) == 6
    assert dice.catcher_faces.count(WALK) == 1
    assert set(dice.catchers) == set(load_board().catchers)
    assert dice.catchers == tuple(load_board().catchers)


def test_fr_dice_2_movement_die_faces() -> None:
    faces = load_dice().movement_faces
    assert all(isinstance(f, MovementFace) for f in faces)
    assert sorted(str(f) for f in faces) == ["east1", "east2", "east3", "west1", "west2", "west3"]


def test_fr_dice_3_triples_are_the_three_arrow_faces() -> None:
    faces = load_dice().movement_faces
    assert [f.spaces for f in faces if f.triple] == [3, 3]
    assert {f.direction for f in faces if f.triple} == {"west", "east"}


@pytest.mark.parametrize(
    ("mutate", "field"),
    [
        (lambda d: d["catcher_faces"].pop(), "catcher_faces"),
        (lambda d: d["catcher_faces"].__setitem__(0, "walk"), "catcher_faces"),
        (lambda d: d["movement_faces"][0].update(direction="north"), "movement_faces[0].direction"),
        (lambda d: d["movement_faces"][0].update(spaces=4), "movement_faces[0].spaces"),
        (lambda d: d["movement_faces"][0].update(triple=True), "movement_faces[0].triple"),
        (lambda d: d["movement_faces"].pop(), "movement_faces"),
    ],
)
def test_fr_dice_4_tampered_dice_raise_component_error(
    mutate: Callable[[dict[str, Any]], object], field: str
) -> None:
    d = _raw("dice.json")
    mutate(d)
    with pytest.raises(ComponentError) as info:
        Dice.from_dict(d, source="dice.json")
    assert _names(info.value, field), str(info.value)
