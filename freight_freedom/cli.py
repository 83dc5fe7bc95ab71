"""The ``freight-freedom`` command line: simulate, sweep, list bots, replay a saved game.

Examples::

    freight-freedom simulate freedom --players 2 --games 1000 --bot heuristic --jobs 2 \\
        --out results.csv
    freight-freedom simulate slowfreight --players 3 --bot montecarlo:8,random,random --games 200
    freight-freedom simulate freedom --difficulty challenging --easier-money --roles \\
        Conductor,Preacher
    freight-freedom sweep slowfreight --grid movement_table=gentle,standard,harsh \\
        --grid bot=small-fast,big-slow --games 500 --jobs 2 --out tables.csv
    freight-freedom bots slowfreight
    freight-freedom replay save.json
    freight-freedom export save.json --out log.csv
    freight-freedom components export my_freedom_data
    freight-freedom components export my_data --game GAME
    freight-freedom notebooks my-notebooks
    freight-freedom classroom --lan
    freight-freedom --version

Each game's options are flags made from its declared options (``freight-freedom simulate freedom
--help`` lists them, with their rule IDs); ``-o NAME=VALUE`` sets any option too. Bad arguments
(a game option that does not exist, an ``--out`` that cannot be written, an
unreachable scheduler) print one line on stderr and exit with status 2, before any game is
played. Results are written to ``--out`` chunk by chunk as games finish, in game order, and the
run streams its games, so memory stays flat however many. A game that fails exits with status 1,
Ctrl-C with status 130; either way the rows finished before stay in the file, and one line says
how many. ``main(argv)`` returns the status instead of
exiting, so it can be called from Python and from tests.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from .cli_parser import (
    PROG,
    UsageError,
    _bot_spec,
    _grid,
    _options,
    build_parser,
    component_games,
)
from .core import registry


def _write(df: Any, out: Path | None, stdout: TextIO) -> None:
    from .analysis.output import ResultWriter

    if out is None:
        return
    with ResultWriter(out) as writer:
        writer.write(df)
    print(f"wrote {len(df)} rows to {out}", file=stdout)


class _Stopped(Exception):
    """A run that stopped early: the one line to print and the exit status."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def _backend(args: argparse.Namespace) -> str:
    if args.scheduler and args.backend == "loky":
        raise UsageError("--scheduler runs on a Dask cluster: drop --backend loky")
    backend: str = args.backend or ("dask" if args.scheduler else "loky")
    return backend


def _in_cluster(args: argparse.Namespace, backend: str, run: Any) -> Any:
    if backend != "dask":
        return run()
    try:
        import distributed
    except ImportError:
        raise UsageError("--backend dask needs dask.distributed installed") from None
    dist: Any = distributed
    if args.scheduler:
        try:
            client = dist.Client(args.scheduler)
        except (OSError, ValueError) as exc:
            reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            raise UsageError(f"cannot reach the Dask scheduler at {args.scheduler}: "
                             f"{reason}") from None
        with client:
            return run()
    workers = args.jobs if args.jobs > 0 else None
    with dist.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, dist.Client(cluster):
        return run()


def _play(args: argparse.Namespace, configs: list[Any], keys: list[str],
          stdout: TextIO) -> int:
    """Play the configs, writing each chunk to --out as it comes; summary at the end.

    --out is opened before the first game. A failed game or Ctrl-C stops the run: the rows of
    the games finished before it stay in the file (a prefix, in game order), and one line says so.
    """
    from .analysis.output import ResultWriter, written
    from .analysis.simulate import SimulationError, stream_configs
    from .analysis.summary import RunningSummary

    backend = _backend(args)
    writer = ResultWriter(args.out) if args.out is not None else None
    summary = RunningSummary(keys)

    def run() -> None:
        chunks = stream_configs(configs, args.games, seed=args.seed, n_jobs=args.jobs,
                                progress=not args.no_progress, backend=backend)
        try:
            for chunk in written(chunks, writer):
                summary.add(chunk)
        finally:
            chunks.close()

    def kept() -> str:
        if writer is None:
            return f"{summary.games} games finished (no --out: no rows written)"
        return f"wrote the {writer.rows} rows finished to {writer.path}"

    try:
        _in_cluster(args, backend, run)
    except KeyboardInterrupt:
        if writer is not None:
            writer.close()
        raise _Stopped(130, f"interrupted; {kept()}") from None
    except SimulationError as exc:
        if writer is not None:
            writer.close()
        raise _Stopped(1, f"a game failed: {exc}; {kept()}") from None
    finally:
        if writer is not None:
            writer.close()
    if writer is not None:
        print(f"wrote {writer.rows} rows to {writer.path}", file=stdout)
    print(summary.text(), file=stdout)
    return 0


def _simulate(args: argparse.Namespace, stdout: TextIO) -> int:
    from .analysis.simulate import check_option_names, make_config

    options = _options(args)
    check_option_names(args.game, options)
    config = make_config(args.game, options, _bot_spec(args.bot), checked=args.checked)
    return _play(args, [config], ["bot"], stdout)


def _sweep(args: argparse.Namespace, stdout: TextIO) -> int:
    from .analysis.simulate import check_option_names
    from .analysis.sweep import grid_configs

    options = _options(args)
    check_option_names(args.game, options)
    grid = _grid(args)
    if "bot" not in grid:
        options["bot"] = _bot_spec(args.bot)
    configs = grid_configs(args.game, grid, checked=args.checked, **options)
    return _play(args, configs, list(grid), stdout)


def _bots(args: argparse.Namespace, stdout: TextIO) -> int:
    from .analysis import bot_names

    for name, text in sorted(bot_names(args.game).items()):
        print(f"{name:12} {text}", file=stdout)
    return 0


def _load_save(path: Path) -> Any:
    """The game in a save file, replayed and verified; UsageError naming what is wrong.

    Read and parsed by the package's one bounded loader (:mod:`.core.plain`), as
    ``from_json`` does: a huge, endless, deeply nested or non-UTF-8 file gets its message."""
    from .core import SaveFileError
    from .core.plain import PlainDataError, load_json, read_bounded

    try:
        raw = read_bounded(path)
    except PlainDataError as exc:
        if exc.reason.startswith("larger than"):
            raise UsageError(f"{path} is {exc.reason}: not a save file") from None
        raise UsageError(f"cannot read {path} {exc.reason.removeprefix('cannot be read ')}"
                         ) from None
    try:
        data = load_json(raw, "file")
    except PlainDataError as exc:
        raise UsageError(f"{path} is not a freight_freedom save file: {exc}") from None
    game = data.get("game") if isinstance(data, dict) else None
    entry = registry.find(game) if isinstance(game, str) else None
    if entry is None:
        raise UsageError(f"{path} is not a freight_freedom save file (no known 'game')")
    try:
        return entry.game_class().from_json(raw)
    except SaveFileError as exc:
        raise UsageError(f"{path}: {exc}") from None


def _components(args: argparse.Namespace, stdout: TextIO) -> int:
    entry = registry.game_entry(args.game)
    if entry.export_components is None:
        raise UsageError(f"{entry.title} cannot export its components: it plays only the ones "
                         "packaged with it, so an edited copy could not be played (the games "
                         f"that can: {', '.join(component_games()) or 'none'})")
    try:
        written = entry.export_components(args.dir, args.overwrite)
    except (FileExistsError, NotADirectoryError) as exc:
        raise UsageError(f"{exc}; add --overwrite to replace them" if isinstance(
            exc, FileExistsError) else str(exc)) from None
    except OSError as exc:
        raise UsageError(f"cannot write {args.dir}: {exc.strerror or exc}") from None
    print(f"wrote {len(written)} component files to {args.dir}; edit them, then play with "
          f"{entry.game_class().__name__}(components={str(args.dir)!r})", file=stdout)
    return 0


def _export(args: argparse.Namespace, stdout: TextIO) -> int:
    try:
        import pandas as pd
    except ImportError:
        raise UsageError("export needs pandas: pip install 'freight-freedom[analysis]'") from None

    game = _load_save(args.save)
    if args.what == "events":
        rows = [{"index": i, "rule": e.rule, "text": e.text,
                 "data": json.dumps(e.data, sort_keys=True)} for i, e in enumerate(game.log)]
    else:
        rows = [{"step": i, "notation": str(step), "seat": getattr(step, "seat", None),
                 "kind": getattr(step, "kind", "scenario")}
                for i, step in enumerate(game.history, 1)]
    _write(pd.DataFrame(rows), args.out, stdout)
    return 0


def _replay(args: argparse.Namespace, stdout: TextIO) -> int:

    game = _load_save(args.save)
    print(f"{game!r}  rules {game.rules_version}", file=stdout)
    if args.actions:
        for i, step in enumerate(game.history, 1):
            print(f"  step {i}: {step}", file=stdout)
    for event in game.log:
        print(str(event), file=stdout)
    if game.is_over:
        print(f"outcome: {game.outcome}", file=stdout)
    return 0


def _notebooks(args: argparse.Namespace, stdout: TextIO) -> int:
    from .guided_notebooks import copy_notebooks

    try:
        done = copy_notebooks(args.dir)
    except (OSError, ValueError) as exc:
        raise UsageError(f"cannot copy the notebooks into {args.dir}: {exc}") from None
    notebooks = [name for name in done.written if name.endswith(".ipynb")]
    lessons = [name for name in done.written if not name.endswith(".ipynb")]
    if notebooks:
        print(f"copied {len(notebooks)} notebooks into {done.folder}: "
              f"{', '.join(notebooks)}", file=stdout)
    if lessons:
        print(f"copied {len(lessons)} example lesson files to change and open with "
              f"lessons.show(...): {', '.join(lessons)}", file=stdout)
    if done.kept:
        print(f"kept {len(done.kept)} already there (never overwritten): "
              f"{', '.join(done.kept)}", file=stdout)
    print(f"open them with:  jupyter lab {done.folder}   (start with index.ipynb)", file=stdout)
    return 0


def _lesson(args: argparse.Namespace, stdout: TextIO) -> int:
    """``freight-freedom lesson check FILE``: a one-line summary, or one line per problem."""
    from .lessons.lesson_file import LessonFileError, load, where_text

    try:
        found = load(args.file)
    except LessonFileError as exc:
        for line, reason in exc.problems:
            print(f"{where_text(exc.path, line)}: {reason}", file=stdout)
        return 2
    questions = sum(step.question is not None for step in found.steps)
    print(f"ok: {len(found.steps)} step{'' if len(found.steps) == 1 else 's'}, {questions} "
          f"question{'' if questions == 1 else 's'}", file=stdout)
    return 0


def _translations(args: argparse.Namespace, stdout: TextIO) -> int:
    """``freight-freedom translations check|add FILE``, ``compile``, ``extract``, ``update``."""
    from . import translations

    try:
        translations.babel()
    except ImportError as exc:
        raise UsageError(str(exc)) from None
    if args.translations_command == "compile":
        for po in translations.shipped():
            print(translations.compile_po(po, po.parents[2]), file=stdout)
        return 0
    if args.translations_command == "extract":
        count = translations.extract()
        print(f"{translations.TEMPLATE}: {count} texts", file=stdout)
        return 0
    if args.translations_command == "update":
        for path, left in translations.update(list(args.parts)).items():
            print(f"{path}: {left} untranslated", file=stdout)
        return 0
    if not args.file.is_file():
        raise UsageError(f"{args.file} is not a file")
    if args.translations_command == "check":
        found = translations.problems(args.file)
    else:
        written, found = translations.add(args.file, args.into)
    for problem in found:
        print(f"{args.file}:{problem.line}: {problem.message}", file=stdout)
    if found:
        return 2
    catalog = translations.read(args.file)
    lang = catalog.locale_identifier
    if args.translations_command == "check":
        print(f"ok: {lang}, {len(catalog)} entries", file=stdout)
    else:
        print(f"added {lang}: {written}", file=stdout)
        print(f"use it with:  freight_freedom.set_language({str(lang)!r})   "
              f"(or the language menu of the app)", file=stdout)
    return 0


def _classroom(args: argparse.Namespace, stdout: TextIO) -> int:
    from importlib.util import find_spec

    missing = [name for name in ("voila", "sqlalchemy", "segno", "ipykernel")
               if find_spec(name) is None]
    if missing:
        raise UsageError(f"the classroom needs {', '.join(missing)}: pip install "
                         "'freight-freedom[classroom]'")
    from .classroom.pages.serve import prepare, serve

    if args.classroom_command == "delete":
        return _delete_class(args, stdout)
    plan = prepare(args.db, code=args.class_code, new_pin=args.new_pin, lan=args.lan,
                   port=args.port, keep_days=args.keep_days, out=stdout,
                   base_url=args.base_url, public_url=args.public_url)
    return serve(plan, stdout)


def _delete_class(args: argparse.Namespace, stdout: TextIO) -> int:
    """``freight-freedom classroom delete --code CODE``: asks, then deletes."""
    import os

    from .classroom import lifecycle, people
    from .classroom.pages.common import DB_ENV
    from .classroom.pages.serve import default_db
    from .classroom.room import Classroom
    from .classroom.store import shown_url

    url = args.db or os.environ.get(DB_ENV, "").strip() or str(default_db())
    room = Classroom(url, code=args.code)  # ClassroomError (no such class): status 2
    try:
        count = len(people.students(room.store, room.class_id))
        what = (f"class {room.code} ({room.name}) in {shown_url(room.store.url)}: {count} "
                f"student{'' if count == 1 else 's'} and all their answers, tables and moves")
        if not args.yes:
            reply = input(f"Delete {what}? This cannot be undone. Type the class code to "
                          "confirm: ")
            if reply.strip().upper() != room.code:
                print("Nothing deleted.", file=stdout)
                return 1
        lifecycle.delete_class(room.store, room.class_id)
        print(f"Deleted {what}.", file=stdout)
        return 0
    finally:
        room.close()



def main(argv: Sequence[str] | None = None, *, stdout: TextIO | None = None,
         stderr: TextIO | None = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``); return the exit status."""
    out = stdout or sys.stdout
    err = stderr or sys.stderr
    parser = build_parser()
    try:
        try:
            args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
        except SystemExit as exc:  # --help / --version print and "exit"
            return int(exc.code or 0)
        command = {"simulate": _simulate, "sweep": _sweep, "bots": _bots, "replay": _replay,
                   "export": _export, "components": _components, "notebooks": _notebooks,
                   "classroom": _classroom, "lesson": _lesson,
                   "translations": _translations}
        return command[args.command](args, out)
    except _Stopped as exc:
        print(f"{PROG}: {exc}", file=err)
        return exc.status
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=err)
        return 130
    except UsageError as exc:
        print(f"{PROG}: error: {exc}" if not str(exc).startswith(PROG) else f"{exc}", file=err)
        return 2
    except ValueError as exc:  # bad option or bot, raised before any game is played
        print(f"{PROG}: error: {exc}", file=err)
        return 2
    except RuntimeError as exc:  # SimulationError and friends
        print(f"{PROG}: a game failed: {exc}", file=err)
        return 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
