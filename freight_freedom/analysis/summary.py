"""A run's summary (win rates with Wilson intervals, mean figures) kept up to date chunk by chunk.

The command line prints it at the end of a run without ever holding the result table: each chunk
is reduced to sums per group and added to the totals, so memory stays flat however many games.

>>> import pandas as pd
>>> s = RunningSummary(["bot"])
>>> s.add(pd.DataFrame({"bot": ["a", "b"], "win_0": [True, False], "rounds": [10, 20]}))
>>> s.add(pd.DataFrame({"bot": ["a"], "win_0": [False], "rounds": [30]}))
>>> s.games, s.win_table()[["bot", "games", "wins", "rate"]].values.tolist()
(3, [['a', 2, 1, 0.5], ['b', 1, 0, 0.0]])
>>> s.means().loc["a", "rounds"]
np.float64(20.0)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .plots import wilson_interval

if TYPE_CHECKING:
    import pandas as pd

MEAN_COLUMNS = ("rounds", "decisions", "freed", "lost", "score_0", "score_1")
WIN_COLUMNS = ("won", "win_0")
_SUM, _COUNT = "\0sum", "\0n"


class RunningSummary:
    """Games, wins and the sums behind the means, per group of ``keys`` (columns of the rows)."""

    def __init__(self, keys: list[str]) -> None:
        self.keys = list(keys)
        self.games = 0
        self.win: str | None = None
        self.columns: list[str] = []
        self._totals: pd.DataFrame | None = None

    def add(self, chunk: pd.DataFrame) -> None:
        """Add a chunk of result rows (all chunks of a run have the same columns)."""
        import pandas as pd

        if chunk.empty:
            return
        if self._totals is None:
            names = list(chunk.attrs.get("columns", chunk.columns))
            self.win = next((c for c in WIN_COLUMNS if c in names), None)
            self.columns = [c for c in MEAN_COLUMNS if c in names]
        chunk = chunk.reindex(columns=[*self.keys, *filter(None, [self.win]), *self.columns])
        work = pd.DataFrame({k: chunk[k] for k in self.keys}, index=chunk.index)
        work["games"] = 1
        if self.win is not None:
            work["wins"] = chunk[self.win].fillna(False).astype(bool).astype(int)
        for column in self.columns:
            values = pd.to_numeric(chunk[column], errors="coerce")
            work[column + _SUM] = values.fillna(0.0)
            work[column + _COUNT] = values.notna().astype(int)
        if self.keys:
            part = work.groupby(self.keys, sort=True, dropna=False).sum()
        else:
            part = work.sum().to_frame().T
        if self._totals is None:
            self._totals = part
        elif self.keys:
            both = pd.concat([self._totals, part])
            self._totals = both.groupby(level=list(range(both.index.nlevels)), sort=True,
                                        dropna=False).sum()
        else:
            self._totals = self._totals + part
        self.games += len(chunk)

    def win_table(self) -> pd.DataFrame | None:
        """Columns ``<keys>, games, wins, rate, low, high`` (95% Wilson); None without wins."""
        if self._totals is None or self.win is None:
            return None
        table = self._totals[["games", "wins"]].astype(int)
        table = table.reset_index() if self.keys else table.reset_index(drop=True)
        table["rate"] = table["wins"] / table["games"]
        bounds = [wilson_interval(w, n) for w, n in zip(table["wins"], table["games"],
                                                         strict=True)]
        table["low"] = [b[0] for b in bounds]
        table["high"] = [b[1] for b in bounds]
        return table

    def means(self) -> pd.DataFrame | None:
        """Mean of each figure per group (index: the keys, or one row ``mean``)."""
        if self._totals is None or not self.columns:
            return None
        import pandas as pd

        data: dict[str, Any] = {
            c: self._totals[c + _SUM] / self._totals[c + _COUNT].where(
                self._totals[c + _COUNT] > 0)
            for c in self.columns
        }
        frame = pd.DataFrame(data)
        if not self.keys:
            frame.index = pd.Index(["mean"])
        return frame

    def text(self) -> str:
        """The summary as printed by the command line."""
        parts = []
        table = self.win_table()
        if table is not None:
            parts.append(table.to_string(index=False, float_format=lambda x: f"{x:.3f}"))
        means = self.means()
        if means is not None:
            parts.append(means.to_string(float_format=lambda x: f"{x:.2f}"))
        return "\n\n".join(parts)
