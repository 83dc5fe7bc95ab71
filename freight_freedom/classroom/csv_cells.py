"""CSV that opens as it should in Excel and Google Sheets, for every file the classroom
exports (answers, results, gradebooks).

UTF-8 with a byte order mark (so Excel reads "José" as José), and every text cell that a
spreadsheet would run as a formula (it begins with ``=``, ``+``, ``-``, ``@``, a tab or a
carriage return: a student's answer ``=HYPERLINK(...)``) written with a leading apostrophe, so
it shows as the text typed. Research exports name a student by a stable pseudonym and give
dates instead of times.
"""

from __future__ import annotations

import csv
import hashlib
import io
from datetime import UTC, datetime

BOM = "\ufeff"
"""Starts every CSV file: Excel then reads it as UTF-8."""
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""What a spreadsheet runs as a formula at the start of a cell."""


def cell_time(stamp: float, research: bool = False) -> str:
    """A time in a cell: ISO date and time (UTC), or the date alone for research."""
    moment = datetime.fromtimestamp(stamp, UTC)
    return moment.date().isoformat() if research else moment.isoformat(timespec="seconds")


def inert(value: object) -> object:
    """A cell that a spreadsheet shows as typed: text that would start a formula gets a
    leading apostrophe (numbers and booleans stay as they are)."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def pseudonym(token_hash: str) -> str:
    """A student's stable name in research exports: from the hash of their secret token, so
    it is the same in every export of the class and says nothing of their name."""
    return "student-" + hashlib.sha256(f"pseudonym:{token_hash}".encode()).hexdigest()[:8]


def csv_text(columns: tuple[str, ...], rows: list[dict[str, object]]) -> str:
    out = io.StringIO()
    out.write(BOM)
    writer = csv.DictWriter(out, fieldnames=columns, lineterminator="\n")
    writer.writeheader()
    writer.writerows({key: inert(value) for key, value in row.items()} for row in rows)
    return out.getvalue()
