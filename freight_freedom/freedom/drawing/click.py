"""What a click on the route map means, and a movement as two drop-down choices.

Both read the view's legal choices, each of which says where it starts and ends
(:attr:`~freight_freedom.core.seat_view.Choice.origin`, ``dest``; see :func:`.view_model.ends`),
so the click, the yellow rings (:mod:`.draw`) and the drop-downs always agree, and no step
guesses which of an action's arguments are spaces. Nothing here reads a game.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...core.i18n import _
from ...core.say import shown
from ...ui.adapter import ClickResult, Selection, Split
from ..text import Colour
from ..view_model import FreedomView
from .figure import CATCHER_TAGS, CATCHERS, SPACES, TARGETS, catcher_colour


def click_on(vm: FreedomView, trace: str, space: str, selection: Selection) -> ClickResult:
    """A click on the map: choose a destination, or pick the origin of a movement first.

    ``space`` is the id the clicked point carries (its ``customdata``), so a click means the
    space that was drawn under the pointer, never "the n-th point". On a space a person or a
    Slave Catcher can leave from: it becomes the picked origin and only its destinations stay
    ringed (even if it is also a destination: a click never guesses between a move out of and
    a move into a space). On a ringed destination: if exactly one legal choice ends there (from
    the picked origin, if one is picked), it is applied. Anything else is refused with a
    message and changes nothing.
    """
    board = vm.board
    if trace not in (SPACES, TARGETS, CATCHERS, CATCHER_TAGS) or space not in board.spaces:
        return ClickResult(selection=selection, message=_("Click a space of the map."))
    name = shown(board.spaces[space].name)
    spans = [(c.action, c.origin, c.dest) for c in vm.choices]
    if selection.origin is not None:
        from_origin = [a for a, o, d in spans if o == selection.origin and d == space]
        if len(from_origin) == 1:
            return ClickResult(action=from_origin[0])
        if len(from_origin) > 1:
            return ClickResult(selection=selection, message=_(
                "Several choices lead there from {origin}: use the drop-downs beside the "
                "map.").format(origin=shown(board.spaces[selection.origin].name)))
        if space == selection.origin:
            return ClickResult(selection=replace(selection, origin=None),
                               message=_("{space}: origin cleared").format(space=name))
    ending = [a for a, o, d in spans if d == space]
    starting = [a for a, o, d in spans if o == space]
    if starting:  # an origin first, even when it is also a destination: never guess a move
        message = _("From {space}: now click one of the ringed destinations.").format(
            space=name)
        if ending:
            message = _("{message} To move someone into {space} instead, click where they "
                        "leave from first.").format(message=message, space=name)
        return ClickResult(selection=replace(selection, origin=space), message=message)
    if len(ending) == 1:
        return ClickResult(action=ending[0])
    if len(ending) > 1:
        origins = ", ".join(sorted({shown(board.spaces[o].name)
                                    for a, o, d in spans if d == space and o}))
        if all(a.kind == "move" for a in ending):
            return ClickResult(selection=selection, message=_(
                "Several people can reach {space} (from {origins}): click the space they "
                "leave from first").format(space=name, origins=origins))
        return ClickResult(selection=selection, message=_(
            "Several Slave Catchers can reach {space} (from {origins}): click the catcher "
            "first").format(space=name, origins=origins))
    return ClickResult(selection=selection, message=_(
        "{space} is not a legal choice now: nothing was played. Ringed spaces and the buttons "
        "show what you can do.").format(space=name))


def split_on(vm: FreedomView, action: Any) -> Split:
    """A movement as two choices for the drop-downs: from which space (or which Slave Catcher),
    then to which space."""
    spaces = vm.board.spaces
    choice = vm.choice(action)
    if choice is None or choice.origin is None or choice.dest is None:
        raise ValueError(f"{action} is not a movement on the map")
    origin, dest = choice.origin, choice.dest
    if action.kind != "catcher":
        return Split(origin, _("{space} ({n} here)").format(space=shown(spaces[origin].name),
                                                            n=vm.people[origin]),
                     shown(spaces[dest].name))
    colours = vm.catchers_at(origin)
    colour = str(choice.colour)
    where = shown(spaces[origin].name)
    if len(colours) > 1:
        # TRANSLATORS: two Slave Catchers on one space: "Orange and Red Slave Catchers at Atlanta"
        both = catcher_colour(colours[0])
        for other in colours[1:]:  # "Orange and Red and Brown", as the map always said it
            both = _("{rest} and {last}").format(rest=both, last=catcher_colour(other))
        first = _("{colours} Slave Catchers at {space}").format(colours=both, space=where)
        second = _("{space} ({colour} catcher)").format(space=shown(spaces[dest].name),
                                                        colour=Colour(colour))
        return Split(origin, first, second)
    first = _("{colour} Slave Catcher at {space}").format(colour=catcher_colour(colours[0]),
                                                          space=where)
    return Split(origin, first, shown(spaces[dest].name))
