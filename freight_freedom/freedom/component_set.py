"""One set of Freedom's components: the packaged files, or a teacher's corrected copy of some.

The seven files of ``freight_freedom/freedom/data`` (map, tokens, cards, market, victory, dice,
roles) are the packaged set. A teacher who owns the box and reads a value differently writes an
editable copy (:func:`export`, or ``freight-freedom components export my_freedom_data``), edits
the files that differ (or keeps only those) and plays with them::

    game = Freedom(players=2, components="my_freedom_data/")

A file missing from the folder comes from the package. A copy of the whole packaged folder loads
as it is: its two derived files (:data:`DERIVED`: the map's stored drawing and the list of files
already checked) are not component data and are skipped; the drawing of a changed map is worked
out again from each space's ``lon``/``lat`` in ``map.json``. Every file is checked against its JSON
Schema and the rules only this game knows; all problems of all files are listed in one
:class:`~freight_freedom.core.errors.ComponentError`, each with its file, field and reason.

A set is identified by its :attr:`Components.digest` (SHA-256 of the files' parsed contents, so
spacing and key order do not count). Save files record the digest of a non-packaged set and
refuse to load against another one.

>>> Components.packaged().is_packaged
True
>>> Components.packaged().tokens.support_price > 0
True
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from ..core.errors import ComponentError, Problem
from .board import Board, note_packaged
from .cards import CardSet
from .components import (
    Dice,
    MarketCard,
    TokenBoard,
    VictoryCard,
    parse_market,
    parse_victory,
)
from .data_files import read_data_file, read_packaged
from .roles import Role, parse_roles
from .schemas import CHECKED_FILE

__all__ = ["DERIVED", "FILES", "Components", "export"]

_PARSERS: dict[str, Callable[[Any, str], Any]] = {
    "map.json": Board.from_dict,
    "tokens.json": TokenBoard.from_dict,
    "cards.json": CardSet.from_dict,
    "market.json": parse_market,
    "victory.json": parse_victory,
    "dice.json": Dice.from_dict,
    "roles.json": parse_roles,
}
#: The component files, by name.
FILES: tuple[str, ...] = tuple(_PARSERS)
#: Files of the packaged folder that are worked out from the component files, not edited: a
#: folder may hold them (a copy of the whole packaged folder), and they are skipped.
DERIVED: dict[str, str] = {
    "map_layout.json": "where the packaged map's spaces and names are drawn (worked out again "
                       "from map.json when the map differs)",
    CHECKED_FILE: "the packaged files already checked against their schemas",
}


@dataclass(frozen=True, eq=False)
class Components:
    """A validated set of components; build one with :meth:`packaged` or :meth:`load`."""

    board: Board
    tokens: TokenBoard
    cards: CardSet
    market: tuple[MarketCard, ...]
    victory: Mapping[int, VictoryCard]
    dice: Dice
    roles: Mapping[str, Role]
    digest: str
    changed: tuple[str, ...]
    """The files that differ from the packaged ones."""

    @property
    def is_packaged(self) -> bool:
        """True when every file is the packaged one (whatever folder it was read from)."""
        return not self.changed

    @classmethod
    def packaged(cls) -> Components:
        """The set shipped in the package (cached)."""
        return _packaged()

    @classmethod
    def load(cls, directory: str | Path) -> Components:
        """The files found in ``directory`` (any subset of :data:`FILES`), the rest packaged.

        Raises :class:`~freight_freedom.core.errors.ComponentError` listing every problem of
        every file (and any ``.json`` file that is neither a component file nor one of the
        :data:`DERIVED` files of a copied packaged folder, which are skipped), or
        :class:`FileNotFoundError` if ``directory`` is not a folder.
        """
        folder = Path(directory)
        if not folder.is_dir():
            raise FileNotFoundError(f"no folder of component files at {str(folder)!r}")
        raw: dict[str, Any] = {}
        problems: list[Problem] = []
        for path in sorted(folder.glob("*.json")):
            if path.name in DERIVED:
                continue
            if path.name not in _PARSERS:
                problems.append(Problem(path.name, "file", "is not a component file; the files "
                                        f"are {', '.join(FILES)}"))
                continue
            try:
                raw[path.name] = read_data_file(path)
            except ComponentError as exc:
                problems += exc.problems
        return cls._build({n: raw[n] if n in raw else read_packaged(n) for n in FILES}, raw,
                          problems)

    @classmethod
    def _build(cls, data: dict[str, Any], given: dict[str, Any],
               problems: list[Problem] | None = None) -> Components:
        problems = [] if problems is None else problems
        parsed: dict[str, Any] = {}
        for name, parse in _PARSERS.items():
            try:
                parsed[name] = parse(data[name], name)
            except ComponentError as exc:
                problems += exc.problems
        if not problems:
            problems += _cross_problems(parsed)
        if problems:
            raise ComponentError(problems)
        packaged = cls.packaged() if given else None
        canonical = {n: _canonical(d) for n, d in data.items()}
        changed = tuple(n for n in FILES if packaged is not None and n in given
                        and canonical[n] != _canonical(read_packaged(n)))
        digest = hashlib.sha256(json.dumps(canonical, sort_keys=True).encode()).hexdigest()
        return cls(parsed["map.json"], parsed["tokens.json"], parsed["cards.json"],
                   parsed["market.json"], parsed["victory.json"], parsed["dice.json"],
                   parsed["roles.json"], digest, changed)

    def __reduce_ex__(self, protocol: Any) -> Any:
        """The packaged set pickles as a reference to it (a game sent to a worker process, e.g.
        by the advisor, then costs a few bytes, not the whole set); any other set by value."""
        if not self.changed:
            return (Components.packaged, ())
        return super().__reduce_ex__(protocol)

    def __repr__(self) -> str:
        what = f"changed: {', '.join(self.changed)}" if self.changed else "packaged"
        return f"<Freedom components {self.digest[:12]} ({what})>"


def export(directory: str | Path, *, overwrite: bool = False) -> list[Path]:
    """Write an editable copy of the packaged component files into ``directory`` (created if
    needed) and return the paths written; ``Freedom(components=directory)`` then plays it.

    Refuses, with :class:`FileExistsError`, to replace a component file already there unless
    ``overwrite``: a teacher's corrections are never lost to a second export.
    """
    folder = Path(directory)
    if folder.exists() and not folder.is_dir():
        raise NotADirectoryError(f"{str(folder)!r} is a file, not a folder")
    targets = [folder / name for name in FILES]
    present = [t.name for t in targets if t.exists()]
    if present and not overwrite:
        raise FileExistsError(f"{str(folder)!r} already holds {', '.join(present)}; choose an "
                              "empty folder (or overwrite)")
    folder.mkdir(parents=True, exist_ok=True)
    data = resources.files("freight_freedom.freedom").joinpath("data")
    for target in targets:
        target.write_bytes(data.joinpath(target.name).read_bytes())
    return targets


@functools.cache
def _packaged() -> Components:
    comps = Components._build({name: read_packaged(name) for name in FILES}, {})
    note_packaged(comps.board, packaged_board)
    return comps


def packaged_board() -> Board:
    """The packaged set's map (what a pickled packaged map loads as)."""
    return _packaged().board


def _canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def _cross_problems(parsed: Mapping[str, Any]) -> list[Problem]:
    """Checks between files: the Slave Catcher die shows the map's catchers (FR-DICE-1)."""
    board: Board = parsed["map.json"]
    dice: Dice = parsed["dice.json"]
    if dice.catchers != tuple(board.catchers):
        return [Problem("dice.json", "catcher_faces",
                        f"must name the map's catchers {list(board.catchers)} (in map order) "
                        f"and 'walk', not {list(dice.catcher_faces)}")]
    return []
