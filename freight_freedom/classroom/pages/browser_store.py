"""The student page's two invisible front-end pieces (anywidgets): :class:`BrowserStore`, which
keeps the student's token and seat tokens in the browser's ``localStorage`` so that a refreshed
page, a laptop that slept or a new kernel rejoins without the teacher; and :class:`PageHeading`,
which puts the class and what it is doing in the page's heading and the browser tab's title."""

from __future__ import annotations

import anywidget
import traitlets

STORAGE_KEY = "freight-freedom-classroom"

_ESM = r"""
const KEY = "freight-freedom-classroom";
function render({ model, el }) {
  el.style.display = "none";
  let stored = "";
  try { stored = window.localStorage.getItem(KEY) || ""; } catch (e) { stored = ""; }
  const keep = () => {
    const value = model.get("keep");
    try {
      if (value) window.localStorage.setItem(KEY, value);
      else window.localStorage.removeItem(KEY);
    } catch (e) { /* storage refused (private window): the page still works, no rejoin */ }
    model.set("written", model.get("asked"));
  };
  model.set("stored", stored);
  model.set("loaded", true);
  if (model.get("asked") > model.get("written")) keep();  // asked before this view existed
  model.save_changes();
  const changed = () => { keep(); model.save_changes(); };
  model.on("change:asked", changed);
  return () => model.off("change:asked", changed);
}
export default { render };
"""

#: heartbeats (:data:`~.common.BEAT` s apart) after which a browser store that has not said what
#: it kept, or not confirmed what it was asked to keep, is made again; and how many times
STORE_PATIENCE, STORE_TRIES = 2, 4


class BrowserStore(anywidget.AnyWidget):  # type: ignore[misc]
    """Invisible: ``stored`` is what this browser kept (read once the page shows, then
    ``loaded``); :meth:`save` writes a new value back, and the browser confirms it
    (``written`` catches up with ``asked``). Holds only this student's own tokens.

    The confirmation is there because a widget's set-up can fail on a slow device (anywidget
    gives a model 2 s): then nothing is read or written, and :class:`StudentPage` makes the
    store again (:meth:`renewed`)."""

    _esm = _ESM
    stored = traitlets.Unicode("").tag(sync=True)
    loaded = traitlets.Bool(False).tag(sync=True)
    keep = traitlets.Unicode("").tag(sync=True)
    asked = traitlets.Int(0).tag(sync=True)  # counts the values given to keep
    written = traitlets.Int(0).tag(sync=True)  # the browser: the last one it wrote

    def save(self, value: str) -> None:
        """Ask the browser to keep ``value`` ("" forgets what it kept)."""
        with self.hold_sync():
            self.keep = value
            self.asked += 1

    @property
    def settled(self) -> bool:
        """Whether the browser has read what it kept and written all it was asked to."""
        return bool(self.loaded) and self.written >= self.asked

    def renewed(self) -> BrowserStore:
        """A new store asking for the same value (written when the new one shows)."""
        return BrowserStore(keep=self.keep, asked=self.asked)


_HEADING_ESM = r"""
function render({ model, el }) {
  el.style.display = "none";
  const show = () => {
    const text = model.get("text");
    // a classroom page (Voila marks its pages' body): not a notebook open in JupyterLab
    if (!text || !document.body.hasAttribute("data-voila")) return;
    const heading = [...document.querySelectorAll("h1")].find(h => !h.closest(".ff-class"));
    if (heading && heading.textContent !== text) heading.textContent = text;
    document.title = text;
  };
  show();
  model.on("change:text", show);
  return () => model.off("change:text", show);
}
export default { render };
"""


class PageHeading(anywidget.AnyWidget):  # type: ignore[misc]
    """Invisible: once ``text`` is set, the page's heading (the notebook's title, "Classroom:
    join the class") and the browser tab's title say it: the class and what it is doing."""

    _esm = _HEADING_ESM
    text = traitlets.Unicode("").tag(sync=True)
