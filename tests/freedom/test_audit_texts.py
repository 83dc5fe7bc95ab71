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
