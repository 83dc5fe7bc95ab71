"""A teacher's own lesson, written as a Markdown file: no Python needed.

>>> text = '''+++
... title = "Quick check"
... game = "freedom"
... +++
... ## Five phases
... A round has five phases.
... ```question
... prompt = "How many phases has a round?"
... accept = [5]
... ```
... '''
>>> lesson = parse(text)
>>> lesson.key, len(lesson.steps), lesson.steps[0].question.grade("five").ok
('file:quick-check', 1, True)

The format (``docs/teaching.md``, "Writing your own lesson", says it for teachers):

- **Front matter**, TOML between two ``+++`` lines: ``title``, ``game`` (any name the game
  answers to), optional ``minutes``, ``goals`` and an ``[options]`` table handed to the game's
  constructor (``players``, ``seed`` (1 when left out, so the lesson is the same every time),
  ``difficulty``, ``roles`` ...).
- ``# Part title (5 min)`` starts a part (optional; the words under it are its objective);
  ``## Step title`` starts a step; the step's words are Markdown.
- In a step, fenced blocks of TOML: ```` ```setup ```` (a built-in scenario with ``params``, a
  ``saved`` game relative to the lesson file, or ``bot_moves`` played by a ``bot`` with a
  ``seed``; several blocks run in order), ```` ```question ```` (``kind`` choice, number or
  text; ``options`` and ``right``, or ``accept``; ``why``, ``hint``, ``rules``, ``goals``;
  ``reveal`` makes it a prediction whose answer the next step's words show) and
  ```` ```show ```` (``highlight``, ``rules``, ``history``).

What the file holds (front matter, parts, steps and blocks, as one document) is checked
against ``lesson_file.schema.json`` (shipped beside this module) by the small checker of
:mod:`.lesson_schema`, not by ``jsonschema`` (an optional extra; see there why). Then the game's own
checks run: the game and its options, scenario names and parameters, bots, saved games, map
spaces, rule IDs, and every step's board is built once. Every problem is reported with the file
and its line (:class:`LessonFileError`, :func:`check`).

A ``setup`` block with ``bot_moves`` is played once, when the file is read, and kept as the
moves the bot chose (:class:`~.model.Play` steps): the board is the same on every screen.
"""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .lesson_build import _Builder
from .lesson_schema import Where, schema, schema_problems
from .model import Lesson

__all__ = ["MAX_BYTES", "MAX_STEPS", "LessonFileError", "check", "load", "parse", "schema",
           "schema_problems"]

MAX_BYTES = 200_000
"""A lesson file is at most this many bytes (a long lesson is about 20 000)."""
MAX_STEPS = 200
"""A lesson has at most this many steps (the schema's ``maxItems``)."""
DIRECTIVES = ("setup", "question", "show")

Path_ = str | os.PathLike[str]


class LessonFileError(ValueError):
    """A lesson file that cannot be used: ``path`` and ``line`` (1-based; 0 for a file that
    cannot be read at all) say where, ``reason`` what is wrong; ``problems`` lists every
    ``(line, reason)`` found."""

    def __init__(self, path: str, line: int, reason: str,
                 problems: Sequence[tuple[int, str]] = ()) -> None:
        self.path = path
        self.line = line
        self.reason = reason
        self.problems = list(problems) or [(line, reason)]
        more = len(self.problems) - 1
        tail = f" (and {more} more problem{'' if more == 1 else 's'})" if more else ""
        super().__init__(f"{where_text(path, line)}: {reason}{tail}")


def where_text(path: str, line: int) -> str:
    return f"{path}:{line}" if line > 0 else path


# ------------------------------------------------------------------ public API
def load(path: Path_) -> Lesson:
    """The lesson in the Markdown file ``path``; :class:`LessonFileError` if it is not one."""
    return parse(_read(path), path=path)


def check(path: Path_) -> list[str]:
    """Every problem of the lesson file ``path``, each as ``"FILE:LINE: what is wrong"``;
    an empty list when the lesson is fine."""
    try:
        load(path)
    except LessonFileError as exc:
        return [f"{where_text(exc.path, line)}: {reason}" for line, reason in exc.problems]
    return []


def parse(text: str, *, path: Path_ = "<lesson>") -> Lesson:
    """The lesson written in ``text`` (a saved game it names is found beside ``path``)."""
    reader = _Reader(str(path), _folder(path))
    lesson = reader.read(text)
    if lesson is None and not reader.problems:  # pragma: no cover - every refusal says why
        reader.problems.append((1, "this is not a lesson file"))
    if reader.problems or lesson is None:
        problems = sorted(dict.fromkeys(reader.problems), key=lambda p: p[0])
        line, reason = problems[0]
        raise LessonFileError(str(path), line, reason, problems)
    return lesson


def _folder(path: Path_) -> Path:
    text = str(path)
    return Path.cwd() if text.startswith("<") else Path(text).parent


def _read(path: Path_) -> str:
    """The text of a lesson file: at most :data:`MAX_BYTES`, UTF-8 (a BOM is dropped)."""
    name = str(path)
    try:
        with open(path, "rb") as handle:
            raw = handle.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise LessonFileError(name, 0, "there is no such file") from None
    except IsADirectoryError:
        raise LessonFileError(name, 0, "this is a folder, not a lesson file") from None
    except OSError as exc:
        raise LessonFileError(name, 0, f"cannot be read: {exc.strerror or exc}") from None
    if len(raw) > MAX_BYTES:
        raise LessonFileError(name, 1, _too_large())
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[:exc.start].count(b"\n") + 1
        raise LessonFileError(name, line, _not_utf8(raw[exc.start])) from None


def _too_large() -> str:
    return (f"the file is larger than {MAX_BYTES // 1000} KB, the most a lesson file may be: "
            "split it into several lessons")


def _not_utf8(byte: int) -> str:
    return (f"the file is not UTF-8 text (byte 0x{byte:02x} here): save it from your editor as "
            "UTF-8")


# ------------------------------------------------------------------ reading the Markdown
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})\s*([^\s`]*)\s*(.*?)\s*$")
_HEADING = re.compile(r"^(#{1,2})(?:[ \t]+(.*?))?[ \t]*$")
_MINUTES = re.compile(r"\s*\((\d{1,3})\s*min(?:utes?)?\.?\)$", re.IGNORECASE)
_TOML_KEY = re.compile(r"""^\s*("(?:[^"\\]|\\.)*"|'[^']*'|[A-Za-z0-9_-]+)\s*(?:\.[^=]*)?=""")
_TOML_TABLE = re.compile(r"^\s*\[\s*([A-Za-z0-9_-]+)\s*\]\s*(?:#.*)?$")
_TOML_AT = re.compile(r"\s*\(at line (\d+), column \d+\)$")
_TOML_END = re.compile(r"\s*\(at end of document\)$")


def _closes(line: str, marker: str) -> bool:
    """Whether ``line`` closes a code block opened by ``marker`` (the same character, at least
    as many, nothing after)."""
    found = _FENCE.match(line)
    return bool(found and found.group(1)[0] == marker[0] and len(found.group(1)) >= len(marker)
                and not found.group(2) and not found.group(3))


@dataclass
class _Block:
    kind: str
    line: int
    lines: list[str] = field(default_factory=list)


@dataclass
class _StepText:
    title: str
    line: int
    part: int
    text: list[str] = field(default_factory=list)
    blocks: list[_Block] = field(default_factory=list)


@dataclass
class _PartText:
    title: str
    line: int
    minutes: int | None
    objective: list[str] = field(default_factory=list)


class _Reader:
    """One reading of one file; :attr:`problems` collects ``(line, words)``."""

    def __init__(self, path: str, folder: Path) -> None:
        self.path = path
        self.folder = folder
        self.problems: list[tuple[int, str]] = []
        self.lines: dict[Where, int] = {(): 1}

    def problem(self, where: Where | int, words: str) -> None:
        line = where if isinstance(where, int) else self.line_of(where)
        self.problems.append((line, words))

    def line_of(self, where: Where) -> int:
        for n in range(len(where), -1, -1):
            if where[:n] in self.lines:
                return self.lines[where[:n]]
        return 1

    # ------------------------------------------------------------------ reading
    def read(self, text: str) -> Lesson | None:
        try:
            size = len(text.encode("utf-8"))
        except UnicodeEncodeError as exc:
            self.problem(text[:exc.start].count("\n") + 1, _not_utf8(ord(text[exc.start]) & 0xFF))
            return None
        if size > MAX_BYTES:
            self.problem(1, _too_large())
            return None
        lines = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")
        front, body_start = self.front_matter(lines)
        if front is None:
            return None
        notes, parts, steps = self.body(lines, body_start)
        if self.problems:
            return None
        document = {"front_matter": front,
                    "parts": [self.part_data(p) for p in parts],
                    "steps": [self.step_data(i, s) for i, s in enumerate(steps)]}
        for where, words in schema_problems(document):
            self.problem(where, words)
        if self.problems:
            return None
        return _Builder(self, document, "\n".join(notes).strip()).build()

    def front_matter(self, lines: list[str]) -> tuple[dict[str, Any] | None, int]:
        first = lines[0].strip() if lines else ""
        if first != "+++":
            if first == "---":
                self.problem(1, "the front matter is TOML between two +++ lines, not YAML "
                                "between --- lines: write +++ on line 1 and on the line after "
                                "the front matter")
            else:
                self.problem(1, "a lesson file starts with its front matter: a line +++, then "
                                "title = \"...\" and game = \"...\", then +++ again")
            return None, 0
        end = next((i for i in range(1, len(lines)) if lines[i].strip() == "+++"), None)
        if end is None:
            self.problem(1, "the front matter that starts on line 1 has no closing +++ line")
            return None, 0
        data = self.toml(lines[1:end], 2, ("front_matter",), "the front matter")
        self.lines[("front_matter",)] = 1
        return data, end + 1

    def toml(self, lines: list[str], first: int, where: Where, what: str
             ) -> dict[str, Any] | None:
        """A block of TOML starting on line ``first``; records where each key is."""
        text = "\n".join(lines)
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            message = str(exc)
            at = _TOML_AT.search(message)
            line = first + int(at.group(1)) - 1 if at else first + max(len(lines) - 1, 0)
            reason = _TOML_END.sub("", _TOML_AT.sub("", message))
            self.problem(line, f"{what} is not valid TOML: {reason[:1].lower()}{reason[1:]} "
                               "(text needs \"quotes\", lists [brackets], one key = value a "
                               "line)")
            return None
        table: Where = where
        for n, source in enumerate(lines, first):
            header = _TOML_TABLE.match(source)
            if header:
                table = (*where, header.group(1))
                self.lines.setdefault(table, n)
                continue
            key = _TOML_KEY.match(source)
            if key:
                self.lines.setdefault((*table, key.group(1).strip("\"'")), n)
        return data

    def body(self, lines: list[str], start: int
             ) -> tuple[list[str], list[_PartText], list[_StepText]]:
        notes: list[str] = []
        parts: list[_PartText] = []
        steps: list[_StepText] = []
        fence: tuple[str, int, _Block | None] | None = None  # (marker, line, directive)
        for n in range(start, len(lines)):
            line, number = lines[n], n + 1
            if fence is not None:
                marker, _opened, block = fence
                if _closes(line, marker):
                    fence = None
                    if block is None:
                        self.text_line(line, notes, parts, steps)
                elif block is not None:
                    block.lines.append(line)
                else:
                    self.text_line(line, notes, parts, steps)
                continue
            opening = _FENCE.match(line)
            if opening:
                kind = opening.group(2).lower()
                if kind in DIRECTIVES and not opening.group(3):
                    if not steps or (parts and steps[-1].part != len(parts) - 1):
                        self.problem(number, f"a ```{kind} block belongs to a step: put it "
                                             "under a ## step heading")
                        fence = (opening.group(1), number, _Block(kind, number))
                        continue
                    block = _Block(kind, number)
                    steps[-1].blocks.append(block)
                    fence = (opening.group(1), number, block)
                else:
                    fence = (opening.group(1), number, None)
                    self.text_line(line, notes, parts, steps)
                continue
            heading = _HEADING.match(line)
            if heading:
                title = (heading.group(2) or "").rstrip("#").strip()
                level = len(heading.group(1))
                if not title:
                    self.problem(number, f"this {'part' if level == 1 else 'step'} heading has "
                                         "no title")
                if level == 1:
                    minutes = _MINUTES.search(title)
                    if minutes:
                        title = title[:minutes.start()].strip()
                    parts.append(_PartText(title, number,
                                           int(minutes.group(1)) if minutes else None))
                else:
                    steps.append(_StepText(title, number, len(parts) - 1))
                continue
            self.text_line(line, notes, parts, steps)
        if fence is not None:
            marker, opened, block = fence
            name = f"{marker}{block.kind}" if block is not None else marker
            self.problem(opened, f"the {name} block opened here is never closed: end it with a "
                                 f"line {marker}")
        self.check_layout(parts, steps, start + 1)
        return notes, parts, steps

    def text_line(self, line: str, notes: list[str], parts: list[_PartText],
                  steps: list[_StepText]) -> None:
        if steps and steps[-1].part == len(parts) - 1:
            steps[-1].text.append(line)
        elif parts:
            parts[-1].objective.append(line)
        else:
            notes.append(line)

    def check_layout(self, parts: list[_PartText], steps: list[_StepText], first: int
                     ) -> None:
        if not steps:
            self.problem(first, "the lesson has no steps: start each step with "
                                                "a line ## Step title")
            return
        if parts:
            for step in steps:
                if step.part < 0:
                    self.problem(step.line, "this step comes before the first part heading "
                                            "(# Part title): move it under one")
            used = {s.part for s in steps}
            for j, part in enumerate(parts):
                if j not in used:
                    self.problem(part.line, f"the part '{part.title}' has no steps: add a "
                                            "## step under it, or remove it")

    # ------------------------------------------------------------------ the document
    def part_data(self, part: _PartText) -> dict[str, Any]:
        j = len([w for w in self.lines if len(w) == 2 and w[0] == "parts"])
        self.lines[("parts", j)] = part.line
        data: dict[str, Any] = {"title": part.title,
                                "objective": "\n".join(part.objective).strip()}
        if part.minutes is not None:
            data["minutes"] = part.minutes
        return data

    def step_data(self, i: int, step: _StepText) -> dict[str, Any]:
        base: Where = ("steps", i)
        self.lines[base] = step.line
        data: dict[str, Any] = {"title": step.title, "part": max(step.part, 0),
                                "text": "\n".join(step.text).strip()}
        setups: list[Any] = []
        for block in step.blocks:
            if block.kind == "setup":
                where: Where = (*base, "setup", len(setups))
            else:
                where = (*base, block.kind)
                if block.kind in data:
                    self.problem(block.line, f"a step has at most one ```{block.kind} block; "
                                             f"this step already has one on line "
                                             f"{self.lines[where]}")
                    continue
            self.lines[where] = block.line
            table = self.toml(block.lines, block.line + 1, where, f"the {block.kind} block")
            if table is None:
                continue
            if block.kind == "setup":
                setups.append(table)
            else:
                data[block.kind] = table
        if setups:
            data["setup"] = setups
        return data
