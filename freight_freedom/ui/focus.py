"""Keyboard focus stays in the game: after an action it returns to the choices.

Pressing a choice makes the app rebuild its buttons, and a browser moves the focus of a removed
button to the page body: the next Tab then starts from the top of the page again. The
:class:`FocusKeeper` is an invisible front-end piece (an anywidget, so it works in JupyterLab,
Voila and JupyterLite alike) placed inside the app: when the focused element of its app is
removed, it focuses the first choice of the new decision (or, when there is none, the first
button of the decision column), so a keyboard user goes on from where they are.

It also keeps the page where the student is: for two seconds after a choice is pressed, the
pressed choice (or the one that took its focus) is held at the same height on the screen while
the app redraws around it, so the page never jumps to the top or away from the choices (a
narrow page, with the choices above the map, moved on every decision). Scrolling with the wheel
or a finger ends the hold at once. It names the app a landmark region (its title), so nothing of
it is "outside landmarks" for a screen reader.
"""

from __future__ import annotations

import anywidget

_ESM = r"""
function render({ el }) {
  el.style.display = "none";
  let app = null;
  let lost = null;     // the element of this app that had the focus, once it is removed
  let last = null;     // the element of this app that has the focus now
  let lastTop = null;  // where on the screen that element was when it was last used
  let hold = null;     // {el, top, until}: keep el at that screen height while the app redraws
  const HOLD_MS = 2000;
  const target = () => {
    if (!app) return null;
    const pick = (sel) => Array.from(app.querySelectorAll(sel)).find(
      (b) => !b.disabled && b.offsetParent !== null);
    return pick(".ff-actions button, .ff-actions select") ||
           pick(".ff-column button, .ff-column select");
  };
  const scroller = (node) => {  // the page's scroller, never the app's own column: the
    for (let n = node.parentElement; n; n = n.parentElement) {  // prompt stays on top of it
      if (app && app.contains(n)) continue;
      const s = getComputedStyle(n);
      if (/(auto|scroll)/.test(s.overflowY) && n.scrollHeight > n.clientHeight) return n;
    }
    return document.scrollingElement;
  };
  const keep = () => {
    if (!hold) return;
    if (Date.now() > hold.until || !hold.el.isConnected) { hold = null; return; }
    const shift = hold.el.getBoundingClientRect().top - hold.top;
    if (Math.abs(shift) > 1) scroller(hold.el).scrollTop += shift;
  };
  const remember = (node) => {
    last = node;
    lastTop = node.getBoundingClientRect().top;
  };
  const onFocusIn = (e) => { remember(e.target); lost = null; };
  // a press on a choice: the choices stay where they are on the screen while the app redraws
  // (the browser would otherwise keep something else in place, or jump to the top)
  const onPress = (e) => {
    const node = document.activeElement;
    if (!node || !app.contains(node) || node === document.body) return;
    if (e.type === "keydown" && !["Enter", " "].includes(e.key)) return;
    remember(node);
    hold = { el: node, top: lastTop, until: Date.now() + HOLD_MS };
  };
  const onClick = (e) => {
    const node = e.target.closest && e.target.closest("button, select");
    if (!node || !app.contains(node)) return;
    remember(node);
    hold = { el: node, top: lastTop, until: Date.now() + HOLD_MS };
  };
  const release = () => { hold = null; };  // the reader scrolls: never fight them
  const check = () => {
    if (!app) return;
    if (last && !last.isConnected) { lost = last; last = null; }
    const active = document.activeElement;
    if (lost && (!active || active === document.body)) {
      const next = target();
      if (next) {
        const top = Math.min(Math.max(lastTop ?? 0, 0), window.innerHeight - 40);
        next.focus({ preventScroll: true });  // (its focusin event updates lastTop)
        hold = { el: next, top: top, until: Date.now() + HOLD_MS };
        lost = null;
      }
    }
    keep();
  };
  let observer = null;
  const attach = () => {
    app = el.closest(".ff-app");
    if (!app) { setTimeout(attach, 200); return; }
    // the app is a landmark of the page (screen readers list it; nothing of it is "outside
    // landmarks"), named by its title
    if (!app.hasAttribute("role")) {
      app.setAttribute("role", "region");
      const title = app.querySelector(".ff-title b");
      app.setAttribute("aria-label", title ? title.textContent : "Game");
    }
    app.addEventListener("focusin", onFocusIn);
    app.addEventListener("keydown", onPress, true);
    app.addEventListener("click", onClick, true);
    window.addEventListener("wheel", release, { passive: true, capture: true });
    window.addEventListener("touchmove", release, { passive: true, capture: true });
    observer = new MutationObserver(() => requestAnimationFrame(check));
    observer.observe(app, { childList: true, subtree: true, attributes: true });
  };
  attach();
  return () => {
    if (observer) observer.disconnect();
    window.removeEventListener("wheel", release, { capture: true });
    window.removeEventListener("touchmove", release, { capture: true });
    if (app) {
      app.removeEventListener("focusin", onFocusIn);
      app.removeEventListener("keydown", onPress, true);
      app.removeEventListener("click", onClick, true);
    }
  };
}
export default { render };
"""


class FocusKeeper(anywidget.AnyWidget):  # type: ignore[misc]
    """Invisible; returns the keyboard focus to the choices after the app redraws them."""

    _esm = _ESM
