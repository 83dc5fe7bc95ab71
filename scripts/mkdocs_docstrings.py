"""Docstrings as the documentation site shows them: a griffe extension that ``mkdocs.yml`` loads.

The package's docstrings are written for ``help()`` and doctest: Sphinx roles
(``:class:`~freight_freedom.core.errors.OptionError```), reST's ``Example::`` before a literal
block, and doctest examples (``>>>`` lines). Markdown would show a role and the ``::`` as they
are typed, and read ``>>>`` as three nested block quotes. Before a docstring is rendered, this
extension turns each role into a code span with the name it shows in Sphinx, ``text::`` into
``text:``, and each doctest example into a fenced ``pycon`` block. The docstrings themselves
stay as they are.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

#: a paragraph that ends with reST's ``::`` (a literal block follows)
LITERAL_MARK = re.compile(r"(?m)(\S)::$|^[ \t]*::$")
#: ``:class:`~a.b.C```, ``:meth:`.C.m```, ``:func:`title <a.b.f>``` (and the ``:py:`` forms)
ROLE = re.compile(r":(?:py:)?[a-z]+:`([^`]+)`")


def role_text(match: re.Match[str]) -> str:
    """The words Sphinx shows for a role, as a code span."""
    target = match.group(1)
    titled = re.fullmatch(r"(.+?)\s*<([^>]+)>", target)
    if titled:
        return f"`{titled.group(1)}`"
    if target.startswith("~"):
        target = target[1:].rsplit(".", 1)[-1]
    return f"`{target.lstrip('.')}`"


def fence_doctests(text: str) -> str:
    """Each run of doctest lines (``>>>``, ``...`` and the output up to a blank line or a line
    indented less) as a fenced ``pycon`` block, with a blank line before and after."""
    lines = text.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        stripped = line.lstrip()
        if not (stripped == ">>>" or stripped.startswith(">>> ")):
            out.append(line)
            i += 1
            continue
        indent = line[: len(line) - len(stripped)]
        block = []
        while i < len(lines) and lines[i].strip() and lines[i].startswith(indent):
            block.append(lines[i][len(indent):])
            i += 1
        if out and out[-1].strip():
            out.append("")
        out += [f"{indent}```pycon", *(indent + b for b in block), f"{indent}```"]
        if i < len(lines) and lines[i].strip():
            out.append("")
    return "\n".join(out)


def for_markdown(text: str) -> str:
    text = LITERAL_MARK.sub(lambda m: f"{m.group(1)}:" if m.group(1) else "", text)
    return fence_doctests(ROLE.sub(role_text, text))


class SphinxTextAsMarkdown(griffe.Extension):
    """Rewrites every docstring griffe loads (see the module's docstring)."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = for_markdown(obj.docstring.value)
