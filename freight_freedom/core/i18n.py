"""Translations: the words a player reads, in the reader's language, from gettext catalogs.

Only words on screen change with the language. Rule IDs, the action notation, saves, replays
and the event log's stored texts stay the same in every language, so a game saved in a Spanish
class loads in an English one.

- Code marks a student-facing text with :func:`_` (``_("Undo")``; with named placeholders,
  ``_("{who} rolls").format(who=...)``, so a translation may reorder them), a counted text with
  :func:`ngettext`, and a text kept as data and translated when shown with :func:`N_`.
- The catalogs are gettext ``.po`` files in ``freight_freedom/locale/<lang>/LC_MESSAGES/``, with
  their compiled ``.mo`` beside them (``freight-freedom translations compile`` makes them;
  a test checks they match). ``freight_freedom/locale/freight_freedom.pot`` lists every marked
  text (``pybabel extract``, also checked by a test).
- The language is the package's default (:func:`set_language`, English unless set), or the one a
  block of code runs under (:func:`using`: each reader's screen). It lives in a context
  variable, so two threads or two asyncio tasks of one kernel can each draw in their own.
- A teacher adds a language with one ``.po`` file and one command (``docs/translating.md``):
  compiled into the user's catalog folder (:func:`user_catalogs`), or any folder named by
  :func:`add_catalogs` or the ``FREIGHT_FREEDOM_LOCALES`` environment variable, it is found like
  the shipped ones.

>>> set_language("en"); _("Undo")
'Undo'
>>> with using("xx"):  # doctest: +ELLIPSIS
...     pass
Traceback (most recent call last):
freight_freedom.core.errors.OptionError: option 'language': 'xx' is not a language with a ...
"""

from __future__ import annotations

import gettext as _gettext
import os
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path

from . import errors as _errors
from .errors import OptionError

DOMAIN = "freight_freedom"
"""The gettext domain: the catalogs' file name."""
SOURCE = "en"
"""The language the code is written in (no catalog needed)."""
LOCALE_DIR = Path(__file__).resolve().parents[1] / "locale"
"""The shipped catalogs."""
LANGUAGE_NAME = "language name"
"""The context of the catalog entry that names its language in itself (``"Español"``)."""
ENV = "FREIGHT_FREEDOM_LOCALES"
"""An environment variable naming further catalog folders (``os.pathsep``-separated)."""

LANG_ENV = "FREIGHT_FREEDOM_LANG"
"""An environment variable naming the default language (``es``), for a server, Binder or the
browser-only site's ``?lang=es``; Voila's ``?lang=es`` (its ``QUERY_STRING``) is read too."""

_default: str | None = None  # read from the environment when first asked
_current: ContextVar[str | None] = ContextVar("freight_freedom_language", default=None)
_extra: list[Path] = []


def user_catalogs() -> Path:
    """The folder ``freight-freedom translations add`` compiles a teacher's language into: the
    user's data folder (``platformdirs``), else ``~/.freight-freedom/locale``."""
    try:
        from platformdirs import user_data_path
    except ImportError:  # a plain install without Jupyter
        return Path.home() / ".freight-freedom" / "locale"
    return user_data_path("freight-freedom") / "locale"


def _folders() -> list[Path]:
    """Where catalogs are looked for, the added folders first (a teacher's own file wins)."""
    env = [Path(p) for p in os.environ.get(ENV, "").split(os.pathsep) if p]
    return [*_extra, *env, user_catalogs(), LOCALE_DIR]


def add_catalogs(folder: str | Path) -> None:
    """Read catalogs from ``folder`` too (``folder/<lang>/LC_MESSAGES/freight_freedom.mo``),
    before the shipped ones."""
    path = Path(folder).resolve()
    if not path.is_dir():
        raise OptionError("folder", f"{path} is not a folder of translation catalogs")
    if path not in _extra:
        _extra.insert(0, path)
    _translations.cache_clear()
    languages.cache_clear()


@cache
def languages() -> dict[str, str]:
    """Every language there is a catalog for, by code, with its name in itself
    (``{"en": "English", "es": "Español"}``): what a language menu offers."""
    found = {SOURCE: "English"}
    for folder in reversed(_folders()):
        for mo in sorted(folder.glob(f"*/LC_MESSAGES/{DOMAIN}.mo")):
            code = mo.parents[1].name
            # each catalog names its language in itself, as the translation of "English" in
            # the context "language name" (the gettext way: the translator writes it; a literal
            # here, not LANGUAGE_NAME, so that pybabel extract lists it)
            name = _translations(code).pgettext("language name", "English")
            found[code] = code if name == "English" else name
    return found


def check_language(lang: object) -> str:
    """``lang`` as a known language code (``"es"``, ``"es_MX"`` falls back to ``"es"``), or
    :class:`~.errors.OptionError` naming the ones there are."""
    if isinstance(lang, str):
        code = lang.replace("-", "_")
        known = languages()
        if code in known:
            return code
        base = code.split("_")[0].lower()
        if base in known:
            return base
    names = ", ".join(f"{code} ({name})" for code, name in languages().items())
    raise OptionError("language", f"{lang!r} is not a language with a catalog; there are {names}")


def set_language(lang: str) -> None:
    """Make ``lang`` the package's default language (for this process)."""
    global _default
    _default = check_language(lang)


def _from_environment() -> str:
    """The default language the environment asks for (:data:`LANG_ENV`, else a Voila page's
    ``?lang=``), English when it asks for none or for one there is no catalog of."""
    from urllib.parse import parse_qs

    asked = os.environ.get(LANG_ENV) or parse_qs(os.environ.get("QUERY_STRING", "")).get(
        "lang", [""])[0]
    if not asked:
        return SOURCE
    try:
        return check_language(asked)
    except OptionError:
        import logging

        logging.getLogger(__name__).warning("no catalog for the language %r asked by the "
                                            "environment: English it is", asked)
        return SOURCE


def language() -> str:
    """The language words are put in now: the one :func:`using` set, else the default."""
    global _default
    current = _current.get()
    if current:
        return current
    if _default is None:
        _default = SOURCE  # (while the environment is read: its refusal is in English)
        _default = _from_environment()
    return _default


def chosen() -> str | None:
    """The language a :func:`using` block chose, else ``None`` (the default applies)."""
    return _current.get()


@contextmanager
def using(lang: str | None) -> Iterator[str]:
    """Put words in ``lang`` inside the block (``None``: the default language)."""
    token = _current.set(None if lang is None else check_language(lang))
    try:
        yield language()
    finally:
        _current.reset(token)


@cache
def _translations(lang: str) -> _gettext.NullTranslations:
    if lang == SOURCE:
        return _gettext.NullTranslations()
    for folder in _folders():
        try:
            return _gettext.translation(DOMAIN, folder, languages=[lang])
        except OSError:
            continue
    return _gettext.NullTranslations()


def gettext(message: str) -> str:
    """``message`` in the current language (itself when the catalog lacks it)."""
    lang = language()
    return message if lang == SOURCE else _translations(lang).gettext(message)


_ = gettext
_errors._ = gettext  # the errors' own words ("[rule X]", "option 'x': ...")


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` for ``n`` in the current language (its own plural
    rule: ``Plural-Forms`` of the catalog)."""
    lang = language()
    if lang == SOURCE:
        return singular if n == 1 else plural
    return _translations(lang).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, as meant in ``context`` (one English word with
    two meanings gets two entries)."""
    lang = language()
    return message if lang == SOURCE else _translations(lang).pgettext(context, message)


def N_(message: str) -> str:
    """Mark ``message`` for the catalog without translating it now (data translated when
    shown, with :func:`gettext`)."""
    return message
