"""The view-model a Freedom picture is drawn from agrees with the engine's state."""

from __future__ import annotations

import dataclasses

import pytest

from freight_freedom import Freedom
from freight_freedom.freedom.bots import HeuristicBot


def test_view_model_reads_the_state_after_play() -> None:
    game = Freedom(players=3, seed=11)
    bot = HeuristicBot()
    for _ in range(120):
        if game.is_over:
            break
        game.apply(bot.choose(game))
    vm, st = game.view_model(), game.state
    assert set(vm.people) == set(vm.board.spaces)
    assert all(vm.people[s] == n for s, n in {**st.people, **st.freed_at}.items())
    assert dict(vm.catchers) == st.catchers
    for colour, space in st.catchers.items():
        assert colour in vm.catchers_at(space)
    assert [(c.card, c.people) for c in vm.market] == [(c.card, c.people)
                                                        for c in st.market]
    assert (vm.round, vm.phase, vm.period, vm.lead) == (game.round, game.phase, st.period,
                                                        st.lead)
    assert (vm.freed, vm.lost) == (st.freed, st.lost)
    assert (vm.freed_target, vm.lost_limit) == (game.ctx.freed_target(st),
                                                game.ctx.lost_limit(st))
    with pytest.raises(dataclasses.FrozenInstanceError):
        vm.freed = 3  # type: ignore[misc]
    with pytest.raises(TypeError):
        vm.people["boston"] = 9  # type: ignore[index]
