"""Show errors raised inside widget callbacks in the app, never only in a log console.

ipywidgets and plotly run callbacks from traitlets observers; an exception there is written to
the kernel log (JupyterLab's "log console") where a student never looks, and in Voila it is
lost. Every callback of the apps therefore goes through :meth:`ErrorArea.guard`, which catches
the exception and shows it in a visible area of the app: the message in words, never a
traceback (a student or a teacher cannot act on one; it goes to the ``freight_freedom`` log,
which JupyterLab's log console and the classroom server's log file keep). The box clears when
the next guarded action succeeds.

An HTML widget is used rather than an ``Output`` widget: ``Output`` captures only inside a live
IPython kernel, while an HTML value is plain state that tests and Voila see the same way.
"""

from __future__ import annotations

import functools
import html
import logging
from collections.abc import Callable
from typing import Any, TypeVar

import ipywidgets as widgets

from ..core.i18n import _, using

F = TypeVar("F", bound=Callable[..., Any])

LOG = logging.getLogger("freight_freedom")


class ErrorArea:
    """A visible place for errors and notices; ``widget`` goes into the app's layout.

    ``messages`` keeps the text of everything shown (tests read it); ``show_error`` and
    ``show_info`` replace what is on screen, ``clear`` hides it. ``lang()`` says the language of
    the app's words: every guarded callback runs in it (:meth:`speaking`).
    """

    def __init__(self, lang: Callable[[], str | None] = lambda: None) -> None:
        self.lang = lang
        self.widget = widgets.HTML(value="", layout=widgets.Layout(width="100%"))
        self.messages: list[str] = []
        self.last_kind: str = ""

    def show_error(self, message: str) -> None:
        """Show ``message`` as an error (words only)."""
        self.messages.append(message)
        self.last_kind = "error"
        head = html.escape(_("Error:"))
        self.widget.value = (
            "<div role='alert' style='border:2px solid #b00020;background:#fdecee;color:#5f0010;"
            f"padding:6px 10px;border-radius:4px'><b>{head}</b> {html.escape(message)}</div>"
        )

    def show_info(self, message: str) -> None:
        """Show a neutral notice (a saved file, a loaded game)."""
        self.messages.append(message)
        self.last_kind = "info"
        self.widget.value = (
            "<div style='border:1px solid #2e7d32;background:#edf7ee;color:#1b5e20;"
            f"padding:6px 10px;border-radius:4px'>{html.escape(message)}</div>"
        )

    def clear(self) -> None:
        self.last_kind = ""
        self.widget.value = ""

    @property
    def text(self) -> str:
        """The last message shown, or ``""`` when the area is clear."""
        return self.messages[-1] if self.last_kind and self.messages else ""

    def report(self, exc: BaseException) -> None:
        """Show an exception's message in words; its traceback goes to the log."""
        message = str(exc) or type(exc).__name__
        if isinstance(exc, ValueError):  # bad input explains itself
            LOG.info("refused: %s", message)
        else:  # a bug: say so plainly, keep the traceback for whoever mends it
            LOG.error("unexpected error in a page action", exc_info=exc)
            message = _("something went wrong ({error}: {message}). Try again, or reload the "
                        "page.").format(error=type(exc).__name__, message=message)
        self.show_error(message)

    def speaking(self, fn: F) -> F:
        """Wrap a callback so that it puts its words in the app's language (``lang()``)."""

        @functools.wraps(fn)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            with using(self.lang()):
                return fn(*args, **kwargs)

        return wrapper  # type: ignore[return-value]

    def guard(self, fn: F) -> F:
        """Wrap a callback so that any exception it raises is shown here instead of lost, and
        its words are in the app's language."""

        @functools.wraps(fn)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            with using(self.lang()):
                shown = len(self.messages)
                try:
                    result = fn(*args, **kwargs)
                except Exception as exc:  # noqa: BLE001 - shown to the user, by design
                    self.report(exc)
                    return None
                if self.last_kind == "error" and len(self.messages) == shown:
                    self.clear()  # the action went through: an error from before it is stale
                return result

        return wrapper  # type: ignore[return-value]
