"""Property tests over many random playouts: invariants hold after every decision."""

from __future__ import annotations

from fr_helpers import invariant_errors
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from freight_freedom.core.rng import Rng
from freight_freedom.freedom.game import Freedom

options = st.fixed_dictionaries({
    "players": st.integers(1, 4),
    "difficulty": st.sampled_from(["regular", "challenging"]),
    "easier_triples": st.booleans(),
    "easier_money": st.booleans(),
    "easier_empty_centre": st.booleans(),
    "harder_full_plantations": st.booleans(),
    "harder_extra_support": st.booleans(),
})


@settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
@given(opts=options, seed=st.integers(0, 2**32), bot_seed=st.integers(0, 2**32))
def test_invariants_hold_in_random_playouts(opts: dict[str, object], seed: int,
                                            bot_seed: int) -> None:
    """All 96 people in one place, cards and tokens once, capacities, catchers on their paths,
    money >= 0, and the game ends within 8 rounds."""
    g = Freedom(seed=seed, **opts)
    rng = Rng(bot_seed)
    steps = 0
    assert not invariant_errors(g)
    while not g.is_over:
        actions = g.legal_actions()
        assert actions
        g.apply_unchecked(rng.choice(actions))
        steps += 1
        assert steps < 3000
        errs = invariant_errors(g)
        assert not errs, (errs, g.history[-1])
    assert g.outcome is not None and g.legal_actions() == []
    assert g.outcome.round <= 8
    assert not invariant_errors(g)


def test_many_playouts_end_and_keep_invariants_at_the_end() -> None:
    """2,000 quick random games (invariants checked at the end of each)."""
    for i in range(2000):
        opts = {"players": 1 + i % 4, "difficulty": ("regular", "challenging")[i // 4 % 2]}
        g = Freedom(seed=i, **opts)
        rng = Rng(i)
        while not g.is_over:
            g.apply_unchecked(rng.choice(g.legal_actions()))
        assert not invariant_errors(g), i
