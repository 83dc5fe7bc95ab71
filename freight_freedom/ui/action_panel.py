"""The legal actions of the pending decision, as buttons or as a two-step choice.

Only ``game.legal_actions()`` is ever offered, so the panel cannot propose an illegal move.
Actions are grouped by ``kind`` in the order the game lists them, and each kind always looks
the same from one turn to the next, whatever the number of choices:

- a plain kind is a row of buttons (wrapped);
- a kind the game declares as a two-step choice (:class:`~freight_freedom.ui.adapter.TwoStep`:
  Freedom's movements, "from" then "to"; Slow Freight's takes, a card then a train) is two
  short drop-downs and a "Do it" button, the keyboard's way to make the same choice as an
  origin-then-destination click on the map. A choice among hundreds (a Special Ability) is
  then a pick among a few origins, then among their few destinations.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import ipywidgets as widgets

from ..core.action import Action
from ..core.i18n import _, language, ngettext
from .adapter import Split, TwoStep


@dataclass(frozen=True)
class TwoStepRow:
    """The widgets of one two-step group (exposed so tests can use them like a user)."""

    first: widgets.Dropdown
    second: widgets.Dropdown
    go: widgets.Button
    chosen: widgets.HTML
    #: first key -> [(second label, action, full label)] in the game's order
    options: dict[str, list[tuple[str, Action, str]]]

    def picked(self) -> tuple[str, Action, str] | None:
        """The (second label, action, full label) the two drop-downs show now."""
        rows = self.options.get(str(self.first.value), [])
        index = self.second.value
        return rows[index] if isinstance(index, int) and 0 <= index < len(rows) else None

    def action(self) -> Action | None:
        picked = self.picked()
        return picked[1] if picked is not None else None


class ActionPanel:
    """Shows ``actions`` and calls ``on_choose(action)`` when one is chosen.

    ``on_first(kind, key)`` is called when the first drop-down of a two-step group changes (the
    app rings that origin's destinations on the map); :meth:`set_first` does the reverse.
    ``buttons`` and ``two_step`` (by kind) are exposed so tests can press them like a user.
    """

    def __init__(self, on_choose: Callable[[Action], None],
                 on_first: Callable[[str, str], None] | None = None,
                 speaking: Callable[[Callable[[], None]], Callable[[], None]] = lambda f: f,
                 kind_title: Callable[[str], str] = str,
                 ) -> None:
        self.on_choose = on_choose
        #: the heading of a group of choices of one kind, in words (the game's)
        self.kind_title = kind_title
        #: runs a callback in the app's language (its note on a late click)
        self.speaking = speaking
        self.on_first = on_first
        self.widget = widgets.VBox(layout=widgets.Layout(width="100%"))
        self.buttons: dict[Action, widgets.Button] = {}
        self.two_step: dict[str, TwoStepRow] = {}
        self._shown: tuple[object, ...] | None = None
        self._actions: tuple[Action, ...] = ()
        self._quiet = False
        #: counts the rebuilds: a press is played only if its widget is of the latest one
        self._generation = 0
        #: says so when a press was of choices that have passed (cleared by the next rebuild)
        self.refused = widgets.HTML()

    @property
    def actions(self) -> list[Action]:
        """The actions offered now, in the game's order."""
        return list(self._actions)

    @property
    def notes(self) -> str:
        """The panel's lines of words (its note and a refused press), as one text."""
        return " ".join(w.value for w in self.widget.children
                        if isinstance(w, widgets.HTML) and w.value)

    def show(self, actions: Sequence[Action], labels: Sequence[str], note: str = "",
             splits: Mapping[Action, Split] | None = None,
             steps: Mapping[str, TwoStep] | None = None) -> None:
        """Offer ``actions`` (with human-readable ``labels``); rebuilt only when they change.

        ``splits`` gives, for the actions of a two-step kind, their first and second choice;
        ``steps`` the two-step kinds (captions and hint).
        """
        splits = splits or {}
        steps = steps or {}
        key = (tuple(zip(actions, labels, strict=True)), note, language())
        if key == self._shown:
            return
        self._shown = key
        self._generation += 1
        self.refused.value = ""
        self._actions = tuple(actions)
        self.buttons = {}
        self.two_step = {}
        groups: dict[str, list[tuple[Action, str]]] = {}
        for action, label in zip(actions, labels, strict=True):
            groups.setdefault(action.kind, []).append((action, label))
        rows: list[widgets.Widget] = [self.refused]
        if note:
            rows.append(widgets.HTML(f"<i>{note}</i>"))
        if not groups and not note:
            rows.append(widgets.HTML("<i>" + html.escape(_("No decision pending.")) + "</i>"))
        for kind, items in groups.items():
            title = widgets.HTML(
                f"<b style='font-size:13px'>{html.escape(self.kind_title(kind))}</b>",
                layout=widgets.Layout(width="90px", min_width="90px"),
            )
            if kind in steps and all(a in splits for a, _ in items):
                rows.append(self._two_step_row(kind, title, items, splits, steps[kind]))
            else:
                row = [self._button(action, label) for action, label in items]
                rows.append(widgets.HBox([title, widgets.HBox(row, layout=_wrap())]))
        self.widget.children = rows

    # ------------------------------------------------------------------ two steps
    def _two_step_row(self, kind: str, title: widgets.Widget, items: list[tuple[Action, str]],
                      splits: Mapping[Action, Split], step: TwoStep) -> widgets.Widget:
        options: dict[str, list[tuple[str, Action, str]]] = {}
        first_labels: dict[str, str] = {}
        for action, label in items:
            split = splits[action]
            options.setdefault(split.first, []).append((split.second_label, action, label))
            first_labels.setdefault(split.first, split.first_label)
        style = {"description_width": "initial"}
        first = widgets.Dropdown(options=[(first_labels[k], k) for k in options],
                                 description=step.first, style=style,
                                 layout=widgets.Layout(width="auto", max_width="300px"))
        second = widgets.Dropdown(description=step.second, style=style,
                                  layout=widgets.Layout(width="auto", max_width="300px"))
        go = widgets.Button(description=_("Do it"), button_style="primary",
                            layout=widgets.Layout(width="70px"))
        count = sum(len(v) for v in options.values())
        chosen = widgets.HTML()
        row = TwoStepRow(first, second, go, chosen, options)
        self.two_step[kind] = row

        def fill(_change: object = None) -> None:
            seconds = options.get(str(first.value), [])
            second.options = [(text, i) for i, (text, _, _) in enumerate(seconds)]
            second.value = 0 if seconds else None
            if not self._quiet and self.on_first is not None and _change is not None:
                self.on_first(kind, str(first.value))

        def describe(_change: object = None) -> None:
            picked = row.picked()
            full = picked[2] if picked is not None else ""
            go.tooltip = str(picked[1]) if picked is not None else ""
            hint = f"; {step.hint}" if step.hint else ""
            total = ngettext("{n} choices in all", "{n} choices in all", count).format(n=count)
            chosen.value = (f"<span style='font-size:13px;color:#333'>{html.escape(full)} "
                            f"<span style='color:#666'>({html.escape(total + hint)})"
                            "</span></span>")

        fill()
        describe()
        first.observe(fill, "value")
        first.observe(describe, "value")
        second.observe(describe, "value")
        go.on_click(lambda _b, g=self._generation: self._choose_row(row, g))
        return widgets.VBox([
            widgets.HBox([title, widgets.HBox([first, second, go], layout=_wrap())]),
            chosen], layout=widgets.Layout(margin="0 0 4px 0"))

    def _choose_row(self, row: TwoStepRow, generation: int) -> None:
        action = row.action()
        if action is not None:
            self._choose(action, generation)

    def set_first(self, key: str | None) -> None:
        """Show ``key`` (an origin picked on the map) in the first drop-down that offers it,
        without calling ``on_first`` back."""
        for row in self.two_step.values():
            if key in row.options and row.first.value != key:
                self._quiet = True
                try:
                    row.first.value = key
                finally:
                    self._quiet = False
                return

    # ------------------------------------------------------------------ buttons
    def _button(self, action: Action, label: str) -> widgets.Button:
        button = widgets.Button(description=label, tooltip=str(action),
                                layout=widgets.Layout(width="auto"))
        button.on_click(lambda _b, a=action, g=self._generation: self._choose(a, g))
        self.buttons[action] = button
        return button

    def _choose(self, action: Action, generation: int) -> None:
        """Play ``action`` unless its widget is of an earlier set of choices: a second click
        of a double click, or a click sent just before the game moved on (a bot's move) reaches
        the kernel after the panel has changed, and would otherwise play a choice of a
        position that has passed (an error, or the same move twice)."""
        if generation == self._generation:
            self.on_choose(action)
        else:
            self.speaking(self._refuse)()

    def _refuse(self) -> None:
        """Say that a press of passed choices played nothing."""
        words = _("Your click came after the choices changed, so it played nothing: "
                  "choose again below.")
        self.refused.value = ("<span role='status' style='font-size:13px;color:#8a4b00'>"
                              f"{html.escape(words)}</span>")

    def choose_in_two_steps(self, action: Action) -> None:
        """Pick ``action``'s first and second choice and press "Do it" (as a user would)."""
        for row in self.two_step.values():
            for key, rows in row.options.items():
                for i, (_label, candidate, _full) in enumerate(rows):
                    if candidate == action:
                        row.first.value = key
                        row.second.value = i
                        row.go.click()
                        return
        raise KeyError(f"{action} is not offered in two steps")

    def press(self, action: Action) -> None:
        """Choose ``action`` through its widget: its button, or its two drop-downs and "Do it"."""
        if action in self.buttons:
            self.buttons[action].click()
        else:
            self.choose_in_two_steps(action)


def _wrap() -> widgets.Layout:
    return widgets.Layout(flex_flow="row wrap", align_items="center")
