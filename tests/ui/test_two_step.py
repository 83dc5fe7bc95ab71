"""Choices among many are made in two steps, and each kind of choice always looks the same.

FR-MOVE-1 (movement), FR-CATCH-3 (a catcher moved by a card) and SF-TAKE-1 (take a card onto a
train): a movement group is "From" then "to" (the map's origin-then-destination, for the
keyboard), whatever its size (a Special Ability offers ~250 moves); a take is "Card" then
"onto train"; every other kind is buttons. The drop-downs and the map's rings agree.
"""

from __future__ import annotations

import random

import pytest

from freight_freedom import Freedom, SlowFreight
from freight_freedom.freedom import view
from freight_freedom.freedom.bots import HeuristicBot
from freight_freedom.ui.display import app_for

pytest.importorskip("ipywidgets")


def _shapes(app: object) -> dict[str, str]:
    panel = app.actions  # type: ignore[attr-defined]
    kinds = {a.kind for a in panel.actions}
    return {k: "two steps" if k in panel.two_step else "buttons" for k in kinds}


def _offered_in_two_steps(panel: object, kind: str) -> list[object]:
    row = panel.two_step[kind]  # type: ignore[attr-defined]
    return [a for rows in row.options.values() for _, a, _ in rows]


@pytest.mark.parametrize("seed", [2024, 7])
def test_freedom_kinds_keep_their_shape_and_offer_every_legal_action(seed: int) -> None:
    """A whole heuristic game through the app: ``move`` and ``catcher`` are always two-step
    rows, everything else always buttons, and together they offer exactly the legal actions."""
    game = Freedom(players=2, seed=seed)
    app = app_for(game, seats=["Human", "Human"])
    bots = [HeuristicBot() for _ in range(2)]
    seen: dict[str, set[str]] = {}
    biggest = 0
    while not game.is_over:
        panel = app.actions
        legal = game.legal_actions()
        for kind, shape in _shapes(app).items():
            seen.setdefault(kind, set()).add(shape)
        offered = list(panel.buttons)
        for kind in panel.two_step:
            group = _offered_in_two_steps(panel, kind)
            biggest = max(biggest, len(group))
            offered += group
        assert sorted(map(str, offered)) == sorted(map(str, legal))
        panel.press(bots[game.to_move].choose(game))
    assert seen["move"] == {"two steps"} and seen.get("catcher", {"two steps"}) == {"two steps"}
    assert all(shapes == {"buttons"} for kind, shapes in seen.items()
               if kind not in ("move", "catcher")), seen
    assert biggest > 20  # the game did offer a long movement list, split in two short ones


def test_a_special_ability_with_hundreds_of_moves_is_two_short_lists() -> None:
    """FR-ACT-3: the biggest movement choice of a game fits two short drop-downs."""
    best = None
    for seed in range(12):
        game = Freedom(players=2, seed=seed)
        bots = [HeuristicBot() for _ in range(2)]
        while not game.is_over:
            moves = [a for a in game.legal_actions() if a.kind == "move"]
            if best is None or len(moves) > best[0]:
                best = (len(moves), game.copy())
            game.apply(bots[game.to_move].choose(game))
    assert best is not None and best[0] >= 150
    game = best[1]
    app = app_for(game, seats=["Human", "Human"])
    row = app.actions.two_step["move"]
    assert len(row.first.options) < 40
    assert max(len(v) for v in row.options.values()) < 40
    # choosing through the two lists plays that very move
    target = [a for a in game.legal_actions() if a.kind == "move"][-1]
    steps = len(game.history)
    app.actions.press(target)
    assert game.history[steps] == target


def test_the_first_drop_down_and_the_map_origin_follow_each_other() -> None:
    """Picking "From" rings only that origin's destinations; picking an origin on the map
    sets "From"; choosing the destination in "to" plays exactly that move."""
    game = Freedom(players=1, seed=2)
    app = app_for(game, seats=["Human"])
    rng = random.Random(0)
    while not any(a.kind == "move" for a in game.legal_actions()):
        legal = game.legal_actions()
        play = [a for a in legal if a.kind in ("play",)] or [
            a for a in legal if a.kind not in ("done", "end", "pass", "stop")] or legal
        app.actions.press(rng.choice(play))
    row = app.actions.two_step["move"]
    origins = list(row.options)
    assert len(origins) >= 2
    fig = app.figure
    targets = fig.data[next(i for i, t in enumerate(fig.data) if t.name == view.TARGETS)]
    for origin in origins[1:] + origins[:1]:  # the first is shown at first: pick it last
        row.first.value = origin  # as a student picks it
        assert app.selection.origin == origin
        want = {view.ends(game, a)[1] for _, a, _ in row.options[origin]}
        assert set(targets.customdata) == want
    # the map picks an origin: the drop-down follows
    app.click_figure(view.SPACES, origins[0])  # clicking the picked origin again clears it
    assert app.selection.origin is None
    app.click_figure(view.SPACES, origins[1])
    assert app.selection.origin == origins[1] and row.first.value == origins[1]
    # and the second list plays the move it names
    row.second.value = len(row.options[origins[1]]) - 1
    chosen = row.action()
    steps = len(game.history)
    row.go.click()
    assert game.history[steps] == chosen


def test_catchers_are_moved_from_the_map_catcher_first() -> None:
    """FR-CATCH-3: a Slave Catcher's move is chosen by clicking the catcher's space, then a
    ring; the drop-downs name the catcher and its destinations."""
    for seed in range(40):
        game = Freedom(players=2, seed=seed)
        bots = [HeuristicBot() for _ in range(2)]
        while not game.is_over and not any(a.kind == "catcher" for a in game.legal_actions()):
            game.apply(bots[game.to_move].choose(game))
        if not game.is_over:
            break
    else:
        pytest.skip("no catcher movement choice in 40 games")
    app = app_for(game, seats=["Human", "Human"])
    moves = [a for a in game.legal_actions() if a.kind == "catcher"]
    colour, dest = moves[-1].args
    at = game.state.catchers[colour]
    label = app.actions.two_step["catcher"].first.label
    assert "Slave Catcher at" in label
    steps = len(game.history)
    app.click_figure(view.CATCHERS, at)
    assert app.selection.origin == at and len(game.history) == steps
    app.click_figure(view.TARGETS, dest)
    assert game.history[steps].kind == "catcher" and game.history[steps].args[-1] == dest


def test_slow_freight_takes_are_card_then_train() -> None:
    """SF-TAKE-1: a take is chosen as a face-up card, then a train; every take is offered."""
    game = SlowFreight(players=3, seed=5)
    app = app_for(game, seats=["Human"] * 3)
    rng = random.Random(1)
    checked = 0
    while not game.is_over and checked < 30:
        legal = game.legal_actions()
        takes = [a for a in legal if a.kind == "take"]
        if takes:
            row = app.actions.two_step["take"]
            assert sorted(map(str, _offered_in_two_steps(app.actions, "take"))) == sorted(
                map(str, takes))
            assert all("face-up card" in label for label, _ in row.first.options)
            checked += 1
        assert not [a for a in app.actions.buttons if a.kind == "take"]
        app.actions.press(rng.choice(legal))
    assert checked


def test_a_press_on_choices_of_a_passed_position_plays_nothing() -> None:
    """A double click of "Do it", or a click sent just before the game moved on, reaches the
    kernel after the panel was rebuilt: the widget belongs to a position that has passed, so
    nothing is played and no error is shown (before, the second click of a move played it a
    second time, or showed "no movement is in progress [rule FR-MOVE-1]" with the notation)."""
    game = Freedom(players=2, seed=2024)
    app = app_for(game, seats=["Human", "Human"])
    bot = HeuristicBot()
    while "move" not in app.actions.two_step:  # to the first movement
        app.actions.press(bot.choose(game))
    row = app.actions.two_step["move"]
    action = row.action()
    assert action is not None
    row.go.click()
    steps = len(game.history)
    assert game.history[-1] == action
    row.go.click()  # the double click's second half, on the old row
    assert len(game.history) == steps and not app.errors.text
    assert "played nothing" in app.actions.refused.value  # said, not silently dropped
    # a button of the old panel, pressed once the panel offers other choices
    old_buttons = dict(app.actions.buttons)
    app.actions.press(bot.choose(game))
    steps = len(game.history)
    for button in old_buttons.values():
        button.click()
    assert len(game.history) == steps and not app.errors.text
    # the current panel still plays, and the note goes with the choices it was about
    app.actions.press(bot.choose(game))
    assert len(game.history) == steps + 1
    assert app.actions.refused.value == ""
