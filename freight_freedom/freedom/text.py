"""A plain-text board of a Freedom game: what ``str(game)`` prints (and the HTML fallback shows),
the words for tokens and Role effects that choices and views show, and the pieces of the events'
words (:func:`player`, :func:`people`, :func:`source_words`, :class:`Colour`, :class:`Series`).

The board and the words of choices are written in the current language when made (they are made
when shown); an event's words are kept as :func:`~..core.say.say` words and written for each
reader.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any

from ..core.i18n import N_, _, ngettext, pgettext
from ..core.say import Say, say, say_n, shown
from .context import Ctx
from .state import PHASE_NAMES, QUEUE_PRICES

if TYPE_CHECKING:
    from .cards import Effect
    from .game import Freedom


def render_text(game: Freedom) -> str:
    """Round and phase, tracks, players, Queue, Slave Market, catchers and occupied spaces."""
    ctx = game.ctx
    st = game.state
    side = ctx.victory_side(st)
    lines = [
        _("Freedom - round {round}/8, {phase} phase, Period {period}, Lead Player {lead}").format(
            round=st.round, phase=shown(PHASE_NAMES[st.turn_ctx.phase]), period=st.period,
            lead=st.lead + 1),
        _("Freed {freed}/{target}   Lost {lost}/{limit}   Support {bought}/{total}   Supply "
          "{supply}").format(freed=st.freed, target=side.freed, lost=st.lost, limit=side.lost,
                             bought=sum(st.support_bought),
                             total=sum(st.support_bought) + sum(st.support_left),
                             supply=st.supply),
    ]
    for seat in range(st.players):
        held = ", ".join(_("{stack} (grey)").format(stack=h.stack) if h.grey else h.stack
                         for h in st.held[seat]) or "-"
        rid = st.reserve[seat]
        res = shown(ctx.card_by_id[rid].name) if rid else "-"
        lines.append("  " + _("Player {n}: {role} (side {side}), ${money}, tokens {held}, "
                              "reserve {reserve}").format(
            n=seat + 1, role=shown(st.roles[seat]), side=st.sides[seat], money=st.money[seat],
            held=held, reserve=res))
    queue = []
    for pos, cid in enumerate(st.queue):
        name = shown(ctx.card_by_id[cid].name) if cid else _("(empty)")
        queue.append(f"{pos + 1}:{name} ${QUEUE_PRICES[pos]}")
    lines.append(_("Queue: {cards}").format(cards=" | ".join(queue)))
    lines.append(_("Slave Market (bottom first): {cards}; deck {deck}").format(
        cards=", ".join(f"{c.card}={c.people}" for c in st.market), deck=len(st.market_deck)))
    lines.append(_("Slave Catchers: {catchers}").format(catchers=", ".join(
        _("{colour} at {space}").format(colour=colour_words(c), space=shown(ctx.name(s)))
        for c, s in st.catchers.items())))
    occupied = [f"{shown(ctx.name(s))} {n}" for s, n in st.people.items() if n]
    lines.append(_("People: {spaces}").format(
        spaces=", ".join(occupied) or _("none on the map")))
    lines.append(str(game.prompt))
    return "\n".join(lines)


# ---------------------------------------------------------------------- the pieces of events
# (words are immutable values: the pieces made for every event are made once and shared)
@cache
def player(seat: int) -> Say:
    """``Player 2`` (seat 1), as words."""
    return say("Player {n}", n=seat + 1)


@cache
def people(n: int) -> Say:
    """``1 person`` / ``3 people``, as words."""
    return say_n("{n} person", "{n} people", n)


@cache
def spaces(n: int) -> Say:
    """``1 space`` / ``2 spaces``, as words."""
    return say_n("{n} space", "{n} spaces", n)


def token_label(moved: int, far: int, cost: int) -> Say:
    """A Conductor token's label as words: ``2 people x 1 space, $2`` (in English, the
    components' ``label``)."""
    return say("{people} x {spaces}, ${cost}", people=people(moved), spaces=spaces(far),
               cost=cost)


_CONDUCTOR_SOURCE = re.compile(r"Conductor token (\d+) (?:person|people) x (\d+) "
                               r"(?:space|spaces), \$(\d+)")


@lru_cache(maxsize=512)
def source_words(source: str) -> Say | str:
    """What set an effect off (:attr:`.effect_kinds.ScheduledEffect.source`, kept in English in
    the state: a card's name, ``"Conductor token 2 people x 1 space, $2"``, ``"Agent
    Benefit"``, ``"Agent Special Ability"``) as words (a card's name is looked up in the catalog
    when shown). Its English is ``source`` itself."""
    found = _CONDUCTOR_SOURCE.fullmatch(source)
    if found is not None:
        moved, far, cost = (int(g) for g in found.groups())
        return say("Conductor token {label}", label=token_label(moved, far, cost))
    if source.endswith(" Special Ability"):
        return say("{role} Special Ability", role=source[:-len(" Special Ability")])
    if source.endswith(" Benefit"):
        return say("{role} Benefit", role=source[:-len(" Benefit")])
    return source


COLOUR = "Slave Catcher colour"
"""The catalog's context of a Slave Catcher's colour (a code of the map's data, a word on
screen)."""


def _colours_for_the_catalog() -> tuple[str, ...]:  # pragma: no cover - never called
    """The packaged Slave Catchers' colours, marked for the catalog (a teacher's map may name
    others: they are shown as they are)."""
    # TRANSLATORS: a Slave Catcher's colour, after its name: "the orange Slave Catcher"
    return (pgettext("Slave Catcher colour", "orange"), pgettext("Slave Catcher colour", "brown"),
            pgettext("Slave Catcher colour", "red"), pgettext("Slave Catcher colour", "purple"),
            pgettext("Slave Catcher colour", "black"))


class Colour(Say):
    """A Slave Catcher's colour (``"orange"``, a code of the map's data) as a word of the
    current language: the ``fact`` of the events that name a catcher."""

    __slots__ = ()

    def __new__(cls, colour: str) -> Colour:  # type: ignore[override]
        return super().__new__(cls, colour)  # type: ignore[return-value]

    def render(self) -> str:
        return pgettext(COLOUR, self.template)

    __call__ = render

    def __str__(self) -> str:
        return self.render()

    def __reduce__(self) -> tuple[Any, ...]:
        return (Colour, (self.template,))


@cache
def colour_words(colour: str) -> Colour:
    """:class:`Colour` ``colour`` (one shared value per colour)."""
    return Colour(colour)


class Series(Say):
    """Words joined by ``sep`` (``", "``) in every language: a list the English writes with
    commas only (``listing`` writes "A, B and C")."""

    __slots__ = ()

    def __new__(cls, items: Iterable[Any], sep: str = ", ") -> Series:  # type: ignore[override]
        items = tuple(items)
        return super().__new__(cls, sep, None, len(items),  # type: ignore[return-value]
                               tuple(("", item) for item in items))

    def render(self) -> str:
        return self.template.join(shown(value) for _key, value in self.args)

    __call__ = render

    def __str__(self) -> str:
        return self.render()

    def __reduce__(self) -> tuple[Any, ...]:
        return (Series, (tuple(value for _key, value in self.args), self.template))


# ---------------------------------------------------------------------- words for choices
ROMAN = {1: "I", 2: "II", 3: "III"}


def _people(n: int) -> str:
    return ngettext("{n} person", "{n} people", n).format(n=n)


def _spaces(n: int) -> str:
    return ngettext("{n} space", "{n} spaces", n).format(n=n)


def region_words(region: str, *, cities_only: bool = False) -> str:
    if region == "south":
        return _("green southern cities") if cities_only else _("green southern spaces")
    return _("blue northern cities")


def token_words(ctx: Ctx, stack: str, *, cities_only: bool = False) -> str:
    """A token in words, with the period column it comes from (two columns can hold the same
    token): ``"Period I Conductor token: 2 people x 1 space"``."""
    period = ROMAN.get(ctx.stack_period.get(stack, 0), "?")
    if ctx.stack_kind.get(stack) == "conductor":
        cs = ctx.conductor(stack)
        return _("Period {period} Conductor token: {people} x {spaces}").format(
            period=period, people=_people(cs.people), spaces=_spaces(cs.spaces))
    fs = ctx.fundraising(stack)
    return _("Period {period} Fundraising token: ${n} per person in the {region}").format(
        period=period, n=fs.per_person, region=region_words(fs.region, cities_only=cities_only))


#: Role effects in words, by kind (``{n}``: the effect's amount or count, ``{people}`` and
#: ``{cards}``: that many, in words); :func:`effect_words` words the two kinds with places
ROLE_EFFECT_WORDS = {
    "money": N_("gain ${n}"),
    "money_each": N_("every player gains ${n}"),
    "catcher_cut": N_("the next Slave Catcher that would capture someone in this Action phase "
                      "stays put"),
    "market_remove_each": N_("take {people} off each Slave Market card"),
    "safe_turn": N_("moves trigger no Slave Catchers for the rest of the turn"),
    "queue_remove": N_("remove {cards} from the Abolitionist Queue without effect"),
    "card_discount": N_("Abolitionist cards cost you ${n} less"),
    "conductor_discount": N_("Conductor tokens cost you ${n} less"),
    "fundraising_bonus": N_("your Fundraising tokens raise ${n} more"),
}


def effect_words(ctx: Ctx, effect: Effect) -> str:
    """One Role effect in words: ``"gain $1"``, ``"move 2 people up to 1 space each"``."""
    k = effect.kind
    n = int(effect.get("amount", effect.get("count", effect.get("people", 0))) or 0)
    if k == "move":
        spaces = _spaces(int(effect.get("spaces", 0)))
        if effect.get("safe"):
            return _("move up to {people} up to {spaces} each (no Slave Catchers "
                     "triggered)").format(people=_people(n), spaces=spaces)
        return _("move up to {people} up to {spaces} each").format(people=_people(n),
                                                                   spaces=spaces)
    if k == "move_to":
        return _("move up to {people} from the plantations straight to {dest}").format(
            people=_people(n), dest=shown(ctx.name(str(effect.get("destination")))))
    words = ROLE_EFFECT_WORDS.get(k)
    if words is None:
        return k.replace("_", " ")
    return _(words).format(n=n, people=_people(n),
                           cards=ngettext("{n} card", "{n} cards", n).format(n=n))


def benefit_words(ctx: Ctx, role: str, side: int) -> str:
    """The Benefit of a Role card's side, active and passive parts: ``"gain $1; Abolitionist
    cards cost you $1 less (always)"``; ``"none"`` when the side has neither."""
    rs = ctx.roles[role].side(side)
    parts = [effect_words(ctx, e) for e in rs.benefit]
    text = parts[0] if parts else ""
    for part in parts[1:]:
        # TRANSLATORS: one Benefit effect after another: "gain $1, then move up to 1 person ..."
        text = _("{first}, then {next}").format(first=text, next=part)
    always = "; ".join(effect_words(ctx, e) for e in rs.passive)
    if always:
        # TRANSLATORS: a Role's passive modifiers, always on while its side is face up
        text = (_("{benefit}; always: {always}").format(benefit=text, always=always) if text
                else _("always: {always}").format(always=always))
    return text or _("none")
