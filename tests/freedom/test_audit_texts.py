"""Audit: the event log reads well aloud (one sentence per event, singular and plural right).

Found by playing games through the API and reading the log as a teacher would.
"""

from __future__ import annotations

import random

from fr_helpers import do, new_game, roll, to_action

from freight_freedom.freedom.game import Freedom


def _random_log(seed: int, players: int) -> list[str]:
    g = Freedom(players=players, seed=seed)
    r = random.Random(seed)
    texts = [e.text for e in g.log]
    while g.outcome is None:
        la = g.legal_actions()
        pref = [a for a in la if a.kind not in ("pass", "end", "stop", "done", "skip", "decline")]
        a = r.choice(pref) if pref and r.random() < 0.85 else r.choice(la)
        texts.extend(e.text for e in g.apply(a))
    return texts


def test_fr_catch_4_capture_event_is_a_full_sentence() -> None:
    g = new_game(2)
    g.scenario("place_people", space="lexington", count=1)
    events = roll(g, "red", "east", 1)  # Louisville -> Lexington
    capture = [e for e in events if "captured at" in e.text]
    assert capture and capture[0].rule == "FR-CATCH-3"
    assert capture[0].text.endswith("bottom Slave Market card."), capture[0].text


def test_fr_round_1_every_event_of_random_games_ends_with_a_stop() -> None:
    for seed in range(8):
        for text in _random_log(seed, seed % 4 + 1):
            assert text[-1] in ".!", text
            assert " 1 people" not in text and " 1 spaces" not in text, text


def test_fr_act_6_one_person_is_singular() -> None:
    g = new_game(2)
    g.scenario("place_people", space="columbus", count=1)
    # a Period 3 Fundraising token counts the blue northern cities: one person there
    g.state.period = 3
    g.state.support_left[0] = g.state.support_left[1] = 0
    to_action(g, {0: ["buy f3_north"]})
    text = " ".join(e.text for e in do(g, "0:play f3_north"))
    assert "1 person in the blue northern cities raises $1" in text, text


def test_fr_eff_fundraise_one_person_is_singular() -> None:
    g = new_game(2)
    g.scenario("place_people", space="columbus", count=1)
    to_action(g)
    g.scenario("set_money", seat=0, amount=9)
    from freight_freedom.freedom.context import context
    from freight_freedom.freedom.effect_kinds import ScheduledEffect
    from freight_freedom.freedom.effects import run_effect

    ev: list = []
    effect = ScheduledEffect("fundraise", 0, "test", (("region", "north"), ("per_person", 1)))
    run_effect(context(), g.state, effect, ev)
    assert "from 1 person in the northern cities" in ev[0].text, ev[0].text


def test_fr_plan_1_prompt_without_tokens_left_names_the_special_ability() -> None:
    g = new_game(2, roles=("Agent", "Conductor"))
    roll(g)
    g.scenario("set_money", seat=0, amount=30)
    do(g, "0:buy c1_2x1", "0:buy c1_1x2")
    assert g.to_move == 0 and g.phase == "Planning"
    assert "0 more" not in g.prompt.text, g.prompt.text
    assert "Special Ability" in g.prompt.text, g.prompt.text


def test_fr_plan_1_skip_reads_naturally() -> None:
    g = new_game(2, roles=("Conductor", "Preacher"))
    roll(g)
    events = do(g, "0:buy f1_south", "0:buy f1_south")
    assert any("can buy no more tokens" in e.text for e in events), [e.text for e in events]


def test_fr_plan_4_surcharged_price_is_explained() -> None:
    seed = next(s for s in range(50) if "farren_riots" in [
        *new_game(2, seed=s).state.decks[0], *new_game(2, seed=s).state.queue])
    g = new_game(2, seed=seed, roles=("Conductor", "Preacher"))
    g.scenario("stack_queue", cards=["farren_riots"])
    roll(g)
    events = do(g, "0:buy c1_2x1")
    text = events[0].text
    assert "for $3" in text and "Opposition" in text, text


def test_fr_eff_role_move_to_says_people() -> None:
    g = new_game(2, roles=("Shepherd", "Preacher"))
    to_action(g)
    events = do(g, "0:special")
    assert any("up to 2 people from the plantations to New York" in e.text for e in events)


def test_fr_role_2_every_role_effect_is_said_in_words() -> None:
    """Every Benefit, passive and Special Ability effect of the six Role cards has its own
    words (none falls back to its kind's name), with the amount and its unit."""
    from freight_freedom.freedom.context import context
    from freight_freedom.freedom.text import effect_words

    ctx = context()
    for role in ctx.roles.values():
        effects = [*role.special]
        for side in role.sides:
            effects += [*side.benefit, *side.passive]
        for effect in effects:
            words = effect_words(ctx, effect)
            assert words != effect.kind.replace("_", " "), (role.name, effect)
            amount = effect.get("amount")
            if amount is not None:
                assert f"${amount}" in words, (role.name, effect, words)


# ---------------------------------------------------------------------- history, to the date
def _history_texts() -> dict[str, str]:
    """Every place the package, docs and notebooks tell history: map and card notes, lesson
    steps and questions, the rules docs, the teaching guide and the notebooks' markdown."""
    import json
    from pathlib import Path

    from freight_freedom.freedom.context import context
    from freight_freedom.lessons import LESSONS, lesson

    root = Path(__file__).resolve().parents[2]
    ctx = context()
    found = {f"map note {s.id}": s.note for s in ctx.board.spaces.values()}
    cards = json.loads((root / "freight_freedom/freedom/data/cards.json").read_text("utf-8"))
    found.update({f"card note {c['id']}": c["note"] for c in cards["cards"]})
    for name in LESSONS:
        for i, step in enumerate(lesson(name).steps):
            q = step.question
            found[f"{name} step {i}"] = " ".join(
                [step.text, *((q.prompt, q.why, q.hint) if q else ())])
    for path in [*sorted((root / "docs").rglob("*.md"))]:
        found[str(path.relative_to(root))] = path.read_text("utf-8")
    for path in sorted((root / "notebooks").glob("*.ipynb")):
        cells = json.loads(path.read_text("utf-8"))["cells"]
        found[path.name] = "\n".join("".join(c["source"]) for c in cells
                                     if c["cell_type"] == "markdown")
    return {k: " ".join(v.split()) for k, v in found.items()}


def _sentences_with(word: str) -> list[tuple[str, str]]:
    import re

    return [(where, s) for where, text in _history_texts().items()
            for s in re.split(r"(?<=[.!?])\s+", text) if word in s]


def test_history_rankin_helped_about_2000_everywhere() -> None:
    """Ripley: John Rankin's family and neighbours helped about 2,000 people (map, card and
    lesson agree; no "hundreds")."""
    said = _sentences_with("Rankin")
    assert said
    counts = [(w, s) for w, s in said if any(n in s for n in ("hundreds", "2,000", "thousand"))]
    assert all("2,000" in s and "hundreds" not in s for _w, s in counts), counts
    places = {w.split(" step")[0] for w, s in counts if "2,000" in s}
    assert {"map note ripley", "card note ripley_ohio", "freedom"} <= places, places


def test_history_tubman_born_in_dorchester_county_and_led_about_70() -> None:
    """Cambridge is the county seat; Tubman was born in the county (near Bucktown), not in the
    town. Garrett helped about 2,700 people; Tubman led about 70 in all."""
    texts = _history_texts()
    cambridge = texts["map note cambridge"]
    assert "Dorchester County" in cambridge and "Bucktown" in cambridge
    assert "where Harriet Tubman was born" not in cambridge
    wilmington = texts["map note wilmington"]
    assert "2,700" in wilmington and "about 70" in wilmington
    assert "many of them guided by" not in wilmington
    for where, sentence in _sentences_with("Tubman"):
        assert "born in Cambridge" not in sentence, where
        if "seventy" in sentence or " 70 " in sentence:
            assert "about" in sentence or "some" in sentence, where


def test_history_canada_is_named_for_the_games_span() -> None:
    """Ontario was Upper Canada, Canada West from 1841 (Quebec: Lower Canada, Canada East): the
    map's labels say both, and the St. Catharines card (1851) agrees with the map."""
    from freight_freedom.freedom.context import context

    ctx = context()
    states = {s.id: s.state for s in ctx.board.spaces.values() if s.kind == "canada"}
    ontario = [sid for sid in states if sid != "canada_montreal" and "Canada" in states[sid]]
    assert ontario and all(states[s] == "Upper Canada, Canada West from 1841" for s in ontario)
    assert states["canada_montreal"] == "Lower Canada, Canada East from 1841"
    card = _history_texts()["card note st_catharines"]
    assert "Canada West" in card and "Upper Canada until 1841" in card


def test_history_springfield_is_lincolns_home_from_1837() -> None:
    note = _history_texts()["map note springfield"]
    assert "home from 1837" in note and "home town" not in note


def test_history_catcher_paths_cross_slave_states_and_the_lesson_says_which() -> None:
    """FR-CATCH: several catcher paths run through slave states; the lesson names every slave
    state a path crosses, and never says the paths run only across the North."""
    from freight_freedom.freedom.context import context
    from freight_freedom.lessons import lesson

    ctx = context()
    crossed = {ctx.board.spaces[s].state for path in ctx.board.catchers.values()
               for s in path.path if ctx.board.spaces[s].region == "south"}
    crossed.discard("District of Columbia")
    assert crossed
    board_step = next(s.text for s in lesson("freedom").steps
                      if "Catchers each patrol" in " ".join(s.text.split()))
    flat = " ".join(board_step.split())
    assert all(state in flat for state in crossed), (crossed, flat)
    assert "path across the North." not in flat


def test_history_lovejoy_is_never_the_enemy() -> None:
    """The Elijah P. Lovejoy card stands for his murder: no lesson text makes him the actor of
    the loss."""
    for where, sentence in _sentences_with("Lovejoy"):
        if where.startswith(("freedom step", "freedom_walkthrough", "docs/teaching")):
            assert "Lovejoy costs" not in sentence, (where, sentence)
    lantern = " ".join(next(s.text for s in __import__(
        "freight_freedom.lessons", fromlist=["lesson"]).lesson("freedom").steps
        if s.history == "elijah_p_lovejoy").split())
    assert "murder" in lantern and "not Lovejoy himself" in lantern


def test_fr_mkt_phase_1_the_market_sends_the_player_only_chooses() -> None:
    """FR-MKT-PHASE-1: where the rules leave a choice of plantation, the prompt and the choice
    say what the market does and that the player only chooses where; the notation (and so every
    save) is unchanged."""
    for seed in range(40):
        g = Freedom(players=2, seed=seed)
        r = random.Random(seed)
        while g.outcome is None:
            la = g.legal_actions()
            delivers = [a for a in la if a.kind == "deliver"]
            if len(delivers) > 1:
                break
            pref = [a for a in la if a.kind not in ("pass", "end", "stop", "done", "skip")]
            g.apply(r.choice(pref) if pref and r.random() < 0.85 else r.choice(la))
        else:
            continue
        assert "the Slave Market sends the next person to" in g.prompt.text, g.prompt.text
        for a in delivers:
            words = g.describe(a)
            assert words.startswith(f"Player {a.seat + 1} chooses "), words
            assert words.endswith(": the Slave Market sends the next person there"), words
            assert "delivers" not in words
            assert str(a) == f"{a.seat}:deliver {a.args[0]}"
        return
    raise AssertionError("no game of 40 seeds reached a choice of plantation")
