"""FR-COMP-1: the packaged data files pass their JSON Schemas, and the list of their digests that
lets a new game skip that (slow to import) step is current."""

from __future__ import annotations

import json
from pathlib import Path

from freight_freedom.core.schema import schema_problems
from freight_freedom.freedom import schemas
from freight_freedom.freedom.board import read_packaged


def test_packaged_files_pass_their_schemas_and_the_digest_list_is_current() -> None:
    for name, schema in schemas.PACKAGED.items():
        assert schema_problems(name, read_packaged(name), schema) == [], name
    stored = json.loads((Path(schemas.__file__).parent / "data" / schemas.CHECKED_FILE)
                        .read_text(encoding="utf-8"))
    assert stored == schemas.packaged_digests(), (
        "regenerate with: python -m freight_freedom.freedom.schemas")


def test_a_changed_file_is_checked_against_its_schema() -> None:
    data = read_packaged("tokens.json")
    data["support"]["price"] = "ten dollars"
    problems = schema_problems("tokens.json", data, schemas.TOKENS)
    assert problems and any("support" in p.where for p in problems)
