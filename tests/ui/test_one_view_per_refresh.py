"""The app computes the position's view once per refresh and draws every piece from it: the
map, the side panel, the board in words, what is not possible now and the two-step drop-downs."""

from __future__ import annotations

from typing import Any

import pytest

from freight_freedom import Freedom, SlowFreight

pytest.importorskip("ipywidgets")
pytest.importorskip("plotly")


@pytest.mark.parametrize("game", [Freedom(players=2, seed=5), SlowFreight(players=3, seed=5)],
                         ids=["freedom", "slowfreight"])
def test_one_refresh_computes_one_view(game: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    app = game.app()
    app.inspector.set_active(True)  # the State tab's tables are drawn from it too
    calls: list[int | None] = []
    real = type(game).view

    def counted(self: Any, seat: int | None = None, **kwargs: Any) -> Any:
        calls.append(seat)
        return real(self, seat, **kwargs)

    monkeypatch.setattr(type(game), "view", counted)
    app.play(game.legal_actions()[0])
    assert calls, "the app draws from the game's view"
    calls.clear()
    app.refresh()
    assert calls == [None]
    assert app.view.to_move == game.to_move and app.side.value
