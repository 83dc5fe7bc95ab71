"""Tests of the 52 Abolitionist cards (``data/cards.json``) and their validating loader.

Rule IDs ``FR-CARD-*`` are in ``docs/rules/freedom_cards.md``; the effect vocabulary the cards use
is ``docs/rules/freedom_card_effects.md``, parsed here so the doc and the validator cannot drift.
"""

from __future__ import annotations

import copy
import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from freight_freedom.core.errors import ComponentError, Problem
from freight_freedom.freedom.cards import (
    BENEFICIAL_KINDS,
    CARD_COUNT,
    EFFECT_KINDS,
    EFFECT_PARAMS,
    MIN_PERIOD_DECK,
    OPPOSITION_QUEUE_KINDS,
    OPPOSITION_TRIGGERED_KINDS,
    REACTION_KINDS,
    AbolitionistCard,
    CardSet,
    Effect,
    load_cards,
    period_of_year,
)

ROOT = Path(__file__).resolve().parents[2]
EFFECTS_DOC = ROOT / "docs" / "rules" / "freedom_card_effects.md"
CARDS_DOC = ROOT / "docs" / "rules" / "freedom_cards.md"
DATA = ROOT / "freight_freedom" / "freedom" / "data" / "cards.json"


def _raw() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(DATA.read_text(encoding="utf-8"))
    return data


def _card(data: dict[str, Any], card_id: str) -> dict[str, Any]:
    found: dict[str, Any] = next(c for c in data["cards"] if c["id"] == card_id)
    return found


def _doc_tables() -> list[dict[str, tuple[str, ...]]]:
    """The card-effect tables of the vocabulary doc, in order: kind -> parameter names.

    Tables under a "Role" heading hold kinds used only on Role cards and are skipped.
    """
    tables: list[dict[str, tuple[str, ...]]] = []
    current: dict[str, tuple[str, ...]] | None = None
    heading = ""
    for line in EFFECTS_DOC.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            heading = line
        if "Role" in heading and not heading.startswith("# "):
            current = None
            continue
        if not line.startswith("|"):
            current = None
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        m = re.fullmatch(r"`([a-z_]+)`", cells[0])
        if m is None:
            continue
        if current is None:
            current = {}
            tables.append(current)
        params = tuple(
            sorted(p for p in re.findall(r"`([^`]+)`", cells[1]) if not p.startswith('"'))
        )
        current[m.group(1)] = params
    return tables


def _expect_error(data: dict[str, Any], card_id: str | None, field: str) -> Problem:
    """The problem naming ``field`` (of the card ``card_id``, or of the whole set for None)."""
    with pytest.raises(ComponentError) as info:
        CardSet.from_dict(data)

    def fits(p: Problem) -> bool:
        if card_id is None:
            return p.where == field or p.where.startswith(field + ".")
        on_card = re.fullmatch(rf"cards\[\d+\]\.{re.escape(field)}", p.where)
        return on_card is not None and f"(card {card_id!r})" in p.reason

    found = [p for p in info.value.problems if fits(p)]
    assert found, str(info.value)
    assert all(str(p).startswith("cards.json: ") for p in info.value.problems)
    return found[0]


# ---------------------------------------------------------------------------- FR-CARD-1


def test_fr_card_1_fifty_two_cards() -> None:
    cards = load_cards()
    assert len(cards) == CARD_COUNT == 52
    assert len({c.id for c in cards.cards}) == 52
    assert len({c.name for c in cards.cards}) == 52
    assert all(isinstance(c, AbolitionistCard) for c in cards.cards)


def test_fr_card_1_counts_by_kind_and_period() -> None:
    counts = Counter((c.period, c.kind) for c in load_cards().cards)
    assert counts == {
        (1, "general"): 9,
        (1, "reserve"): 3,
        (1, "opposition"): 6,
        (2, "general"): 9,
        (2, "reserve"): 3,
        (2, "opposition"): 5,
        (3, "general"): 9,
        (3, "reserve"): 3,
        (3, "opposition"): 5,
    }


def test_fr_card_1_ids_are_snake_case_and_by_id_finds_them() -> None:
    cards = load_cards()
    for card in cards.cards:
        assert re.fullmatch(r"[a-z][a-z0-9_]*", card.id)
        assert cards.by_id(card.id) is card
    with pytest.raises(KeyError):
        cards.by_id("no_such_card")


def test_fr_card_1_packaged_data_round_trips() -> None:
    cards = load_cards()
    assert cards.to_dict() == _raw()
    assert CardSet.from_dict(cards.to_dict()) == cards
    assert load_cards() is cards  # cached
    assert load_cards(str(DATA)) == cards


def test_fr_card_1_bad_file_is_a_card_data_error(tmp_path: Path) -> None:
    bad = tmp_path / "cards.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(ComponentError):
        load_cards(str(bad))
    with pytest.raises(ComponentError):
        load_cards(str(tmp_path / "missing.json"))


# ---------------------------------------------------------------------------- FR-CARD-2


def test_fr_card_2_every_card_sits_in_the_period_of_its_year() -> None:
    for card in load_cards().cards:
        assert period_of_year(card.year) == card.period, card.id


@pytest.mark.parametrize(
    ("year", "period"),
    [
        ("1800s", 1),
        ("1808", 1),
        ("1839", 1),
        ("1830s", 1),
        ("1840", 2),
        ("1859", 2),
        ("1850s", 2),
        ("1860", 3),
        ("1865", 3),
    ],
)
def test_fr_card_2_period_of_year(year: str, period: int) -> None:
    assert period_of_year(year) == period


@pytest.mark.parametrize("year", ["1799", "1866", "1835s", "about 1830", "", "18300"])
def test_fr_card_2_bad_years(year: str) -> None:
    with pytest.raises(ValueError):
        period_of_year(year)


def test_fr_card_2_known_years() -> None:
    cards = load_cards()
    assert cards.by_id("dred_scott_decision").period == 2
    assert cards.by_id("dred_scott_decision").year == "1857"
    assert cards.by_id("harpers_ferry").year == "1859"
    assert cards.by_id("congressional_gag_rules").year == "1836"
    assert cards.by_id("fugitive_slave_act").year == "1850"
    assert cards.by_id("the_liberator").year == "1831"


# ---------------------------------------------------------------------------- FR-CARD-3


def test_fr_card_3_three_to_four_player_marks() -> None:
    cards = load_cards()
    marked = {c.id for c in cards.cards if c.min_players == 3}
    assert len(marked) == 8
    assert all(cards.by_id(i).kind != "opposition" for i in marked)
    assert {c.min_players for c in cards.cards} == {1, 3}
    for period in (1, 2, 3):
        small = {c.id for c in cards.deck(period, 2)}
        large = {c.id for c in cards.deck(period, 3)}
        assert small == {c.id for c in cards.deck(period, 1)}
        assert large == {c.id for c in cards.deck(period, 4)}
        assert large - small == {i for i in marked if cards.by_id(i).period == period}


def test_fr_card_3_deck_and_opposition_are_in_data_order() -> None:
    cards = load_cards()
    order = {c.id: i for i, c in enumerate(cards.cards)}
    for period in (1, 2, 3):
        for players in (1, 2, 3, 4):
            deck = cards.deck(period, players)
            assert all(c.kind != "opposition" and c.period == period for c in deck)
            assert [order[c.id] for c in deck] == sorted(order[c.id] for c in deck)
            opp = cards.opposition(period, players)
            assert all(c.kind == "opposition" and c.period == period for c in opp)
    with pytest.raises(ValueError):
        cards.deck(4, 2)
    with pytest.raises(ValueError):
        cards.opposition(1, 5)


# ---------------------------------------------------------------------------- FR-CARD-4


def test_fr_card_4_opposition_seeding_chart() -> None:
    cards = load_cards()
    chart = {p: dict(row) for p, row in cards.opposition_per_period.items()}
    assert chart == {
        1: {1: 2, 2: 3, 3: 3},
        2: {1: 2, 2: 3, 3: 4},
        3: {1: 3, 2: 4, 3: 5},
        4: {1: 3, 2: 4, 3: 5},
    }
    for players, row in chart.items():
        for period, n in row.items():
            assert 1 <= n <= len(cards.opposition(period, players))
        # never fewer Opposition cards in a later period, never fewer with more players
        assert row[1] <= row[2] <= row[3]
    for period in (1, 2, 3):
        assert [chart[p][period] for p in (1, 2, 3, 4)] == sorted(
            chart[p][period] for p in (1, 2, 3, 4)
        )


def test_fr_card_4_chart_may_not_exceed_the_period_opposition_cards() -> None:
    data = _raw()
    data["opposition_per_period"]["2"]["3"] = 6
    _expect_error(data, None, "opposition_per_period[2][3]")


def test_fr_card_4_chart_needs_every_player_count() -> None:
    data = _raw()
    del data["opposition_per_period"]["4"]
    _expect_error(data, None, "opposition_per_period")


# ---------------------------------------------------------------------------- FR-CARD-5..7


def test_fr_card_5_general_cards_resolve_at_once_with_beneficial_effects() -> None:
    for card in load_cards().cards:
        if card.kind == "general":
            assert card.timing == "now" and card.trigger is None and card.purchasable
            assert all(e.kind in BENEFICIAL_KINDS for e in card.effects), card.id


def test_fr_card_6_reserve_cards_and_reactions() -> None:
    cards = load_cards()
    reserve = [c for c in cards.cards if c.kind == "reserve"]
    assert len(reserve) == 9
    reactions = {c.id for c in reserve if c.timing == "catcher_phase"}
    assert reactions == {"vigilance_committees", "john_price_rescue", "fort_monroe"}
    for card in reserve:
        assert card.trigger is None and card.purchasable
        if card.is_reaction:
            assert all(e.kind in REACTION_KINDS for e in card.effects)
        else:
            assert card.timing == "action"
            assert all(e.kind in BENEFICIAL_KINDS for e in card.effects)
    for card in cards.cards:
        if card.kind != "reserve":
            assert not any(e.kind in REACTION_KINDS for e in card.effects), card.id


def test_fr_card_7_opposition_triggers_match_their_effects() -> None:
    opposition = [c for c in load_cards().cards if c.kind == "opposition"]
    assert len(opposition) == 16
    assert {c.trigger for c in opposition} == {"queue", "discard", "bought"}
    for card in opposition:
        assert card.timing == "now"
        kinds = OPPOSITION_QUEUE_KINDS if card.trigger == "queue" else OPPOSITION_TRIGGERED_KINDS
        assert all(e.kind in kinds for e in card.effects), card.id
        if card.trigger == "bought":
            assert card.purchasable
    assert {c.id for c in opposition if not c.purchasable} == {
        "illegal_slave_trade",
        "dred_scott_decision",
        "secession",
    }


def test_fr_card_7_reaction_kind_on_a_general_card_is_refused() -> None:
    data = _raw()
    _card(data, "ripley_ohio")["effects"] = [{"kind": "cancel_catcher_roll"}]
    _expect_error(data, "ripley_ohio", "effects[0].kind")


def test_fr_card_7_opposition_kind_on_a_general_card_is_refused() -> None:
    data = _raw()
    _card(data, "the_liberator")["effects"].append({"kind": "market_add", "count": 2})
    _expect_error(data, "the_liberator", "effects[2].kind")


def test_fr_card_7_queue_kind_with_discard_trigger_is_refused() -> None:
    data = _raw()
    _card(data, "fugitive_slave_act")["effects"] = [{"kind": "token_limit", "max": 1}]
    _expect_error(data, "fugitive_slave_act", "effects[0].kind")


def test_fr_card_7_opposition_without_trigger_is_refused() -> None:
    data = _raw()
    _card(data, "congressional_gag_rules")["trigger"] = None
    _expect_error(data, "congressional_gag_rules", "trigger")


def test_fr_card_7_bought_trigger_must_be_buyable() -> None:
    data = _raw()
    _card(data, "corwin_amendment")["purchasable"] = False
    _expect_error(data, "corwin_amendment", "purchasable")


def test_fr_card_6_reserve_timing_must_fit_its_effects() -> None:
    data = _raw()
    _card(data, "fort_monroe")["timing"] = "action"
    _expect_error(data, "fort_monroe", "effects[0].kind")
    data = _raw()
    _card(data, "levi_coffin")["timing"] = "now"
    _expect_error(data, "levi_coffin", "timing")


# ---------------------------------------------------------------------------- FR-CARD-8


def test_fr_card_8_vocabulary_matches_the_effects_doc() -> None:
    tables = _doc_tables()
    assert len(tables) == 4
    beneficial, reaction, queue, triggered = tables
    assert set(beneficial) == BENEFICIAL_KINDS
    assert set(reaction) == REACTION_KINDS
    assert set(queue) == OPPOSITION_QUEUE_KINDS
    assert set(triggered) == OPPOSITION_TRIGGERED_KINDS
    doc_params = {k: v for table in tables for k, v in table.items()}
    assert set(doc_params) == EFFECT_KINDS
    assert doc_params == dict(EFFECT_PARAMS)


def test_fr_card_8_every_effect_is_in_the_vocabulary_with_exactly_its_params() -> None:
    for card in load_cards().cards:
        assert 1 <= len(card.effects) <= 3
        for effect in card.effects:
            assert effect.kind in EFFECT_KINDS, card.id
            assert tuple(k for k, _ in effect.params) == EFFECT_PARAMS[effect.kind], card.id


def test_fr_card_8_effect_params_are_sorted_and_readable() -> None:
    effect = Effect("move", (("spaces", 2), ("people", 3), ("safe", True), ("origin", "any")))
    assert effect.params == (("origin", "any"), ("people", 3), ("safe", True), ("spaces", 2))
    assert effect.get("people") == 3
    assert effect.get("nope", 7) == 7
    assert effect.to_dict() == {
        "kind": "move",
        "origin": "any",
        "people": 3,
        "safe": True,
        "spaces": 2,
    }
    assert effect == Effect("move", tuple(reversed(effect.params)))


def test_fr_card_8_period_three_is_stronger_than_period_one() -> None:
    cards = load_cards()

    def best(period: int, kind: str, param: str) -> int:
        values = [
            int(e.get(param))
            for c in cards.cards
            if c.period == period and c.kind != "opposition"
            for e in c.effects
            if e.kind == kind
        ]
        return max(values)

    assert best(3, "support_discount", "amount") > best(1, "support_discount", "amount")
    assert best(3, "market_remove", "count") > best(2, "market_remove", "count")
    assert best(3, "money_each", "amount") > best(1, "money_each", "amount")
    safe_reach = {
        period: max(
            int(e.get("people")) * int(e.get("spaces"))
            for c in cards.cards
            if c.period == period
            for e in c.effects
            if e.kind == "move" and e.get("safe")
        )
        for period in (1, 2, 3)
    }
    assert safe_reach[1] < safe_reach[2] <= safe_reach[3]


def test_fr_card_8_unknown_kind_is_refused() -> None:
    data = _raw()
    _card(data, "quakers")["effects"][0]["kind"] = "teleport"
    _expect_error(data, "quakers", "effects[0].kind")


def test_fr_card_8_missing_param_is_refused() -> None:
    data = _raw()
    del _card(data, "ripley_ohio")["effects"][0]["spaces"]
    _expect_error(data, "ripley_ohio", "effects[0].spaces")


def test_fr_card_8_extra_param_is_refused() -> None:
    data = _raw()
    _card(data, "tappan_brothers")["effects"][0]["bonus"] = 1
    _expect_error(data, "tappan_brothers", "effects[0].bonus")


@pytest.mark.parametrize(
    ("card_id", "param", "value"),
    [
        ("tappan_brothers", "amount", 0),
        ("tappan_brothers", "amount", 7),
        ("tappan_brothers", "amount", True),
        ("tappan_brothers", "amount", "4"),
        ("ripley_ohio", "people", 6),
        ("ripley_ohio", "safe", 1),
        ("ripley_ohio", "origin", "canada"),
        ("fugitive_slave_act", "count", 9),
        ("congressional_gag_rules", "max", 2),
    ],
)
def test_fr_card_8_out_of_range_values_are_refused(card_id: str, param: str, value: Any) -> None:
    data = _raw()
    _card(data, card_id)["effects"][0][param] = value
    _expect_error(data, card_id, f"effects[0].{param}")


# ---------------------------------------------------------------------------- FR-CARD-9


def test_fr_card_9_decks_are_large_enough_for_every_player_count() -> None:
    cards = load_cards()
    for players in (1, 2, 3, 4):
        for period in (1, 2, 3):
            size = len(cards.deck(period, players)) + cards.opposition_per_period[players][period]
            assert size >= MIN_PERIOD_DECK == 10, (players, period, size)


def test_fr_card_9_too_small_a_deck_is_refused() -> None:
    data = _raw()
    for cid in ("ripley_ohio", "david_walker", "the_liberator"):
        _card(data, cid)["min_players"] = 3
    _expect_error(data, None, "opposition_per_period[1][1]")


# ---------------------------------------------------------------------------- FR-CARD-10/11


def test_fr_card_10_fugitive_slave_act_captures_three() -> None:
    card = load_cards().by_id("fugitive_slave_act")
    assert card.name == "Fugitive Slave Act"
    assert card.kind == "opposition" and card.period == 2 and card.trigger == "discard"
    assert card.effects == (Effect("capture_near_catchers", (("count", 3),)),)
    assert "3 people" in card.text


def test_fr_card_11_gag_rules_limit_tokens_to_one() -> None:
    card = load_cards().by_id("congressional_gag_rules")
    assert card.kind == "opposition" and card.period == 1 and card.trigger == "queue"
    assert card.effects == (Effect("token_limit", (("max", 1),)),)
    assert card.effects[0].get("max") == 1
    assert "at most 1 token" in card.text


def test_fr_card_11_reference_names_are_present() -> None:
    cards = load_cards()
    for cid in (
        "ripley_ohio",
        "john_brown",
        "congressional_gag_rules",
        "fugitive_slave_act",
        "the_liberator",
        "quakers",
        "harriet_tubman",
        "vigilance_committees",
        "harpers_ferry",
        "elijah_p_lovejoy",
        "pennsylvania_hall_fire",
        "dred_scott_decision",
        "border_ruffians",
        "john_c_calhoun",
        "postmaster_censorship",
    ):
        cards.by_id(cid)


# ---------------------------------------------------------------------------- FR-CARD-12


def test_fr_card_12_every_card_has_text_and_a_note() -> None:
    for card in load_cards().cards:
        assert card.text.strip() and card.note.strip(), card.id
        assert 120 <= len(card.note) <= 700, (card.id, len(card.note))
        assert card.note.rstrip().endswith((".", ".”")), card.id


def test_fr_card_12_texts_name_the_reserve_moment_and_the_trigger() -> None:
    for card in load_cards().cards:
        if card.kind == "reserve":
            moment = "Slave Catcher Phase" if card.is_reaction else "Action Phase"
            assert card.text.startswith("Reserve: play in") and moment in card.text, card.id
        if card.kind == "opposition":
            start = {
                "queue": "While in the Queue",
                "discard": "When discarded",
                "bought": "When bought",
            }[str(card.trigger)]
            assert card.text.startswith(start), card.id
            assert ("Cannot be bought" in card.text) == (not card.purchasable), card.id


def test_fr_card_12_people_are_called_people() -> None:
    """Notes and texts speak of people, not of 'slaves'; rulebook component names stay."""
    pattern = re.compile(r"\bslaves\b|\ba slave\b(?! (?:state|trade|catcher|ship|market))")
    for card in load_cards().cards:
        for words in (card.text, card.note):
            assert not pattern.search(words), (card.id, pattern.search(words))


def test_fr_card_12_doc_lists_every_card() -> None:
    doc = CARDS_DOC.read_text(encoding="utf-8")
    for card in load_cards().cards:
        assert f"`{card.id}`" in doc, card.id
        assert card.name in doc, card.id
    for n in range(1, 13):
        assert f"FR-CARD-{n}" in doc


# ---------------------------------------------------------------------------- tampered data


def test_tampered_fifty_one_cards_is_refused() -> None:
    data = _raw()
    data["cards"].pop()
    _expect_error(data, None, "cards")


def test_tampered_duplicate_id_is_refused() -> None:
    data = _raw()
    data["cards"][1] = copy.deepcopy(data["cards"][0])
    _expect_error(data, data["cards"][0]["id"], "id")


def test_tampered_wrong_period_is_refused() -> None:
    data = _raw()
    _card(data, "dred_scott_decision")["period"] = 3
    _expect_error(data, "dred_scott_decision", "period")
    data = _raw()
    _card(data, "quakers")["period"] = 4
    _expect_error(data, "quakers", "period")


def test_tampered_bad_year_is_refused() -> None:
    data = _raw()
    _card(data, "quakers")["year"] = "long ago"
    _expect_error(data, "quakers", "year")


def test_tampered_unknown_card_kind_is_refused() -> None:
    data = _raw()
    _card(data, "quakers")["kind"] = "special"
    _expect_error(data, "quakers", "kind")


def test_tampered_missing_or_unknown_field_is_refused() -> None:
    data = _raw()
    del _card(data, "harriet_tubman")["note"]
    _expect_error(data, "harriet_tubman", "note")
    data = _raw()
    _card(data, "harriet_tubman")["cost"] = 3
    _expect_error(data, "harriet_tubman", "cost")
    data = _raw()
    _card(data, "harriet_tubman")["text"] = "  "
    _expect_error(data, "harriet_tubman", "text")


def test_tampered_min_players_and_bad_id_are_refused() -> None:
    data = _raw()
    _card(data, "quakers")["min_players"] = 2
    _expect_error(data, "quakers", "min_players")
    data = _raw()
    _card(data, "quakers")["id"] = "Quakers!"
    _expect_error(data, "Quakers!", "id")


def test_tampered_general_card_with_trigger_is_refused() -> None:
    data = _raw()
    _card(data, "quakers")["trigger"] = "queue"
    _expect_error(data, "quakers", "trigger")


def test_tampered_root_is_refused() -> None:
    data = _raw()
    data["format"] = 2
    _expect_error(data, None, "format")
    data = _raw()
    data["extra"] = 1
    _expect_error(data, None, "extra")
