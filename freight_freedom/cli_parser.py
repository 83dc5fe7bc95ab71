"""The ``freight-freedom`` command line's arguments: the parser, its value types and each game's
option flags (made from the game's declared options). The commands themselves are in
:mod:`.cli`."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

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
    from . import __version__

    parser = _Parser(prog=PROG, description="Play, study and replay Freedom and Slow Freight.")
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
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
    with_files = ", ".join(component_games())
    comp = subs.add_parser("components", help="a game's component files (map, cards, ...)",
                           description="A game's component files (its map, cards, tokens, ...) "
                           f"as JSON; the games that have them: {with_files}.")
    what = comp.add_subparsers(dest="components_command", required=True, parser_class=_Parser)
    cexp = what.add_parser("export", help="write an editable copy of the packaged files",
                           description="Write an editable copy of a game's packaged component "
                           "files into DIR; play the copy with the game's components option "
                           "(Freedom(components=DIR)).")
    cexp.add_argument("dir", type=Path, metavar="DIR", help="the folder to write (created if "
                      "needed)")
    cexp.add_argument("--game", type=_game_name, default=registry.names()[0], metavar="GAME",
                      help=f"the game whose files to write (default: {registry.names()[0]}; "
                      f"the games with component files: {with_files})")
    cexp.add_argument("--overwrite", action="store_true",
                      help="replace component files already in DIR")
    nbs = subs.add_parser("notebooks", help="copy the guided notebooks into a folder",
                          description="Copy the guided notebooks (lessons, play apps, puzzles, "
                          "what-if questions) into DIR, then open them with `jupyter lab DIR`. "
                          "A notebook already in DIR is never overwritten.")
    nbs.add_argument("dir", type=Path, metavar="DIR", nargs="?",
                     default=Path("freight-freedom-notebooks"),
                     help="the folder to write (created if needed; default: "
                     "./freight-freedom-notebooks)")
    les = subs.add_parser("lesson", help="check a teacher's lesson file (Markdown)",
                          description="A teacher's own lesson, written as a Markdown file "
                          "(see docs/teaching.md, 'Writing your own lesson').")
    what_les = les.add_subparsers(dest="lesson_command", required=True, parser_class=_Parser)
    lchk = what_les.add_parser("check", help="check a lesson file and list every problem",
                               description="Read FILE as a lesson: print 'ok: N steps, M "
                               "questions', or one line FILE:LINE: problem for each problem "
                               "(exit status 2).")
    lchk.add_argument("file", type=Path, metavar="FILE", help="the lesson's .md file")
    tr = subs.add_parser("translations", help="check and add a language's words (.po files)",
                         description="The words students read, in another language: a gettext "
                         ".po file (see docs/translating.md). Needs Babel: pip install "
                         "'freight-freedom[translate]'.")
    what_tr = tr.add_subparsers(dest="translations_command", required=True, parser_class=_Parser)
    tchk = what_tr.add_parser("check", help="list what keeps a .po file from being used",
                              description="Print 'ok: LANG, N entries', or one line FILE:LINE: "
                              "problem for each untranslated or fuzzy entry and each "
                              "translation whose {placeholders} differ (exit status 2).")
    tchk.add_argument("file", type=Path, metavar="FILE", help="the language's .po file")
    tadd = what_tr.add_parser("add", help="check a .po file, then compile it for this computer",
                              description="Check FILE as 'check' does; when nothing is wrong, "
                              "compile it into your catalog folder (or DIR), where every game, "
                              "lesson and classroom page started afterwards finds it.")
    tadd.add_argument("file", type=Path, metavar="FILE", help="the language's .po file")
    tadd.add_argument("--into", type=Path, metavar="DIR", default=None,
                      help="compile into DIR instead (then set FREIGHT_FREEDOM_LOCALES=DIR)")
    what_tr.add_parser("compile", help="recompile the package's own catalogs (maintainers)")
    what_tr.add_parser("extract", help="write the template of every marked text (maintainers)",
                       description="Write freight_freedom/locale/freight_freedom.pot from the "
                       "texts the code and the components' files mark.")
    tupd = what_tr.add_parser("update", help="bring the package's .po files to the template and "
                              "compile them (maintainers)",
                              description="Add the template's new entries (empty) to each "
                              "shipped .po file, drop stale ones, take the translations of "
                              "the PART .po files, compile; print what is left untranslated.")
    tupd.add_argument("parts", type=Path, nargs="*", metavar="PART",
                      help=".po files of translations done apart (theirs win)")
    cls = subs.add_parser("classroom", help="run a class: teacher, student and projector pages",
                          description="Open (or create) the class database and serve the "
                          "teacher's, the students' and the projector's pages with Voila "
                          "until Ctrl-C. Prints the teacher's PIN, the join link and the "
                          "class code.")
    cls.add_argument("--db", metavar="URL", help="sqlite:///class.db, postgresql://... or a "
                     "file path (default: $FREIGHT_FREEDOM_DB, else classroom.db in your user data "
                     "folder; the banner prints where)")
    cls.add_argument("--port", type=_positive_int, default=8866, help="default 8866")
    cls.add_argument("--lan", action="store_true", help="listen on every network interface, "
                     "so that students' devices can join (default: this computer only)")
    cls.add_argument("--class", dest="class_code", metavar="CODE",
                     help="the class, when the database holds several")
    cls.add_argument("--new-pin", action="store_true",
                     help="replace the teacher's PIN with a new one (a forgotten PIN)")
    cls.add_argument("--base-url", default="/", metavar="PATH",
                     help="serve every page under this path, for a school's proxy (e.g. "
                     "/class/; default /)")
    cls.add_argument("--public-url", metavar="URL",
                     help="the address people open, behind the school's proxy (e.g. "
                     "https://class.example.org/class/): every printed link, the QR code and "
                     "the join link use it")
    cls.add_argument("--keep-days", type=_positive_int, default=365, metavar="N",
                     help="on starting, delete the classes of the database unused for more "
                     "than N days (default 365: a school year and its summer)")
    what_cls = cls.add_subparsers(dest="classroom_command", required=False,
                                  parser_class=_Parser, metavar="{delete}")
    dele = what_cls.add_parser("delete", help="delete a class and all its data",
                               description="Delete a class and everything of it (students, "
                               "answers, tables, moves) from the class database, after asking "
                               "(--yes for scripts). Deleted rows are gone from the database's "
                               "files too.")
    dele.add_argument("--code", required=True, metavar="CODE", help="the class's code")
    dele.add_argument("--db", metavar="URL", help="as for `freight-freedom classroom`")
    dele.add_argument("--yes", action="store_true", help="do not ask")
    return parser


def component_games() -> list[str]:
    """The registered games whose entry declares component files to export."""
    return [entry.key for entry in registry.GAMES.values() if entry.export_components]


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
