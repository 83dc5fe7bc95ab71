"""The legal actions of the pending decision as buttons and drop-downs.

Only ``game.legal_actions()`` is ever offered, so the panel cannot propose an illegal move.
Actions are grouped by ``kind`` in the order the game lists them: a small group becomes a row
of buttons, a large one (dozens of movement choices) a drop-down with a "Do it" button, so the
panel stays readable whatever the decision.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import ipywidgets as widgets

from ..core.action import Action

#: groups with more actions than this become a drop-down
MAX_BUTTONS = 6


class ActionPanel:
    """Shows ``actions`` and calls ``on_choose(action)`` when one is chosen.

    ``buttons`` and ``dropdowns`` (by kind) are exposed so tests can press them like a user.
    """

    def __init__(self, on_choose: Callable[[Action], None]) -> None:
        self.on_choose = on_choose
        self.widget = widgets.VBox(layout=widgets.Layout(width="100%"))
        self.buttons: dict[Action, widgets.Button] = {}
        self.dropdowns: dict[str, widgets.Dropdown] = {}
        self.go_buttons: dict[str, widgets.Button] = {}
        self._shown: tuple[tuple[Action, str], ...] | None = None

    @property
    def actions(self) -> list[Action]:
        """The actions offered now, in the game's order."""
        return [a for a, _ in self._shown or ()]

    def show(self, actions: Sequence[Action], labels: Sequence[str], note: str = "") -> None:
        """Offer ``actions`` (with human-readable ``labels``); rebuilt only when they change."""
        key = tuple(zip(actions, labels, strict=True))
        if key == self._shown and not note:
            return
        self._shown = key
        self.buttons = {}
        self.dropdowns = {}
        self.go_buttons = {}
        groups: dict[str, list[tuple[Action, str]]] = {}
        for action, label in key:
            groups.setdefault(action.kind, []).append((action, label))
        rows: list[widgets.Widget] = []
        if note:
            rows.append(widgets.HTML(f"<i>{note}</i>"))
        if not groups and not note:
            rows.append(widgets.HTML("<i>No decision pending.</i>"))
        for kind, items in groups.items():
            title = widgets.HTML(
                f"<b style='font-size:12px'>{kind}</b>",
                layout=widgets.Layout(width="90px", min_width="90px"),
            )
            if len(items) <= MAX_BUTTONS:
                row = [self._button(action, label) for action, label in items]
                rows.append(widgets.HBox([title, widgets.HBox(row, layout=_wrap())]))
            else:
                dropdown = widgets.Dropdown(
                    options=[(label, i) for i, (_, label) in enumerate(items)],
                    value=0,
                    layout=widgets.Layout(width="auto", max_width="520px"),
                )
                go = widgets.Button(description="Do it", button_style="primary",
                                    layout=widgets.Layout(width="80px"))
                group_actions = [a for a, _ in items]
                go.on_click(lambda _b, d=dropdown, acts=group_actions: self._choose(acts[d.value]))
                self.dropdowns[kind] = dropdown
                self.go_buttons[kind] = go
                count = widgets.HTML(f"<span style='color:#666'>({len(items)} choices)</span>")
                rows.append(widgets.HBox([title, dropdown, go, count]))
        self.widget.children = rows

    def _button(self, action: Action, label: str) -> widgets.Button:
        button = widgets.Button(description=label, tooltip=str(action),
                                layout=widgets.Layout(width="auto"))
        button.on_click(lambda _b, a=action: self._choose(a))
        self.buttons[action] = button
        return button

    def _choose(self, action: Action) -> None:
        self.on_choose(action)

    def choose_in_dropdown(self, kind: str, action: Action) -> None:
        """Set the drop-down of ``kind`` to ``action`` and press its button (as a user would)."""
        dropdown = self.dropdowns[kind]
        group = [a for a in self.actions if a.kind == kind]
        dropdown.value = group.index(action)
        self.go_buttons[kind].click()

    def press(self, action: Action) -> None:
        """Choose ``action`` through its widget: its button, or its drop-down and "Do it"."""
        if action in self.buttons:
            self.buttons[action].click()
        else:
            self.choose_in_dropdown(action.kind, action)


def _wrap() -> widgets.Layout:
    return widgets.Layout(flex_flow="row wrap")
