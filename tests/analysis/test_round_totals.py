"""Per-round Freedom columns come from the end-of-round events (FR-WIN-1 / FR-LOSE-2)."""

from __future__ import annotations

from freight_freedom import Freedom
from freight_freedom.analysis import simulate
from freight_freedom.freedom.bots import HeuristicBot


def test_fr_win_1_end_of_round_events_carry_the_totals_and_feed_the_columns() -> None:
    game = Freedom(players=2, seed=3)
    bot = HeuristicBot()
    seen = []
    while not game.is_over:
        for event in game.apply(bot.choose(game)):
            if event.data.get("round_end"):
                st = game.state
                assert (event.data["freed"], event.data["lost"], event.data["support"]) == (
                    st.freed, st.lost, sum(st.support_bought))
                seen.append(event.data["round"])
    assert seen == list(range(1, len(seen) + 1)) and seen
    row = simulate(Freedom, 1, bot="heuristic", players=2, seed=0, progress=False).iloc[0]
    freed = [row[f"freed_r{r}"] for r in range(1, 9)]
    assert freed == sorted(freed) and freed[-1] == row["freed"]
