"""Translations: the language chosen, words looked up at run time, and catalogs that stay whole.

A stub language that exists only here (``zz``: every word in brackets, three plural forms) shows
that a new language is one ``.po`` file and one command, and that plural rules come from the
catalog. The shipped catalogs are checked as the issue asks: nothing untranslated or fuzzy, the
same placeholders as the English, compiled files matching their sources, and the template
holding exactly what the code marks (``pybabel extract``).
"""

from __future__ import annotations

import gettext
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from freight_freedom import OptionError, translations
from freight_freedom.cli import main
from freight_freedom.core import i18n
from freight_freedom.core.i18n import _, ngettext, set_language, using
from freight_freedom.translations import fields, problems, read, shipped

ROOT = Path(__file__).resolve().parents[2]
STUB = """\
msgid ""
msgstr ""
"Language: zz\\n"
"Content-Type: text/plain; charset=utf-8\\n"
"Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 ? 1 : 2);\\n"

msgctxt "language name"
msgid "English"
msgstr "Zed"

msgid "Undo"
msgstr "[Undo]"

msgid "{who} rolls"
msgstr "[{who} rolls]"

msgid "{n} person"
msgid_plural "{n} people"
msgstr[0] "[{n} one]"
msgstr[1] "[{n} few]"
msgstr[2] "[{n} many]"
"""


@pytest.fixture
def catalogs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder of catalogs the package reads only during the test; the default stays English."""
    monkeypatch.setattr(i18n, "_extra", [])
    i18n._translations.cache_clear()
    i18n.languages.cache_clear()
    yield tmp_path / "locale"
    set_language("en")
    i18n._translations.cache_clear()
    i18n.languages.cache_clear()


def _add_stub(tmp_path: Path, text: str = STUB) -> Path:
    po = tmp_path / "zz.po"
    po.write_text(text, encoding="utf-8")
    assert main(["translations", "add", str(po), "--into", str(tmp_path / "locale")]) == 0
    i18n.add_catalogs(tmp_path / "locale")
    return po


def test_a_new_language_is_one_po_file_and_one_command(catalogs: Path, tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    _add_stub(tmp_path)
    assert "added zz" in capsys.readouterr().out
    assert i18n.languages()["zz"] == "Zed"
    with using("zz"):
        assert _("Undo") == "[Undo]"
        assert _("{who} rolls").format(who="Ana") == "[Ana rolls]"
        assert _("Redo") == "Redo"  # not in the catalog: the English words
    assert _("Undo") == "Undo"  # outside the block: the default language


def test_plural_forms_come_from_the_catalog(catalogs: Path, tmp_path: Path) -> None:
    _add_stub(tmp_path)
    with using("zz"):
        said = [ngettext("{n} person", "{n} people", n).format(n=n) for n in (1, 3, 5, 22)]
    assert said == ["[1 one]", "[3 few]", "[5 many]", "[22 few]"]
    assert ngettext("{n} person", "{n} people", 1) == "{n} person"


def test_the_default_language_and_its_variants(catalogs: Path, tmp_path: Path) -> None:
    _add_stub(tmp_path)
    set_language("zz-ZZ")  # a regional variant falls back to its language
    assert i18n.language() == "zz" and _("Undo") == "[Undo]"
    with using(None):
        assert i18n.language() == "zz"
    with using("en"):
        assert _("Undo") == "Undo"


@pytest.mark.parametrize("bad", ["xx", "", None, 3, "english"])
def test_a_language_without_a_catalog_is_refused_by_name(bad: object) -> None:
    before = i18n.language()
    with pytest.raises(OptionError, match="'language': .*; there are en \\(English\\)"):
        set_language(bad)  # type: ignore[arg-type]
    assert i18n.language() == before


def test_each_thread_reads_in_its_own_language(catalogs: Path, tmp_path: Path) -> None:
    _add_stub(tmp_path)
    seen: dict[str, str] = {}
    ready = threading.Barrier(2)

    def read_in(lang: str) -> None:
        with using(lang):
            ready.wait()  # both blocks are open at once
            seen[lang] = _("Undo")

    threads = [threading.Thread(target=read_in, args=(lang,)) for lang in ("en", "zz")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert seen == {"en": "Undo", "zz": "[Undo]"}


def test_check_lists_every_problem_with_its_line(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    broken = STUB.replace('msgstr "[{who} rolls]"', 'msgstr "[{quien} rolls]"').replace(
        'msgstr "[Undo]"', 'msgstr ""')
    po = tmp_path / "zz.po"
    po.write_text(broken + '\n#, fuzzy\nmsgid "Redo"\nmsgstr "[Redo]"\n', encoding="utf-8")
    assert main(["translations", "check", str(po)]) == 2
    out = capsys.readouterr().out.splitlines()
    assert any(":11: 'Undo' is not translated" in line for line in out), out
    assert any("'{who} rolls': the translation's placeholders differ (missing ['who'], "
               "unknown ['quien'])" in line for line in out), out
    assert any("'Redo' is marked fuzzy" in line for line in out), out
    assert main(["translations", "add", str(po), "--into", str(tmp_path / "out")]) == 2
    assert not (tmp_path / "out").exists()  # nothing compiled from a broken file


def test_placeholders_are_read_as_format_fields() -> None:
    assert fields("{who} pays ${cost} for {n}") == {"who", "cost", "n"}
    assert fields("no placeholder, {{braces}} kept") == set()
    assert fields("{broken") == {"<malformed braces>"}


# --------------------------------------------------------------- the shipped catalogs
def test_every_shipped_catalog_is_whole() -> None:
    """No entry untranslated or fuzzy, the same placeholders as the English (issue 36)."""
    assert shipped(), "no catalog is shipped"
    for po in shipped():
        assert problems(po) == [], po


def test_every_compiled_catalog_matches_its_source() -> None:
    for po in shipped():
        mo = po.with_suffix(".mo")
        assert mo.is_file(), f"{mo} is missing: run freight-freedom translations compile"
        with mo.open("rb") as handle:
            compiled = gettext.GNUTranslations(handle)
        catalog = read(po)
        for message in catalog:
            if not message.id:
                continue
            if isinstance(message.id, tuple):
                for n in (1, 2, 5):  # one of the catalog's forms, whichever the rule picks
                    assert compiled.ngettext(*message.id, n) in message.string
            elif message.context:
                assert compiled.pgettext(message.context, message.id) == message.string
            else:
                assert compiled.gettext(message.id) == message.string, (
                    f"{mo} is older than {po}: run freight-freedom translations compile")


def _marked() -> set[str]:
    """Every text the package's code marks, as ``pybabel extract`` (babel.cfg) reads it."""
    return {m.id if isinstance(m.id, str) else m.id[0] for m in translations.marked() if m.id}


def test_the_template_holds_exactly_what_the_code_marks() -> None:
    """A new English text cannot reach a screen unextracted, or leave a stale entry behind."""
    template = read(ROOT / "freight_freedom" / "locale" / "freight_freedom.pot")
    listed = {m.id if isinstance(m.id, str) else m.id[0] for m in template if m.id}
    marked = _marked()
    again = "run freight-freedom translations extract (see docs/translating.md)"
    assert marked - listed == set(), again
    assert listed - marked == set(), again
    for po in shipped():
        ids = {m.id if isinstance(m.id, str) else m.id[0] for m in read(po) if m.id}
        assert ids == listed, f"{po}: run pybabel update (see docs/translating.md)"
