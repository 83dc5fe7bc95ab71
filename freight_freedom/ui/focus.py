"""Keyboard focus stays in the game: after an action it returns to the choices.

Pressing a choice makes the app rebuild its buttons, and a browser moves the focus of a removed
button to the page body: the next Tab then starts from the top of the page again. The
:class:`FocusKeeper` is an invisible front-end piece (an anywidget, so it works in JupyterLab,
Voila and JupyterLite alike) placed inside the app: when the focused element of its app is
removed, it focuses the first choice of the new decision (or, when there is none, the first
button of the decision column), so a keyboard user goes on from where they are.
"""

from __future__ import annotations

import anywidget

_ESM = r"""
function render({ el }) {
  el.style.display = "none";
  let app = null;
  let lost = null;     // the element of this app that had the focus, once it is removed
  let last = null;     // the element of this app that has the focus now
  const target = () => {
    if (!app) return null;
    const pick = (sel) => Array.from(app.querySelectorAll(sel)).find(
      (b) => !b.disabled && b.offsetParent !== null);
    return pick(".ff-actions button, .ff-actions select") ||
           pick(".ff-column button, .ff-column select");
  };
  const onFocusIn = (e) => { last = e.target; lost = null; };
  const check = () => {
    if (!app) return;
    if (last && !last.isConnected) { lost = last; last = null; }
    const active = document.activeElement;
    if (lost && (!active || active === document.body)) {
      const next = target();
      if (next) { next.focus(); lost = null; }
    }
  };
  let observer = null;
  const attach = () => {
    app = el.closest(".ff-app");
    if (!app) { setTimeout(attach, 200); return; }
    app.addEventListener("focusin", onFocusIn);
    observer = new MutationObserver(() => requestAnimationFrame(check));
    observer.observe(app, { childList: true, subtree: true });
  };
  attach();
  return () => {
    if (observer) observer.disconnect();
    if (app) app.removeEventListener("focusin", onFocusIn);
  };
}
export default { render };
"""


class FocusKeeper(anywidget.AnyWidget):  # type: ignore[misc]
    """Invisible; returns the keyboard focus to the choices after the app redraws them."""

    _esm = _ESM
