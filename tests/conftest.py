"""Shared pytest set-up: kernel tests import the toy game from tests/core."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "core"))
