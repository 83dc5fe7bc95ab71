"""Building a checked lesson file into a :class:`~.model.Lesson`, with the game's own checks:
the game and its options, scenario names and parameters, bots, saved games, map spaces and rule
IDs (the reading and the format are :mod:`.lesson_file`'s)."""

from __future__ import annotations

import inspect
import re
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from ..core.i18n import N_
from .lesson_schema import Where, is_kind
from .model import Lesson, Op, Part, Play, Scenario, Step
from .questions import Choice, FreeText, Question, normalise

if TYPE_CHECKING:
    from .lesson_file import _Reader

DEFAULT_SEED = 1
# TRANSLATORS: the hint of a question in a teacher's lesson file that gives none
DEFAULT_HINT = N_("Read the step again, then try once more.")
"""A question's hint when its lesson file gives none: the machinery's words, shown in the
reader's language (a teacher's own words stay as written)."""
KEY_PREFIX = "file:"
KEY_LENGTH = 20


@dataclass
class _Load:
    """A saved game as a step's board: the board becomes the saved game (its own options,
    seed and history), loaded again from the file's text each time it is applied."""

    text: str

    def apply(self, game: Any) -> None:
        saved = type(game).from_json(self.text)
        vars(game).clear()
        vars(game).update(vars(saved))


def lesson_key(title: str) -> str:
    """``"Freedom: a quick check!"`` -> ``"file:freedom-a-quick"`` (at most 20 characters)."""
    ascii_title = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_title.lower()).strip("-")
    room = KEY_LENGTH - len(KEY_PREFIX)
    if len(slug) > room:  # whole words when they fit
        cut = slug[:room + 1].rfind("-")
        slug = slug[:cut] if cut > 0 else slug[:room]
    return KEY_PREFIX + (slug or "lesson")


class _Builder:
    """Turns a checked document into a :class:`~.model.Lesson` with the game's own checks."""

    def __init__(self, reader: _Reader, document: dict[str, Any], notes: str) -> None:
        self.r = reader
        self.doc = document
        self.notes = notes
        self.front: dict[str, Any] = document["front_matter"]
        self.where_by_op: dict[int, Where] = {}

    def build(self) -> Lesson | None:
        from ..core import registry

        front = self.front
        entry = registry.find(front["game"])
        if entry is None or not entry.lesson:
            self.r.problem(("front_matter", "game"),
                           f"unknown game '{front['game']}'; the games are "
                           f"{', '.join(registry.names())}")
            return None
        self.entry = entry
        self.cls: Any = entry.game_class()
        new_game = self.new_game()
        if new_game is None:
            return None
        self.game0 = new_game()
        goals = tuple(front.get("goals", ()))
        steps = [self.step(i, s, len(goals)) for i, s in enumerate(self.doc["steps"])]
        parts = self.parts()
        if self.r.problems or None in steps or parts is None:
            return None
        built = [s for s in steps if s is not None]
        self.boards(built)
        if self.r.problems:
            return None
        return Lesson(key=lesson_key(front["title"]), title=front["title"], goals=goals,
                      parts=parts, steps=tuple(built), new_game=new_game, notes=self.notes)

    def new_game(self) -> Callable[[], Any] | None:
        from ..core.errors import OptionError

        options = dict(self.front.get("options", {}))
        where: Where = ("front_matter", "options")
        for bad in ("components",):
            if bad in options:
                self.r.problem((*where, bad), f"'{bad}' cannot be set in a lesson file; the "
                                              "lesson plays the packaged components")
                return None
        options.setdefault("seed", DEFAULT_SEED)
        cls = self.cls
        try:
            cls(**options)
        except OptionError as exc:
            self.r.problem((*where, exc.option), f"in [options]: {exc}")
            return None
        except (TypeError, ValueError) as exc:
            self.r.problem(where, f"in [options]: {exc}")
            return None

        def new_game() -> Any:
            return cls(**options)

        return new_game

    def parts(self) -> tuple[Part, ...] | None:
        data = self.doc["parts"]
        counts: dict[int, int] = {}
        for s in self.doc["steps"]:
            counts[s["part"]] = counts.get(s["part"], 0) + 1
        if not data:
            data = [{"title": self.front["title"], "objective": ""}]
        total = self.front.get("minutes")
        given = sum(p["minutes"] for p in data if "minutes" in p)
        open_parts = [j for j, p in enumerate(data) if "minutes" not in p]
        minutes = {j: p["minutes"] for j, p in enumerate(data) if "minutes" in p}
        if total is None:
            minutes.update({j: 2 * counts.get(j, 0) for j in open_parts})
        elif open_parts:
            left = total - given
            if left < len(open_parts):
                self.r.problem(("front_matter", "minutes"),
                               f"the parts' own minutes ({given}) leave too little of the "
                               f"lesson's {total} minutes for the parts without minutes")
                return None
            share, extra = divmod(left, len(open_parts))
            minutes.update({j: share + (k < extra) for k, j in enumerate(open_parts)})
        elif given != total:
            self.r.problem(("front_matter", "minutes"),
                           f"minutes = {total}, but the parts' minutes add up to {given}")
            return None
        return tuple(Part(p["title"], minutes[j], p.get("objective", ""))
                     for j, p in enumerate(data))

    # ------------------------------------------------------------------ steps
    def step(self, i: int, data: dict[str, Any], goals: int) -> Step | None:
        base: Where = ("steps", i)
        count = len(self.r.problems)
        ops: list[Any] = []
        for k, block in enumerate(data.get("setup", ())):
            made = self.setup((*base, "setup", k), block)
            for op in made or ():
                self.where_by_op[id(op)] = (*base, "setup", k)
                ops.append(op)
        show = data.get("show", {})
        rules = self.rules((*base, "show", "rules"), show.get("rules", ()))
        highlight = self.spaces((*base, "show"), show.get("highlight", ()))
        history = show.get("history")
        if history is not None:
            self.history_key((*base, "show", "history"), history)
        question: Question | None = None
        checks: tuple[int, ...] = ()
        reveal = ""
        if "question" in data:
            question, checks, reveal = self.question((*base, "question"), data["question"],
                                                     goals, i)
        if not data["text"] and "question" not in data:
            self.r.problem(base, f"the step '{data['title']}' has no words: write what the "
                                 "class should read under its heading")
        if len(self.r.problems) > count:
            return None
        return Step(data["part"], data["title"], data["text"],
                    setup=cast("tuple[Op, ...]", tuple(ops)),
                    highlight=highlight, rules=rules, question=question, history=history,
                    checks=checks, reveal=reveal)

    def setup(self, where: Where, data: dict[str, Any]) -> list[Any] | None:
        given = [k for k in ("scenario", "saved", "bot_moves") if k in data]
        if len(given) != 1:
            self.r.problem(where, "a setup block gives exactly one of scenario = \"...\", "
                                  "saved = \"file.json\" or bot_moves = N"
                                  + (f", not {' and '.join(given)}" if given else ""))
            return None
        kind = given[0]
        allowed = {"scenario": {"scenario", "params"}, "saved": {"saved"},
                   "bot_moves": {"bot_moves", "bot", "seed"}}[kind]
        stray = [k for k in data if k not in allowed]
        if stray:
            self.r.problem((*where, stray[0]), f"'{stray[0]}' does not go with {kind} in a "
                                               f"setup block; with {kind} give "
                                               f"{', '.join(sorted(allowed))}")
            return None
        if kind == "scenario":
            return self.scenario(where, data["scenario"], data.get("params", {}))
        if kind == "saved":
            return self.saved((*where, "saved"), data["saved"])
        return [_BotMoves(data["bot_moves"], data.get("bot", "random"), data.get("seed", 0),
                          self.bot((*where, "bot"), data.get("bot", "random")))]

    def scenario(self, where: Where, name: str, params: dict[str, Any]) -> list[Any] | None:
        from ..core.errors import IllegalAction
        from ..core.scenario_check import check_scenario

        known: Mapping[str, Any] = self.cls.SCENARIOS
        if name not in known:
            self.r.problem((*where, "scenario"),
                           f"unknown scenario '{name}' for {self.entry.title}; the scenarios "
                           f"are {', '.join(sorted(known))}")
            return None
        try:
            check_scenario(self.entry.title, known, name, params, self.cls.RULE_SCENARIO)
        except IllegalAction as exc:
            self.r.problem((*where, "params"), exc.reason)
            return None
        return [Scenario(name, tuple(params.items()))]

    def saved(self, where: Where, name: str) -> list[Any] | None:
        from ..core.errors import SaveFileError
        from ..core.plain import PlainDataError, read_bounded

        if Path(name).is_absolute():
            self.r.problem(where, f"the saved game '{name}' must be given relative to the "
                                  "lesson file (e.g. saves/round3.json), so the lesson works "
                                  "on another computer")
            return None
        file = self.r.folder / name
        if not file.is_file():
            self.r.problem(where, f"the saved game '{name}' cannot be read: there is no such "
                                  f"file beside the lesson file")
            return None
        try:
            text = read_bounded(file).decode("utf-8")
        except (PlainDataError, OSError, UnicodeDecodeError) as exc:
            self.r.problem(where, f"the saved game '{name}' cannot be read: {exc}")
            return None
        try:
            self.cls.from_json(text)
        except (SaveFileError, ValueError) as exc:
            self.r.problem(where, f"the saved game '{name}' does not load as a game of "
                                  f"{self.entry.title}: {exc}")
            return None
        return [_Load(text)]

    def bot(self, where: Where, name: str) -> Callable[..., Any] | None:
        found = self.entry.bot(name.strip().lower())
        if found is None:
            self.r.problem(where, f"unknown bot '{name}' for {self.entry.title}; the bots are "
                                  f"{', '.join(sorted(self.entry.bot_help()))}")
            return None
        return found.bot_class()

    def rules(self, where: Where, rules: Sequence[str]) -> tuple[str, ...]:
        from ..core.rulebook import rule_texts

        prefix = self.entry.rule_prefix
        known = rule_texts()
        for k, rule in enumerate(rules):
            if not rule.startswith(prefix) or rule not in known:
                self.r.problem((*where, k), f"there is no rule {rule} in the rules of "
                                            f"{self.entry.title} (its IDs start with {prefix})")
        return tuple(rules)

    def spaces(self, where: Where, spaces: Sequence[str]) -> tuple[str, ...]:
        board = getattr(getattr(self.game0, "ctx", None), "board", None)
        if spaces and board is None:
            self.r.problem((*where, "highlight"), f"{self.entry.title} has no map to highlight "
                                                  "spaces on")
            return ()
        for space in spaces:
            if board is not None and space not in board.spaces:
                self.r.problem((*where, "highlight"), f"there is no map space '{space}' (map "
                                                      "spaces are ids like ripley or "
                                                      "washington_dc)")
        return tuple(spaces)

    def history_key(self, where: Where, key: str) -> None:
        ctx = getattr(self.game0, "ctx", None)
        spaces = getattr(getattr(ctx, "board", None), "spaces", {})
        cards = getattr(getattr(ctx, "cards", None), "by_id", None)
        if key not in spaces and not _is_card(cards, key):
            self.r.problem(where, f"'{key}' is neither a map space nor a card of "
                                  f"{self.entry.title}, so it has no historical note")

    # ------------------------------------------------------------------ questions
    def question(self, where: Where, data: dict[str, Any], goals: int, index: int
                 ) -> tuple[Question | None, tuple[int, ...], str]:
        kind = data.get("kind") or ("choice" if "options" in data or "right" in data else
                                    "number" if data.get("accept") and all(
                                        is_kind(a, "number") for a in data["accept"]) else "text")
        common = {"prompt": data["prompt"], "why": data.get("why", ""),
                  "hint": data.get("hint") or DEFAULT_HINT,
                  "rules": self.rules((*where, "rules"), data.get("rules", ()))}
        checks = tuple(g - 1 for g in data.get("goals", ()))
        for g in data.get("goals", ()):
            if g > goals:
                self.r.problem((*where, "goals"), f"goal {g} is not in the front matter's "
                                                  f"goals (it lists {goals})")
        reveal = data.get("reveal", "")
        if reveal:
            later = self.doc["steps"][index + 1]["text"] if index + 1 < len(
                self.doc["steps"]) else None
            if later is None:
                self.r.problem((*where, "reveal"), "reveal names words of the next step, but "
                                                   "this is the last step")
            elif reveal not in later:
                self.r.problem((*where, "reveal"), f"the next step's words do not contain "
                                                   f"the reveal words {reveal!r}")
        question: Question | None
        if kind == "choice":
            question = self.choice(where, data, common)
        else:
            question = self.free(where, data, common, kind)
        return question, checks, reveal

    def choice(self, where: Where, data: dict[str, Any], common: dict[str, Any]
               ) -> Choice | None:
        if "accept" in data:
            self.r.problem((*where, "accept"), "a multiple-choice question takes options and "
                                               "right, not accept")
            return None
        options = data.get("options")
        if not options:
            self.r.problem(where, "the multiple-choice question has no options: add options "
                                  "= [\"...\", \"...\"] and right = \"...\"")
            return None
        seen: dict[str, int] = {}
        for k, option in enumerate(options):
            same = seen.setdefault(normalise(option), k)
            if same != k:
                self.r.problem((*where, "options"), f"options {same + 1} and {k + 1} read "
                                                    "the same")
        right = data.get("right")
        if right is None:
            self.r.problem(where, "the multiple-choice question has no right option: add "
                                  "right = \"...\", the words of the right option")
            return None
        key = next((k for k, o in enumerate(options) if o.strip() == right.strip()),
                   next((k for k, o in enumerate(options) if normalise(o) == normalise(right)),
                        None))
        if key is None:
            self.r.problem((*where, "right"), f"the right option {right!r} is not among the "
                                              "options")
            return None
        return Choice(**common, options=tuple(options), key=key)

    def free(self, where: Where, data: dict[str, Any], common: dict[str, Any], kind: str
             ) -> FreeText | None:
        for stray in ("options", "right"):
            if stray in data:
                self.r.problem((*where, stray), f"a {kind} question takes accept = [...], not "
                                                f"{stray} (that is for kind = \"choice\")")
                return None
        accept = data.get("accept")
        if not accept:
            self.r.problem(where, f"the {kind} question has no answer: add accept = [...], "
                                  "the answers to count as right")
            return None
        texts: list[str] = []
        for answer in accept:
            if kind == "number" and not is_kind(answer, "number"):
                self.r.problem((*where, "accept"), f"a number question accepts numbers, like "
                                                   f"accept = [3]; {answer!r} is not one")
                return None
            if isinstance(answer, float) and answer.is_integer():
                answer = int(answer)
            text = str(answer)
            if not normalise(text):
                self.r.problem((*where, "accept"), f"the accepted answer {text!r} has no "
                                                   "letters or digits")
                return None
            texts.append(text)
        return FreeText(**common, accept=tuple(texts))

    # ------------------------------------------------------------------ boards
    def boards(self, steps: list[Step]) -> None:
        """Build every step's board once: a set-up that fails is reported at its block, and
        bot moves become the moves the bot chose."""
        game = self.game0
        for i, step in enumerate(steps):
            ops: list[Op] = []
            for op in step.setup:
                try:
                    if isinstance(op, _BotMoves):
                        played = op.play(game)
                        if played is None:
                            return
                        ops.extend(played)
                        continue
                    op.apply(game)
                except Exception as exc:  # noqa: BLE001 - the teacher's set-up, in words
                    where = self.where_by_op.get(id(op), ("steps", i))
                    self.r.problem(where, "this set-up cannot be made: "
                                          f"{getattr(exc, 'reason', exc)}")
                    return
                ops.append(op)
            steps[i] = _replace_setup(step, tuple(ops))


def _is_card(by_id: Callable[[str], Any] | None, key: str) -> bool:
    if by_id is None:
        return False
    try:
        by_id(key)
    except (KeyError, ValueError):
        return False
    return True


@dataclass
class _BotMoves:
    """``moves`` decisions played by bot ``name`` (one bot per seat, each seeded with
    ``seed``), resolved into :class:`~.model.Play` steps when the file is read."""

    moves: int
    name: str
    seed: int
    bot_class: Callable[..., Any] | None

    def play(self, game: Any) -> list[Play] | None:
        if self.bot_class is None:
            return None
        accepted = inspect.signature(self.bot_class).parameters
        bots: dict[int, Any] = {}
        played: list[Play] = []
        for _ in range(self.moves):
            seat = game.to_move
            if seat is None or game.is_over:
                raise ValueError(f"the game ends after {len(played)} of the {self.moves} bot "
                                 "moves")
            if seat not in bots:
                kwargs = {k: v for k, v in (("seed", self.seed), ("seat", seat))
                          if k in accepted}
                bots[seat] = self.bot_class(**kwargs)
            action = bots[seat].choose(game)
            game.apply(action)
            played.append(Play(str(action)))
        return played

    def apply(self, game: Any) -> None:  # pragma: no cover - resolved before any use
        self.play(game)


def _replace_setup(step: Step, ops: tuple[Any, ...]) -> Step:
    from dataclasses import replace

    return replace(step, setup=cast("tuple[Op, ...]", ops))
