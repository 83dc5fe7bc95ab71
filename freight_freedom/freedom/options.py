"""Freedom's options, declared once: the constructor, the New game form and the CLI read them.

Rule IDs are those of ``docs/rules/freedom.md``. The order is the order of the New game form.
"""

from __future__ import annotations

from ..core.i18n import N_
from ..core.options import Option
from .schemas import ROLE_NAMES

FREEDOM_OPTIONS: tuple[Option, ...] = (
    Option("players", "int", 2, lo=1, hi=4, label=N_("players"), rule="FR-SETUP-1",
           help=N_("number of players, 1 to 4")),
    Option("difficulty", "choice", "regular", choices=(N_("regular"), N_("challenging")),
           label=N_("difficulty"), rule="FR-OPT-1",
           help=N_("side of the Victory Conditions card")),
    Option("roles", "per_seat", None, choices=tuple(ROLE_NAMES), hi=4, label=N_("role"),
           rule="FR-SETUP-1", choice_rule="FR-ROLE-1", distinct=True,
           help=N_("a different role for each player (random: dealt from the six)")),
    Option("easier_money", "bool", False, label=N_("start with $10"), rule="FR-OPT-2",
           help=N_("easier: every player starts with $10")),
    Option("easier_triples", "bool", False, label=N_("triples: no catcher"), rule="FR-OPT-2",
           help=N_("easier: a Movement die triple moves no catcher")),
    Option("easier_empty_centre", "bool", False, label=N_("centre plantation empty"),
           rule="FR-OPT-2", help=N_("easier: the centre plantation starts empty")),
    Option("harder_full_plantations", "bool", False, label=N_("all plantations full"),
           rule="FR-OPT-3", help=N_("harder: every plantation slot starts filled")),
    Option("harder_extra_support", "bool", False, label=N_("extra Support"), rule="FR-OPT-3",
           help=N_("harder: one more Support token, in Period 3")),
    # Added after the first release: stored only when on, so older save files (whose digest
    # covers the options) still load unchanged.
    Option("fundraising_cities_only", "bool", False, label=N_("fundraise in cities only"),
           rule="FR-RULING-FUNDRAISING", omit_default=True,
           help=N_("southern Fundraising counts the southern cities only, not the plantations")),
    Option("optional_scoring", "bool", False, label=N_("optional scoring"), rule="FR-SCORE-1",
           help=N_("the table plays with the optional score")),
)
"""Freedom's keyword options (see :class:`~freight_freedom.core.options.Option`)."""
