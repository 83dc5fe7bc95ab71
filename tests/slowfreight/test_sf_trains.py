"""Train validity, table-driven (SF-FORM-2..5, SF-RULING-7)."""

from __future__ import annotations

import itertools

import pytest

from freight_freedom.slowfreight.components import AUTO, COAL, MIXED, TANK
from freight_freedom.slowfreight.trains import (
    NCARS,
    NEXT,
    TYPE_OF,
    add_rejection,
    code_of,
    train_type,
)

VALID = [
    ((1, 0, 0), AUTO), ((0, 1, 0), TANK), ((0, 0, 1), COAL),
    ((5, 0, 0), AUTO), ((0, 3, 0), TANK), ((0, 0, 4), COAL),
    ((1, 1, 0), MIXED), ((0, 1, 1), MIXED), ((1, 0, 1), MIXED),
    ((1, 1, 1), MIXED), ((3, 1, 1), MIXED), ((1, 2, 2), MIXED), ((2, 2, 1), MIXED),
]
INVALID = [
    (0, 0, 0),  # no cars: a bare Locomotive, not a train yet
    (6, 0, 0), (2, 2, 2), (4, 1, 1),  # more than 5 cars
    (2, 1, 0), (0, 2, 2), (1, 0, 3),  # mixed 3-5 missing a kind
]


@pytest.mark.parametrize(("counts", "kind"), VALID)
def test_sf_form_3_valid_trains_and_their_type(counts: tuple[int, int, int], kind: int) -> None:
    assert train_type(counts) == kind


@pytest.mark.parametrize("counts", INVALID)
def test_sf_form_5_invalid_trains(counts: tuple[int, int, int]) -> None:
    assert train_type(counts) is None


def test_sf_form_2_one_to_five_cars() -> None:
    for n in range(1, 6):
        assert train_type((n, 0, 0)) == AUTO
    assert train_type((6, 0, 0)) is None
    assert add_rejection(code_of((5, 0, 0)), AUTO) == (
        "SF-FORM-2", "a train holds at most 5 Freight cars")


def test_sf_form_4_two_car_mixed_has_two_different_cars() -> None:
    assert train_type((1, 1, 0)) == MIXED
    assert train_type((2, 0, 0)) == AUTO  # two equal cars are a single-kind train, not Mixed


def test_sf_form_5_mixed_never_one_car() -> None:
    for kind, counts in enumerate([(1, 0, 0), (0, 1, 0), (0, 0, 1)]):
        assert train_type(counts) == kind != MIXED


def test_sf_ruling_7_each_added_card_leaves_a_valid_train() -> None:
    # Auto+Tank can only take Coal next; Auto+Auto only Auto.
    at = code_of((1, 1, 0))
    assert NEXT[at][COAL] >= 0 and NEXT[at][AUTO] < 0 and NEXT[at][TANK] < 0
    aa = code_of((2, 0, 0))
    assert NEXT[aa][AUTO] >= 0 and NEXT[aa][TANK] < 0 and NEXT[aa][COAL] < 0
    rule, reason = add_rejection(aa, TANK) or ("", "")
    assert rule == "SF-FORM-5" and "SF-RULING-7" in reason
    # From three mixed cars on, any kind may join up to five.
    atc = code_of((1, 1, 1))
    assert all(NEXT[atc][k] >= 0 for k in (AUTO, TANK, COAL))


def test_sf_ruling_7_lookup_tables_agree_with_the_rule() -> None:
    for counts in itertools.product(range(6), repeat=3):
        code = code_of(counts)
        assert NCARS[code] == sum(counts)
        assert TYPE_OF[code] == (-1 if train_type(counts) is None else train_type(counts))
        for kind in (AUTO, TANK, COAL):
            new = list(counts)
            new[kind] += 1
            ok = (code == 0 or train_type(counts) is not None) and new[kind] <= 5 and \
                train_type((new[0], new[1], new[2])) is not None
            assert (NEXT[code][kind] >= 0) == ok
            assert (add_rejection(code, kind) is None) == ok
