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
    players = tables["players"]
    assert players.rows[0][players.columns.index("money")] == 8
    html = tables_html(tables)
    assert "<script>" not in html and "&lt;script&gt;" in html


def test_tables_need_no_pandas_and_convert_to_pandas_for_analysts() -> None:
    import subprocess
    import sys

    code = ("import sys; from freight_freedom import Freedom, SlowFreight; "
            "from freight_freedom.freedom.app import FreedomUI; from freight_freedom.slowfreight."
            "app import SlowFreightUI; from freight_freedom.ui import inspector; "
            "FreedomUI().tables(Freedom(players=2, seed=1).view()); "
            "SlowFreightUI().tables(SlowFreight(players=3, seed=1).view()); "
            "Freedom(players=2, seed=1).state._repr_html_(); "
            "assert 'pandas' not in sys.modules, 'pandas was imported'")
    subprocess.run([sys.executable, "-c", code], check=True)
    table = state_tables({"people": {"a": {"n": 1}, "b": {"n": 2, "m": 3}}})["people"]
    frame = table.to_pandas()
    assert frame.loc["b", "m"] == 3 and list(frame.columns) == ["n", "m"]
