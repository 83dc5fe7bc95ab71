"""Write a result table chunk by chunk, so a run that stops early keeps every finished game.

>>> import pandas as pd, tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "rows.csv"
>>> with ResultWriter(path) as out:
...     out.write(pd.DataFrame({"game_index": [0, 1], "won": [True, False]}))
...     out.write(pd.DataFrame({"game_index": [2], "won": [True]}))
>>> pd.read_csv(path)["game_index"].tolist(), out.rows
([0, 1, 2], 3)

The file is opened (created, or emptied) when the writer is made, before any game is played: a
missing directory or a bad name fails at once, with :class:`OutputError` naming the path. Each
chunk is written whole and flushed; Ctrl-C during a write is held back until the chunk is on
disk. ``.csv`` gets one header line; ``.json`` is one array of records (closed by
:meth:`ResultWriter.close`, which an interrupted run still reaches); ``.jsonl`` is one record a
line, readable even if the process is killed outright.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
from collections.abc import Iterable, Iterator
from pathlib import Path
from types import TracebackType
from typing import IO, TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pandas as pd

FORMATS = (".csv", ".json", ".jsonl")


class OutputError(ValueError):
    """The results file cannot be written (bad suffix, missing directory, no permission)."""


@contextlib.contextmanager
def _interrupt_held() -> Iterator[None]:
    """Hold a SIGINT that arrives inside the block and deliver it on leaving (main thread only)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[Any] = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: caught.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        if caught:
            raise KeyboardInterrupt


class ResultWriter:
    """Append result chunks to a .csv, .json or .jsonl file.

    The columns are those of the first chunk, or its ``attrs["columns"]`` when it lists the
    columns of the whole run (as chunks of :func:`~.simulate.stream_configs` do); a later chunk
    lacking some of them gets empty cells.
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self.format = self.path.suffix.lower()
        if self.format not in FORMATS:
            raise OutputError(f"{self.path}: use a .csv, .json or .jsonl file name")
        try:
            self._file: IO[str] | None = open(self.path, "w", encoding="utf-8", newline="")  # noqa: SIM115
        except OSError as exc:
            raise OutputError(f"cannot write {self.path}: {exc.strerror}") from None
        self.rows = 0
        self._columns: list[str] | None = None

    def write(self, chunk: pd.DataFrame) -> None:
        """Append ``chunk``'s rows and flush them to disk."""
        if self._file is None:
            raise OutputError(f"{self.path} is closed")
        if self._columns is None:
            self._columns = list(chunk.attrs.get("columns", chunk.columns))
        extra = [c for c in chunk.columns if c not in self._columns]
        if extra:
            raise OutputError(f"{self.path}: columns {extra} are not in the header")
        if chunk.empty:
            return
        if list(chunk.columns) != self._columns:
            chunk = chunk.reindex(columns=self._columns)
        if self.format == ".csv":
            text = chunk.to_csv(index=False, header=self.rows == 0, lineterminator="\n")
        else:
            lines = chunk.to_json(orient="records", lines=True).rstrip("\n")
            if self.format == ".json":
                text = ("[\n" if self.rows == 0 else ",\n") + lines.replace("\n", ",\n")
            else:
                text = lines + "\n"
        with _interrupt_held():
            self._file.write(text)
            self._file.flush()
            self.rows += len(chunk)

    def close(self) -> None:
        """Finish the file (a .json array gets its closing bracket); safe to call twice."""
        if self._file is None:
            return
        with _interrupt_held():
            if self.format == ".json":
                self._file.write("[]\n" if self.rows == 0 else "\n]\n")
            self._file.close()
            self._file = None

    def __enter__(self) -> ResultWriter:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()


def written(chunks: Iterable[pd.DataFrame], writer: ResultWriter | None
            ) -> Iterator[pd.DataFrame]:
    """Each chunk of a run, once it is written to ``writer`` (``None``: nothing written)."""
    for chunk in chunks:
        if writer is not None:
            writer.write(chunk)
        yield chunk
