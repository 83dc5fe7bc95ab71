"""Component data: counts (SF-SETUP-1), Clock counts (SF-CLOCK-5), movement tables (SF-MOVE-3,
SF-RULING-15), and validation of the data files."""

from __future__ import annotations

import copy
import functools
import json
import math
from importlib import resources
from pathlib import Path

import pytest

from freight_freedom.slowfreight.components import (
    ComponentError,
    load_components,
    load_movement_tables,
    parse_components,
    parse_movement_tables,
)

ROOT = Path(__file__).parents[2]


def _raw(name: str) -> dict:  # type: ignore[type-arg]
    text = resources.files("freight_freedom.slowfreight").joinpath("data", name).read_text()
    return json.loads(text)  # type: ignore[no-any-return]


def test_sf_setup_1_component_counts() -> None:
    c = load_components()
    assert c.freight_counts == (17, 15, 13, 5)
    assert c.freight_total == 50
    assert c.locomotives == 23
    assert (c.train_cards, c.clocks) == (15, 8)
    assert c.movement_total == 23
    assert c.track_supply == 48
    chips = [v for per_type in c.bonus_chips for v in per_type] + [8] * 4
    assert len(chips) == 16
    assert c.bonus_chips == ((5, 3, 1),) * 4
    assert len(set(c.card_names)) == 50 and len(set(c.movement_names)) == 23


def test_sf_clock_5_clocks_by_player_count() -> None:
    c = load_components()
    assert [c.clocks_for(p) for p in (2, 3, 4)] == [6, 7, 8]


def test_sf_move_3_table_has_a_number_per_size_and_the_rules_example() -> None:
    table = load_movement_tables()["standard"]
    assert len(table.rows) == 15
    assert all(len(r) == 5 for r in table.rows)
    assert any(r[1] == 3 for r in table.rows)  # the rules' example: 2 cars move 3


@pytest.mark.parametrize("name", ["standard", "gentle", "harsh"])
def test_sf_ruling_15_authored_tables_bigger_trains_slower(name: str) -> None:
    table = load_movement_tables()[name]
    means = [table.mean(n) for n in range(1, 6)]
    assert means == sorted(means, reverse=True)
    assert all(list(r) == sorted(r, reverse=True) for r in table.rows)


def test_sf_ruling_15_standard_table_averages() -> None:
    table = load_movement_tables()["standard"]
    assert table.mean(1) == pytest.approx(4.0, abs=0.1)
    assert table.mean(5) == pytest.approx(2.0, abs=0.1)
    # a train needs a few moves to reach 9
    assert 9 / table.mean(1) > 2 and 9 / table.mean(5) < 5


def test_tables_are_read_only() -> None:
    with pytest.raises(TypeError):
        load_movement_tables()["mine"] = load_movement_tables()["standard"]  # type: ignore[index]


@pytest.mark.parametrize(
    ("path", "value", "field"),
    [
        (("freight", "auto"), -1, "auto"),
        (("locomotives",), "many", "locomotives"),
        (("clocks_by_players", "2"), 99, "clocks_by_players.2"),
        (("bonus_chips", "auto"), [5, "x"], "bonus_chips.auto"),
        (("max_cars",), 6, "max_cars"),
    ],
)
def test_bad_cards_json_names_the_field(path: tuple[str, ...], value: object, field: str) -> None:
    data = copy.deepcopy(_raw("cards.json"))
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    with pytest.raises(ComponentError) as err:
        parse_components(data)
    assert err.value.field == field


def test_bad_movement_table_names_the_row() -> None:
    data = copy.deepcopy(_raw("movement_tables.json"))
    data["standard"][3] = [1, 2, 3]
    with pytest.raises(ComponentError, match=r"standard\[3\]"):
        parse_movement_tables(data, load_components())
    data = copy.deepcopy(_raw("movement_tables.json"))
    del data["standard"]
    with pytest.raises(ComponentError, match="standard"):
        parse_movement_tables(data, load_components())


def _moves_to_arrive(values: list[int], cards_per_move: int) -> tuple[int, int]:
    """Fewest and most moves a train with these Train-card numbers needs to reach 9.

    A move turns up ``cards_per_move`` Movement cards (2 with an Extra Locomotive); a Clock
    moves 4 (SF-CLOCK-2) and reshuffles every card back into the deck (SF-CLOCK-4), so after it
    the same Train cards can come again. Cards other players draw never move this train.
    """
    clock = 4

    @functools.cache
    def most(used: frozenset[int], total: int, left: int) -> int:
        """Most further cards until 9, ``left`` cards still to turn up in this move."""
        options = [(total + values[i], used | {i}) for i in range(len(values)) if i not in used]
        options.append((total + clock, frozenset()))
        best = 0
        for new_total, new_used in options:
            if new_total >= 9:
                more = 0
            else:
                more = most(new_used, new_total, left - 1 if left > 1 else cards_per_move)
            best = max(best, more + (1 if left == cards_per_move else 0))
        return best

    biggest = sorted([*values, clock])[-cards_per_move:]
    fewest = math.ceil(9 / sum(biggest))
    return fewest, most(frozenset(), 0, cards_per_move)


def test_sf_ruling_15_moves_to_reach_9_as_the_text_says() -> None:
    rows = load_movement_tables()["standard"].rows
    plain = [_moves_to_arrive([r[n] for r in rows], 1) for n in range(5)]
    fewest = min(lo for lo, _ in plain)
    most = max(hi for _, hi in plain)
    one_car, five_cars = plain[0], plain[4]
    xloco_one_car = _moves_to_arrive([r[0] for r in rows], 2)[0]
    assert (fewest, most, one_car[0], five_cars[1], xloco_one_car) == (2, 6, 2, 6, 1)
    doc = " ".join((ROOT / "docs" / "rules" / "slow_freight.md").read_text().split())
    assert (f"Without an Extra Locomotive a train needs {fewest} to {most} moves to reach 9 "
            f"(a 1-car train at least {one_car[0]}, a 5-car train up to {five_cars[1]}); with "
            f"one, whose moves turn up two cards, a 1-car train can arrive in {xloco_one_car} "
            "move.") in doc
