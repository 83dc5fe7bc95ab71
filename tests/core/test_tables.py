"""``game.state`` renders as escaped HTML tables in Jupyter (DESIGN: inspectable state)."""

from __future__ import annotations

from freight_freedom import Freedom, SlowFreight
from freight_freedom.core.tables import state_tables, tables_html


def test_both_game_states_render_as_tables() -> None:
    for state in (Freedom(players=2, seed=1).state, SlowFreight(players=3, seed=1).state):
        html = state._repr_html_()
        assert html.count("<table") >= 3 and "overview" in html


def test_state_tables_gather_scalars_and_escape_text() -> None:
    data = {"round": 2, "name": "<script>x</script>", "players": [{"seat": 0, "money": 8}],
            "people": {"cincinnati": 1}}
    tables = state_tables(data)
    assert set(tables) == {"overview", "players", "people"}
    assert tables["players"].loc[0, "money"] == 8
    html = tables_html(tables)
    assert "<script>" not in html and "&lt;script&gt;" in html
