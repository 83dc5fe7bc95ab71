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
    freight-freedom classroom --lan

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
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

from .core import registry
from .core.options import Option

PROG = "freight-freedom"


class UsageError(Exception):
    """A command-line mistake: printed on stderr, exit status 2."""


def _whole(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def _positive_int(text: str) -> int:
    value = _whole(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _jobs(text: str) -> int:
    value = _whole(text)
    if value == 0:
        raise argparse.ArgumentTypeError("must be a positive number of processes, or -1 for all")
    return value


def _seed(text: str) -> int:
    value = _whole(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, not {value}")
    return value


def _value(text: str) -> Any:
    """An option value: JSON when it parses (numbers, true/false/null, lists), else the text.

    Parsed by the package's bounded loader: text that is JSON but not plain, bounded data (a
    list nested a thousand deep, a number of a thousand digits) is refused here, by name."""
    from .core.plain import PlainDataError, load_json

    try:
        return load_json(text, "value")
    except PlainDataError as exc:
        if exc.reason.startswith("not valid JSON"):
            return text
        raise UsageError(f"{text[:40]!r}: {exc.reason}") from None


def _key_value(text: str) -> tuple[str, str]:
    key, sep, value = text.partition("=")
    if not sep or not key.strip():
        raise argparse.ArgumentTypeError(f"{text!r} is not NAME=VALUE")
    return key.strip(), value.strip()


def _bot_spec(text: str) -> Any:
    parts = [p.strip() for p in text.split(",")]
    if any(not p for p in parts):
        raise UsageError(f"--bot {text!r}: empty bot name")
    return parts[0] if len(parts) == 1 else parts


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser that raises instead of exiting, so main() can return a status."""

    def error(self, message: str) -> Any:
        raise UsageError(f"{self.prog}: {message}")


def _run_options(sub: argparse.ArgumentParser) -> None:
    sub.add_argument("--games", type=_positive_int, default=100, help="games to play (100)")
    sub.add_argument("--seed", type=_seed, default=0, help="master seed (0)")
    sub.add_argument("--jobs", type=_jobs, default=1, help="worker processes; -1 = all cores")
    sub.add_argument("--backend", choices=("loky", "dask"), default=None,
                     help="loky: local processes (the default); dask: a Dask cluster")
    sub.add_argument("--scheduler", help="Dask scheduler address, e.g. tcp://10.0.0.5:8786 "
                     "(implies --backend dask; without it, dask starts a local cluster with "
                     "--jobs worker processes)")
    sub.add_argument("--option", "-o", type=_key_value, action="append", default=[],
                     metavar="NAME=VALUE", help="a game option, e.g. difficulty=challenging")
    sub.add_argument("--out", type=Path, help="write the results table here (.csv, .json or "
                     ".jsonl), chunk by chunk as games finish; checked before the first game")
    sub.add_argument("--checked", action="store_true", help="check every bot decision")
    sub.add_argument("--no-progress", action="store_true", help="no progress bar")


OPTION_DEST = "option_"
"""Prefix of the attributes that hold game-option flags (never clashes with run settings)."""


def _flag_type(option: Option) -> Callable[[str], Any]:
    """How the text of a flag becomes the option's value (the game validates the value)."""
    def parse(text: str) -> Any:
        if option.kind == "per_seat":
            return [part.strip() for part in text.split(",")]
        if option.kind == "choice":
            by_text = {str(c): c for c in option.choices}
            if text in by_text:
                return by_text[text]
            raise argparse.ArgumentTypeError(
                f"invalid choice {text!r} (choose from {', '.join(by_text)})")
        if option.kind == "int" and option.none_means and text.lower() in (
                "none", "null", option.none_means):
            return None
        if option.kind == "seat" and text in option.choices:
            return text
        return _whole(text)

    parse.__name__ = option.kind  # argparse names the type in its messages
    return parse


def _flag_help(option: Option) -> str:
    default = option.default
    if option.kind == "per_seat":
        shown = f"one of {', '.join(map(str, option.choices))} per player, comma-separated"
        default_text = "random" if default is None else str(default)
    else:
        shown = ""
        default_text = option.none_means if default is None else str(default)
    if option.kind == "bool":
        default_text = "on" if default else "off"
    parts = [option.help or option.title]
    if shown:
        parts.append(f"; {shown}")
    parts.append(f" (default {default_text}" + (f"; rule {option.rule})" if option.rule else ")"))
    return "".join(parts).replace("%", "%%")


def add_option_flags(parser: argparse._ActionsContainer, spec: Sequence[Option]) -> None:
    """One flag per declared option: ``--movement-table harsh``, ``--easier-money`` /
    ``--no-easier-money``, ``--roles Conductor,Preacher``. A flag left out leaves the option
    to the game's default."""
    for option in spec:
        flag = "--" + option.name.replace("_", "-")
        common: dict[str, Any] = {"dest": OPTION_DEST + option.name,
                                  "default": argparse.SUPPRESS, "help": _flag_help(option)}
        if option.kind == "bool":
            parser.add_argument(flag, action=argparse.BooleanOptionalAction, **common)
            continue
        metavar = {"int": "N", "seat": "SEAT", "per_seat": "A,B,..."}.get(option.kind)
        if option.kind == "choice":
            metavar = "{" + ",".join(map(str, option.choices)) + "}"
        parser.add_argument(flag, type=_flag_type(option), metavar=metavar, **common)


def _game_parsers(command: argparse.ArgumentParser,
                  extra: Callable[[argparse.ArgumentParser], None]) -> None:
    """One sub-command per game (and its other names): run settings, then its option flags."""
    games = command.add_subparsers(dest="game_name", required=True, metavar="game",
                                   parser_class=_Parser,
                                   help=f"which game to play: {', '.join(registry.names())}")
    for entry in registry.GAMES.values():
        sub = games.add_parser(entry.key, aliases=list(entry.aliases), help=entry.title,
                               description=f"{command.description or ''} {entry.title}.")
        sub.set_defaults(game=entry.key, option_flags=[o.name for o in entry.option_spec()])
        _run_options(sub)
        extra(sub)
        add_option_flags(sub.add_argument_group(f"{entry.title} options"),
                         entry.option_spec())


def _simulate_extra(sub: argparse.ArgumentParser) -> None:
    sub.add_argument("--bot", default="random",
                     help="bot name, 'name:strength', or one per seat separated by commas")


def _sweep_extra(sub: argparse.ArgumentParser) -> None:
    sub.add_argument("--grid", type=_key_value, action="append", default=[], metavar="NAME=V1,V2",
                     help="an option (or 'bot') and its values; repeat for more; bots per seat "
                     "are joined with '+' (bot=montecarlo+random,random)")
    sub.add_argument("--bot", default="random", help="bot when the grid does not vary it")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog=PROG, description="Play, study and replay Freedom and Slow Freight.")
    subs = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    sim = subs.add_parser("simulate", help="play many games with bots; one row per game",
                          description="Play many games with bots; one row per game:")
    _game_parsers(sim, _simulate_extra)
    sw = subs.add_parser("sweep", help="simulate every combination of option values",
                         description="Simulate every combination of option values:")
    _game_parsers(sw, _sweep_extra)
    bots = subs.add_parser("bots", help="list the bots of a game")
    bots.add_argument("game", type=_game_name, metavar="game",
                      help=f"one of {', '.join(registry.names())}")
    rep = subs.add_parser("replay", help="print a saved game's log with rule IDs")
    rep.add_argument("save", type=Path, help="a save file written by game.to_json()")
    rep.add_argument("--actions", action="store_true", help="also print each action")
    exp = subs.add_parser("export", help="write a saved game's log (or actions) as a table")
    exp.add_argument("save", type=Path, help="a save file written by game.to_json()")
    exp.add_argument("--out", type=Path, required=True,
                     help="a .csv, .json or .jsonl file to write")
    exp.add_argument("--what", choices=("events", "actions"), default="events",
                     help="events: one row per logged event (rule, text, data); actions: one "
                     "row per step of the history")
    comp = subs.add_parser("components", help="Freedom's component files (map, cards, ...)",
                           description="Freedom's component files: the map, tokens, cards, "
                           "Slave Market cards, Victory cards, dice and roles, as JSON.")
    what = comp.add_subparsers(dest="components_command", required=True, parser_class=_Parser)
    cexp = what.add_parser("export", help="write an editable copy of the packaged files",
                           description="Write an editable copy of the packaged component "
                           "files into DIR; play it with Freedom(components=DIR).")
    cexp.add_argument("dir", type=Path, metavar="DIR", help="the folder to write (created if "
                      "needed)")
    cexp.add_argument("--overwrite", action="store_true",
                      help="replace component files already in DIR")
    cls = subs.add_parser("classroom", help="run a class: teacher, student and projector pages",
                          description="Open (or create) the class database and serve the "
                          "teacher's, the students' and the projector's pages with Voila "
                          "until Ctrl-C. Prints the teacher's PIN, the join link and the "
                          "class code.")
    cls.add_argument("--db", metavar="URL", help="sqlite:///class.db, postgresql://... or a "
                     "file path (default: $FREIGHT_FREEDOM_DB, else classroom.db here)")
    cls.add_argument("--port", type=_positive_int, default=8866, help="default 8866")
    cls.add_argument("--lan", action="store_true", help="listen on every network interface, "
                     "so that students' devices can join (default: this computer only)")
    cls.add_argument("--class", dest="class_code", metavar="CODE",
                     help="the class, when the database holds several")
    cls.add_argument("--new-pin", action="store_true",
                     help="replace the teacher's PIN with a new one (a forgotten PIN)")
    return parser


def _game_name(text: str) -> str:
    entry = registry.find(text)
    if entry is None:
        raise argparse.ArgumentTypeError(
            f"invalid choice: {text!r} (choose from {', '.join(registry.names())})")
    return entry.key


def _options(args: argparse.Namespace) -> dict[str, Any]:
    options = {key: _value(text) for key, text in args.option}
    for name in args.option_flags:
        dest = OPTION_DEST + name
        if hasattr(args, dest):
            if name in options:
                flag = "--" + name.replace("_", "-")
                raise UsageError(f"give {name} once: {flag} or --option {name}=")
            options[name] = getattr(args, dest)
    return options


def _grid(args: argparse.Namespace) -> dict[str, list[Any]]:
    if not args.grid:
        raise UsageError("sweep needs at least one --grid NAME=V1,V2")
    grid: dict[str, list[Any]] = {}
    for key, text in args.grid:
        if key in grid:
            raise UsageError(f"--grid {key} given twice")
        values = [v.strip() for v in text.split(",")]
        if any(not v for v in values):
            raise UsageError(f"--grid {key}={text}: empty value")
        if key == "bot":
            grid[key] = [v.split("+") if "+" in v else v for v in values]
        else:
            grid[key] = [_value(v) for v in values]
    return grid


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
    from .freedom.component_set import export

    try:
        written = export(args.dir, overwrite=args.overwrite)
    except (FileExistsError, NotADirectoryError) as exc:
        raise UsageError(f"{exc}; add --overwrite to replace them" if isinstance(
            exc, FileExistsError) else str(exc)) from None
    except OSError as exc:
        raise UsageError(f"cannot write {args.dir}: {exc.strerror or exc}") from None
    print(f"wrote {len(written)} component files to {args.dir}; edit them, then play with "
          f"Freedom(components={str(args.dir)!r})", file=stdout)
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


def _classroom(args: argparse.Namespace, stdout: TextIO) -> int:
    try:
        from .classroom.pages.serve import prepare, serve
    except ImportError as exc:
        raise UsageError(f"the classroom needs its extra: pip install "
                         f"'freight-freedom[classroom]' ({exc})") from None
    plan = prepare(args.db, code=args.class_code, new_pin=args.new_pin, lan=args.lan,
                   port=args.port)
    return serve(plan, stdout)


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
                   "export": _export, "components": _components, "classroom": _classroom}
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
