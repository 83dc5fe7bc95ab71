"""Slow Freight's options, declared once: the constructor, the New game form and the CLI read
them. Rule IDs are those of ``docs/rules/slow_freight.md``."""

from __future__ import annotations

from ..core.i18n import N_
from ..core.options import Option
from .components import load_components, load_movement_tables
from .trains import EACH_CARD, TRAIN_CHECKS

# The words the New game form shows for the choices (the values stay as they are): the
# shipped movement tables' names and the two train checks, marked for the catalog (the form
# looks each value up, :func:`~..ui.newgame.in_words`).
# TRANSLATORS: the names of Slow Freight's movement tables, a choice of the New game form
CHOICE_WORDS = (N_("standard"), N_("gentle"), N_("harsh"),
                # TRANSLATORS: a choice of the New game form: every card must leave a valid
                # train (the value's name, each_card, is what the command line takes)
                N_("each_card"),
                # TRANSLATORS: a choice of the New game form: the trains must be valid when
                # the take-cards turn ends (the value's name, end_of_turn, stays on the command
                # line)
                N_("end_of_turn"))


def _options() -> tuple[Option, ...]:
    comps = load_components()
    counts = comps.player_counts
    return (
        Option("players", "int", 3, lo=counts[0], hi=counts[-1], label=N_("players"),
               rule="SF-CLOCK-5", help=f"number of players, {counts[0]} to {counts[-1]}"),
        Option("movement_table", "choice", "standard", choices=tuple(load_movement_tables()),
               # TRANSLATORS: a field of the New game form: the movement table
               label=N_("movement"), rule="SF-RULING-15",
               help=N_("how far trains move (data/movement_tables.json)")),
        Option("first_player", "seat", 0, choices=("random",), hi=counts[-1],
               label=N_("first player"), rule="SF-RULING-10",
               help=N_("the seat that starts (0, the youngest player), or random")),
        Option("track_supply", "int", comps.track_supply, lo=9, hi=10_000,
               none_means=N_("unlimited"), label=N_("track supply"), rule="SF-RULING-3",
               in_form=False, help=N_("Track pieces in the supply; none for unlimited")),
        # The default stays out of the options, so older saves and digests are unchanged.
        Option("train_check", "choice", EACH_CARD, choices=TRAIN_CHECKS,
               label=N_("train check"), rule="SF-RULING-25", omit_default=True,
               help=N_("each_card: every card must leave a valid train (SF-RULING-7); "
                       "end_of_turn: the trains must be valid when the take-cards turn ends")),
    )


SLOW_FREIGHT_OPTIONS: tuple[Option, ...] = _options()
"""Slow Freight's keyword options (see :class:`~freight_freedom.core.options.Option`)."""
