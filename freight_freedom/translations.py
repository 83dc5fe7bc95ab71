"""The translation catalogs as files: check a ``.po`` file, compile it, add a teacher's language.

The words are translated at run time by :mod:`.core.i18n` from compiled ``.mo`` files; this
module reads and writes the ``.po`` files people edit, with Babel (``pip install
'freight-freedom[translate]'``), and is what ``freight-freedom translations`` runs:

- ``check FILE.po``: every entry translated, none fuzzy, the same ``{placeholders}`` as the
  English, plural forms declared;
- ``add FILE.po``: check it, then compile it into the user's catalog folder
  (:func:`user_catalogs`), which the package reads as it reads its own;
- ``compile``: recompile the shipped catalogs (for maintainers, after ``pybabel update``).
"""

from __future__ import annotations

import string
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .core.i18n import DOMAIN, LOCALE_DIR, user_catalogs


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a catalog entry: where (line of the ``.po`` file) and what."""

    line: int
    message: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}"


def babel() -> Any:
    """Babel's ``pofile`` and ``mofile`` modules, or an ImportError saying how to install it."""
    try:
        from babel.messages import mofile, pofile
    except ImportError:
        raise ImportError("translations need Babel: "
                          "pip install 'freight-freedom[translate]'") from None
    return pofile, mofile


def fields(text: str) -> set[str]:
    """The ``{placeholder}`` names of ``text`` (``"{who} rolls {n}"`` -> ``{"who", "n"}``)."""
    try:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}
    except ValueError:  # an unbalanced brace: no placeholder can be trusted
        return {"<malformed braces>"}


def read(path: Path) -> Any:
    """The Babel catalog of ``path``."""
    pofile, _ = babel()
    with path.open("rb") as handle:
        return pofile.read_po(handle)


def problems(path: Path) -> list[Problem]:
    """What keeps the catalog at ``path`` from being used on a student's screen."""
    catalog = read(path)
    out: list[Problem] = []
    if not catalog.locale_identifier:
        out.append(Problem(1, "the header names no Language"))
    for message in catalog:
        if not message.id:
            continue
        line = message.lineno or 0
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy:
            out.append(Problem(line, f"{ids[0]!r} is marked fuzzy: check it, then remove the mark"))
        if not all(strings):
            out.append(Problem(line, f"{ids[0]!r} is not translated"))
            continue
        wanted = set().union(*(fields(i) for i in ids))
        for text in strings:
            got = fields(text)
            if got != wanted:
                missing, extra = sorted(wanted - got), sorted(got - wanted)
                out.append(Problem(line, f"{ids[0]!r}: the translation's placeholders differ"
                                         f" (missing {missing}, unknown {extra})"))
    return out


def compile_po(path: Path, folder: Path) -> Path:
    """Compile the ``.po`` file at ``path`` into ``folder/<lang>/LC_MESSAGES/`` and return the
    ``.mo`` file written."""
    _, mofile = babel()
    catalog = read(path)
    target = folder / str(catalog.locale_identifier) / "LC_MESSAGES" / f"{DOMAIN}.mo"
    target.parent.mkdir(parents=True, exist_ok=True)
    with target.open("wb") as handle:
        mofile.write_mo(handle, catalog)
    return target


def shipped() -> list[Path]:
    """The package's own ``.po`` files."""
    return sorted(LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def add(path: Path, folder: Path | None = None) -> tuple[Path, list[Problem]]:
    """Check a teacher's ``.po`` file and, when nothing is wrong, compile it where the package
    finds it (``folder``, else :func:`~.core.i18n.user_catalogs`). Returns the ``.mo`` written
    (or the ``.po`` when nothing was written) and the problems found."""
    found = problems(path)
    if found:
        return path, found
    return compile_po(path, folder or user_catalogs()), []


ROOT = Path(__file__).resolve().parent
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"


def marked() -> Any:
    """Every text the package marks, as Babel's catalog: the Python code's ``_()``,
    ``ngettext()``, ``pgettext()``, ``N_()``, ``say()`` and ``say_n()`` (babel.cfg), and the
    components' names and notes (:mod:`.data_words`)."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir

    from .core.say import KEYWORDS

    catalog = Catalog(project="freight-freedom", domain=DOMAIN)
    found = extract_from_dir(str(ROOT), method_map=[("**.py", "python")],
                             keywords={**DEFAULT_KEYWORDS, **KEYWORDS},
                             comment_tags=("TRANSLATORS:",), strip_comment_tags=True)
    for filename, lineno, message, comments, context in sorted(
            found, key=lambda f: (f[0], f[1])):
        catalog.add(message, None, [(f"freight_freedom/{filename}", lineno)],
                    auto_comments=comments, context=context)
    try:
        from .data_words import data_messages
    except ImportError:  # pragma: no cover - the module is part of the package
        return catalog
    for message, where, comment in data_messages():
        catalog.add(message, None, [where], auto_comments=[comment] if comment else [])
    return catalog


def extract(path: Path = TEMPLATE) -> int:
    """Write the template (``.pot``) of every marked text; returns how many there are."""
    pofile, _ = babel()
    catalog = marked()
    with path.open("wb") as handle:
        pofile.write_po(handle, catalog, width=100, sort_by_file=True)
    return len(catalog)


def update(extra: list[Path] = ()) -> dict[str, int]:  # type: ignore[assignment]
    """Bring every shipped ``.po`` file to the template (new entries empty, stale ones gone),
    take the translations of the ``extra`` ``.po`` files of the same language (work done apart:
    theirs win), and compile. Returns, per file, how many entries are still untranslated."""
    pofile, _ = babel()
    template = read(TEMPLATE)
    left: dict[str, int] = {}
    for po in shipped():
        catalog = read(po)
        catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
        catalog.obsolete.clear()
        lang = str(catalog.locale_identifier)
        for part in extra:
            other = read(part)
            if str(other.locale_identifier) != lang:
                continue
            for message in other:
                if not message.id or not message.string or not any(
                        message.string if isinstance(message.string, tuple)
                        else (message.string,)):
                    continue
                mine = catalog.get(message.id, message.context)
                if mine is not None:
                    mine.string = message.string
                    mine.flags.discard("fuzzy")  # a translation given is no guess
        with po.open("wb") as handle:
            pofile.write_po(handle, catalog, width=100, sort_by_file=True)
        compile_po(po, LOCALE_DIR)
        left[str(po)] = sum(1 for m in catalog if m.id and not (
            m.string if isinstance(m.string, str) else all(m.string)))
    return left
