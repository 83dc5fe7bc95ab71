"""Regenerate the data-derived tables of the Freedom rules docs from the component JSON.

The tables in ``docs/rules/freedom_cards.md``, ``docs/rules/freedom_components.md`` and the roles
table of ``docs/rules/freedom.md`` restate ``freight_freedom/freedom/data/*.json``. Each one sits
between two markers::

    <!-- BEGIN GENERATED: cards-period-1 -->
    | id | name | ... |
    <!-- END GENERATED -->

and this script rewrites only what lies between them; the prose around them (reasoning, rulings,
rule IDs) is never touched. Some tables end in a hand-written column (``reasoning``, ``status``):
that column is carried over from the doc, row by row, keyed by the row's first cell, so the
reasoning stays in the doc while the numbers come from the data. A new row gets a visible
placeholder to fill in.

Run from the repository root::

    .venv/bin/python scripts/rules_tables.py          # rewrite the docs
    .venv/bin/python scripts/rules_tables.py --check  # exit 1 and print a diff if out of date

``tests/freedom/test_docs_match_data.py`` runs the check in the test suite.
"""

from __future__ import annotations

import argparse
import difflib
import re
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from typing import Any

from freight_freedom.freedom.board import Board, Space, load_board
from freight_freedom.freedom.cards import AbolitionistCard, CardSet, load_cards
from freight_freedom.freedom.components import (
    TokenBoard,
    load_market,
    load_tokens,
    load_victory,
)
from freight_freedom.freedom.roles import Role, load_roles

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs" / "rules"
CARDS_DOC = "freedom_cards.md"
COMPONENTS_DOC = "freedom_components.md"
RULES_DOC = "freedom.md"
FIX_COMMAND = ".venv/bin/python scripts/rules_tables.py"

BLOCK_RE = re.compile(
    r"(<!-- BEGIN GENERATED: (?P<name>[a-z0-9-]+) -->\n)(?P<body>.*?)(<!-- END GENERATED -->)",
    re.DOTALL,
)
PLACEHOLDER = "*(to be written)*"
ROMAN = {1: "I", 2: "II", 3: "III"}
PLAYER_COUNTS = (1, 2, 3, 4)

#: A renderer gets the block's current text (for hand-written columns) and returns the new text.
Renderer = Callable[[str], str]


class DocsError(RuntimeError):
    """A doc's markers do not match the blocks this script knows."""


# ------------------------------------------------------------------------------ table helpers


def table(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """A Markdown table (header, separator, rows), ending in a newline."""
    def line(cells: Iterable[object]) -> str:
        return "| " + " | ".join(str(cell) for cell in cells) + " |"

    lines = [line(header), "|" + "---|" * len(header)]
    lines.extend(line(row) for row in rows)
    return "\n".join(lines) + "\n"


def split_row(line: str) -> list[str]:
    """The cells of one Markdown table row, stripped (the parsed tables hold no ``|`` in a cell)."""
    inner = line.strip()
    inner = inner.removeprefix("|").removesuffix("|")
    return [cell.strip() for cell in inner.split("|")]


def kept_column(old: str) -> dict[str, str]:
    """The last (hand-written) cell of each row of the table in ``old``, by the row's first cell.

    The header and separator rows are skipped; a row whose last cell is the placeholder is
    ignored, so the placeholder never becomes "written" text.
    """
    kept: dict[str, str] = {}
    lines = [line for line in old.splitlines() if line.startswith("|")]
    for line in lines[2:]:
        cells = split_row(line)
        if len(cells) >= 2 and cells[-1] != PLACEHOLDER:
            kept[cells[0]] = cells[-1]
    return kept


def with_kept(rows: Iterable[Sequence[object]], old: str) -> list[list[object]]:
    """``rows`` (generated cells) each extended by its hand-written last cell from ``old``."""
    kept = kept_column(old)
    return [[*row, kept.get(str(row[0]), PLACEHOLDER)] for row in rows]


def money(amount: int) -> str:
    return f"${amount}" if amount else ""


def names(board: Board, ids: Iterable[str]) -> str:
    return ", ".join(board.space(s).name for s in ids)


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def period_years(tokens: TokenBoard, number: int, dash: str = "-") -> str:
    period = next(p for p in tokens.periods if p.number == number)
    return f"{period.start_year}{dash}{period.end_year}"


# ------------------------------------------------------------------------------ cards doc


def card_kind(card: AbolitionistCard) -> str:
    """The kind column: General, Reserve (action/reaction), Opposition (trigger[, not buyable])."""
    if card.kind == "general":
        return "General"
    if card.kind == "reserve":
        return "Reserve (reaction)" if card.is_reaction else "Reserve (action)"
    extra = "" if card.purchasable else ", cannot be bought"
    return f"Opposition ({card.trigger}{extra})"


def card_players(card: AbolitionistCard) -> str:
    return f"{card.min_players}-4"


def render_period_cards(cards: CardSet, period: int) -> str:
    rows = [
        (f"`{c.id}`", c.name, c.year, card_kind(c), card_players(c), c.text, c.note)
        for c in cards.cards
        if c.period == period
    ]
    header = ("id", "name", "year", "kind", "players", "effect", "historical note")
    return table(header, rows)


def render_card_counts(cards: CardSet, tokens: TokenBoard) -> str:
    rows: list[tuple[object, ...]] = []
    totals = {"general": 0, "reserve": 0, "reaction": 0, "opposition": 0, "marked": 0}
    for period in sorted({c.period for c in cards.cards}):
        in_period = [c for c in cards.cards if c.period == period]
        general = [c for c in in_period if c.kind == "general"]
        reserve = [c for c in in_period if c.kind == "reserve"]
        reactions = [c for c in reserve if c.is_reaction]
        opposition = [c for c in in_period if c.kind == "opposition"]
        marked = [c for c in in_period if c.min_players > 1]
        reaction_names = ", ".join(c.name for c in reactions)
        reserve_cell = f"{len(reserve)} ({len(reactions)}" + (
            f": {reaction_names})" if reactions else ")"
        )
        rows.append((
            f"{period} ({period_years(tokens, period)})",
            len(general),
            reserve_cell,
            len(opposition),
            ", ".join(c.name for c in marked) or "-",
        ))
        totals["general"] += len(general)
        totals["reserve"] += len(reserve)
        totals["reaction"] += len(reactions)
        totals["opposition"] += len(opposition)
        totals["marked"] += len(marked)
    rows.append((
        "total",
        totals["general"],
        f"{totals['reserve']} ({totals['reaction']})",
        totals["opposition"],
        totals["marked"],
    ))
    header = (
        "period", "General", "Reserve (of them reactions)", "Opposition", "marked 3-4 players"
    )
    return table(header, rows)


def periods_of(cards: CardSet) -> list[int]:
    return sorted({c.period for c in cards.cards})


def render_seeding(cards: CardSet) -> str:
    periods = periods_of(cards)
    chart = cards.opposition_per_period
    rows = [(n, *(chart[n][p] for p in periods)) for n in sorted(chart)]
    return table(("players", *(f"Period {p}" for p in periods)), rows)


def render_deck_sizes(cards: CardSet) -> str:
    periods = periods_of(cards)
    chart = cards.opposition_per_period
    rows: list[tuple[object, ...]] = []
    for n in sorted(chart):
        cells: list[str] = []
        for p in periods:
            base = sum(
                1 for c in cards.cards
                if c.period == p and c.kind != "opposition" and c.usable_with(n)
            )
            seeded = chart[n][p]
            cells.append(f"{base} + {seeded} = {base + seeded}")
        rows.append((n, *cells))
    return table(("players", *(f"Period {p}" for p in periods)), rows)


# ------------------------------------------------------------------------------ components doc


def spaces_in_doc_order(board: Board) -> list[Space]:
    """South, north, Canada; each west to east (then by name)."""
    order = {"south": 0, "north": 1, "canada": 2}
    return sorted(board.spaces.values(), key=lambda s: (order[s.region], s.lon, s.name))


def plantation_label(board: Board, space_id: str) -> str:
    """``Louisiana``, ``Black Belt (centre)``: the plantation name without "Plantations"."""
    label = board.space(space_id).name.removesuffix(" Plantations")
    plantations = board.plantations
    if len(plantations) % 2 == 1 and space_id == plantations[len(plantations) // 2]:
        label += " (centre)"
    return label


def render_plantations(board: Board, old: str) -> str:
    rows = []
    for pid in board.plantations:
        s = board.space(pid)
        rows.append((f"`{pid}`", s.capacity, s.light_slots, s.dark_slots))
    header = ("id", "slots (capacity)", "light (filled at set-up)", "dark",
              "reasoning — ruling (authored)")
    return table(header, with_kept(rows, old))


def render_money(board: Board, old: str) -> str:
    region = {"north": 0, "south": 1, "canada": 2}
    paying = sorted(
        (s for s in board.spaces.values() if s.money),
        key=lambda s: (-s.money, region[s.region], s.lon),
    )
    rows = [(s.name, s.money) for s in paying]
    return table(("space", "$", "reasoning — ruling (authored)"), with_kept(rows, old))


def space_kind(board: Board, s: Space) -> str:
    number = board.canada_number(s.id)
    return f"{s.kind} #{number}" if number is not None else s.kind


def render_spaces(board: Board, old: str) -> str:
    rows = []
    for s in spaces_in_doc_order(board):
        capacity = "unlimited" if s.capacity is None else s.capacity
        slots = f"{s.light_slots}/{s.dark_slots}" if s.kind == "plantation" else ""
        rows.append((
            f"`{s.id}`", s.name, s.state, space_kind(board, s), s.region,
            f"{s.lon:.2f}", f"{s.lat:.2f}", capacity, money(s.money), slots,
            ", ".join(board.triggers(s.id)),
        ))
    header = ("id", "name", "state", "kind", "region", "lon", "lat", "capacity", "money",
              "light/dark", "catcher triggers", "status")
    return table(header, with_kept(rows, old))


MODE_WORDS = {"rail": "railway"}


def render_canada(board: Board, old: str) -> str:
    rows = []
    for number, cid in enumerate(board.canada, start=1):
        s = board.space(cid)
        reached = sorted(
            board.neighbours(cid), key=lambda n: (board.space(n).lon, board.space(n).name)
        )
        via = ", ".join(
            f"{board.space(n).name} "
            f"({MODE_WORDS.get(m := board.graph.edges[cid, n]['mode'], m)})"
            for n in reached
        )
        rows.append((number, f"`{cid}`", f"{s.name}, {s.state}", via))
    header = ("#", "id", "place", "reached from", "reasoning — ruling (authored)")
    kept = kept_column(old)
    # The hand column is keyed by the number cell; carry it over by that key.
    return table(header, [[*row, kept.get(str(row[0]), PLACEHOLDER)] for row in rows])


def render_route_summary(board: Board) -> str:
    modes: dict[str, int] = {}
    for _a, _b, mode in board.graph.edges(data="mode"):
        modes[mode] = modes.get(mode, 0) + 1
    by_count = sorted(modes.items(), key=lambda kv: (-kv[1], kv[0]))
    parts = ", ".join(f"{n} {mode}" for mode, n in by_count)
    return f"{board.graph.number_of_edges()} undirected routes ({parts}).\n"


def render_canada_distance(board: Board) -> str:
    rows = []
    for pid in board.plantations:
        steps = {cid: board.distance(pid, cid) for cid in board.canada}
        nearest = min(steps.values())
        best = [board.space(c).name for c in board.canada if steps[c] == nearest]
        others: list[str] = []
        for d in sorted(set(steps.values()) - {nearest}):
            group = [board.space(c).name for c in board.canada if steps[c] == d]
            others.append(f"{', '.join(group)} {d}")
        rows.append((plantation_label(board, pid), ", ".join(best), nearest,
                     "; ".join(others) or "-"))
    return table(("plantation", "nearest Canada", "steps", "other exits"), rows)


def render_routes_by_space(board: Board) -> str:
    lines = []
    for s in spaces_in_doc_order(board):
        linked = sorted(board.space(n).name for n in board.neighbours(s.id))
        lines.append(f"- {s.name}: {', '.join(linked)}")
    return "\n".join(lines) + "\n"


def render_catchers(board: Board, old: str) -> str:
    rows = []
    for colour, catcher in board.catchers.items():
        path = " – ".join(
            f"**{board.space(s).name}**" if s == catcher.start else board.space(s).name
            for s in catcher.path
        )
        rows.append((colour, len(catcher.path), path, board.space(catcher.start).name))
    header = ("colour", "spaces", "path, west to east (start in bold)", "start",
              "reasoning — ruling (authored)")
    return table(header, with_kept(rows, old))


def render_periods(tokens: TokenBoard) -> str:
    rows = [(ROMAN[p.number], f"{p.start_year}–{p.end_year}", "") for p in tokens.periods]
    return table(("period", "years", "*certain*"), rows)


def render_support(tokens: TokenBoard, old: str) -> str:
    periods = [p.number for p in tokens.periods]
    rows = []
    for n in sorted(tokens.support_by_players):
        counts = [tokens.support_by_players[n][p] for p in periods]
        rows.append((n, *counts, sum(counts)))
    header = ("players", *(f"Period {ROMAN[p]}" for p in periods), "total", "reasoning")
    return table(header, with_kept(rows, old))


def per_person_space(cost: int, people: int, spaces: int) -> str:
    value = Decimal(cost) / Decimal(people * spaces)
    return str(value.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))


def render_conductor(tokens: TokenBoard) -> str:
    rows: list[tuple[object, ...]] = []
    for t in tokens.conductor:
        rows.append((
            f"`{t.id}`", ROMAN[t.period], f"{t.people} × {t.spaces}", f"${t.cost}",
            *(t.count(n) for n in PLAYER_COUNTS),
            per_person_space(t.cost, t.people, t.spaces),
        ))
    rows.append(("**total**", "", "", "", *(tokens.conductor_total(n) for n in PLAYER_COUNTS), ""))
    header = ("id", "period", "people × spaces", "cost", *(f"{n}p" for n in PLAYER_COUNTS),
              "$ per person-space")
    return table(header, rows)


REGION_WORDS = {
    "south": "south (plantations and southern cities)",
    "north": "north (northern cities)",
}


def render_fundraising(tokens: TokenBoard) -> str:
    rows: list[tuple[object, ...]] = []
    explained: set[str] = set()
    for t in tokens.fundraising:
        region = t.region if t.region in explained else REGION_WORDS.get(t.region, t.region)
        explained.add(t.region)
        if t.per_person != 1:
            region += f", ${t.per_person} each"
        rows.append((f"`{t.id}`", ROMAN[t.period], region,
                     *(t.count(n) for n in PLAYER_COUNTS)))
    rows.append(("**total**", "", "", *(tokens.fundraising_total(n) for n in PLAYER_COUNTS)))
    header = ("id", "period", "pays for people in", *(f"{n}p" for n in PLAYER_COUNTS))
    return table(header, rows)


def render_market(market: Sequence[Any]) -> str:
    rows = [
        (f"`{c.id}`", c.people, ", ".join(str(n) for n in sorted(c.players))) for c in market
    ]
    return table(("card", "people", "players"), rows)


def render_market_counts(market: Sequence[Any], deck_size: int) -> str:
    rows = []
    for n in PLAYER_COUNTS:
        people = sorted(c.people for c in market if n in c.players)
        mean = Decimal(sum(people)) / Decimal(len(people))
        rows.append((
            n, len(people),
            f"{people[0]}–{people[-1]} (mean "
            f"{mean.quantize(Decimal('0.1'), rounding=ROUND_HALF_UP)})",
            sum(people[:deck_size]), sum(people[-deck_size:]),
        ))
    header = ("players", "marked cards", "people per card", f"lightest {deck_size}",
              f"heaviest {deck_size}")
    return table(header, rows)


def render_victory(victory: Mapping[int, Any], side: str, old: str) -> str:
    rows = []
    for n in sorted(victory):
        s = victory[n].side(side)
        rows.append((n, s.freed, s.lost))
    return table(("players", "freed", "lost boxes", "reasoning — ruling (authored)"),
                 with_kept(rows, old))


# ------------------------------------------------------------------------------ roles (freedom.md)


def effect_words(effect: Mapping[str, Any]) -> str:
    """One role effect in words; a new kind must be given words here before the docs build."""
    kind = effect["kind"]
    amount = effect.get("amount")
    if kind == "money":
        return f"+${amount}"
    if kind == "move":
        spaces = effect["spaces"]
        reach = "1 space" if spaces == 1 else f"up to {spaces} spaces"
        safe = ", triggering no catchers" if effect.get("safe") else ""
        origin = "" if effect.get("origin", "any") == "any" else f" from {effect['origin']}s"
        each = " each" if effect["people"] > 1 else ""
        return f"move {plural(effect['people'], 'person').replace('persons', 'people')}" \
               f"{origin} {reach}{each}{safe}"
    if kind == "catcher_cut":
        return "cut one catcher reaction (FR-ROLE-SM-CUT)"
    if kind == "card_discount":
        return f"Abolitionist cards cost ${amount} less"
    if kind == "conductor_discount":
        return f"Conductor tokens cost ${amount} less"
    if kind == "fundraising_bonus":
        return f"each Fundraising token pays ${amount} more"
    raise DocsError(f"roles.json: no words for the role effect kind {kind!r}; add them to "
                    f"scripts/rules_tables.py (effect_words)")


SPECIAL_PHASES = {"planning": "Planning Phase", "action": "own Action Phase turn",
                  "other_turn": "another player's Action Phase turn"}


def render_roles(roles: Mapping[str, Role]) -> str:
    rows = []
    for role in roles.values():
        sides = []
        for number in (1, 2):
            side = role.side(number)
            words = [effect_words(e.to_dict()) for e in (*side.benefit, *side.passive)]
            sides.append("; ".join(words) or "-")
        phase = SPECIAL_PHASES.get(role.special_phase, role.special_phase)
        rows.append((role.name, *sides, phase, role.special_text))
    intro = (
        "The same roles as stored in `data/roles.json` (generated by `scripts/rules_tables.py`:\n"
        "each Benefit effect in words, and the Special Ability's own text):\n\n"
    )
    header = ("role", "side I Benefit", "side II Benefit", "Special Ability used in",
              "Special Ability text")
    return intro + table(header, rows)


# ------------------------------------------------------------------------------ the blocks


def renderers() -> dict[str, dict[str, Renderer]]:
    """For each doc file name, its blocks by marker name."""
    cards = load_cards()
    board = load_board()
    tokens = load_tokens()
    market = load_market()
    victory = load_victory()
    roles = load_roles()
    from freight_freedom.freedom.components import MARKET_DECK_SIZE

    def fixed(text: str) -> Renderer:
        return lambda _old: text

    card_blocks: dict[str, Renderer] = {
        "card-counts": fixed(render_card_counts(cards, tokens)),
        "opposition-seeding": fixed(render_seeding(cards)),
        "deck-sizes": fixed(render_deck_sizes(cards)),
    }
    for period in periods_of(cards):
        card_blocks[f"cards-period-{period}"] = fixed(render_period_cards(cards, period))
    component_blocks: dict[str, Renderer] = {
        "plantations": lambda old: render_plantations(board, old),
        "money-circles": lambda old: render_money(board, old),
        "spaces": lambda old: render_spaces(board, old),
        "canada": lambda old: render_canada(board, old),
        "route-summary": fixed(render_route_summary(board)),
        "canada-distance": fixed(render_canada_distance(board)),
        "routes-by-space": fixed(render_routes_by_space(board)),
        "catcher-paths": lambda old: render_catchers(board, old),
        "token-periods": fixed(render_periods(tokens)),
        "support-tokens": lambda old: render_support(tokens, old),
        "conductor-tokens": fixed(render_conductor(tokens)),
        "fundraising-tokens": fixed(render_fundraising(tokens)),
        "market-cards": fixed(render_market(market)),
        "market-counts": fixed(render_market_counts(market, MARKET_DECK_SIZE)),
        "victory-regular": lambda old: render_victory(victory, "regular", old),
        "victory-challenging": lambda old: render_victory(victory, "challenging", old),
    }
    return {
        CARDS_DOC: card_blocks,
        COMPONENTS_DOC: component_blocks,
        RULES_DOC: {"roles": fixed(render_roles(roles))},
    }


def regenerate(text: str, blocks: Mapping[str, Renderer], doc: str) -> str:
    """``text`` with every generated block re-rendered; each known block must appear once."""
    seen: list[str] = []

    def replace(match: re.Match[str]) -> str:
        name = match.group("name")
        if name not in blocks:
            raise DocsError(f"{doc}: unknown generated block {name!r}")
        seen.append(name)
        return match.group(1) + blocks[name](match.group("body")) + match.group(4)

    new = BLOCK_RE.sub(replace, text)
    missing = sorted(set(blocks) - set(seen))
    repeated = sorted({n for n in seen if seen.count(n) > 1})
    if missing or repeated:
        raise DocsError(f"{doc}: generated blocks missing {missing} / repeated {repeated}")
    return new


def expected_docs(docs_dir: Path = DOCS) -> dict[Path, tuple[str, str]]:
    """For each doc: (current text, regenerated text)."""
    out: dict[Path, tuple[str, str]] = {}
    for doc, blocks in renderers().items():
        path = docs_dir / doc
        current = path.read_text(encoding="utf-8")
        out[path] = (current, regenerate(current, blocks, doc))
    return out


def diff_docs(docs_dir: Path = DOCS) -> str:
    """A unified diff from the docs as they are to the docs as the data say; "" if up to date."""
    chunks: list[str] = []
    for path, (current, expected) in expected_docs(docs_dir).items():
        if current != expected:
            name = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
            chunks.extend(difflib.unified_diff(
                current.splitlines(keepends=True), expected.splitlines(keepends=True),
                fromfile=f"{name} (now)", tofile=f"{name} (from the data)",
            ))
    return "".join(chunks)


def write_docs(docs_dir: Path = DOCS) -> list[Path]:
    """Rewrite the docs that are out of date; returns the paths written."""
    written = []
    for path, (current, expected) in expected_docs(docs_dir).items():
        if current != expected:
            path.write_text(expected, encoding="utf-8")
            written.append(path)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="change nothing; exit 1 and print a diff if the docs are out of date")
    args = parser.parse_args(argv)
    if args.check:
        diff = diff_docs()
        if diff:
            sys.stdout.write(diff)
            print(f"\nThe rules docs do not match the data; run {FIX_COMMAND}", file=sys.stderr)
            return 1
        print("The rules docs match the data.")
        return 0
    written = write_docs()
    for path in written:
        print(f"rewrote {path.relative_to(ROOT)}")
    if not written:
        print("The rules docs already match the data.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
