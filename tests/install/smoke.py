"""What a new user does first with an installed wheel, run by the venv's Python from an empty
folder (``tests/install/test_wheel.py``): nothing here may come from the checkout.

Plays a whole game of each, reads the words of every rule ID the installed package cites and the
chip each shows, builds both play apps and walks both lessons (with their plotly boards) step by
step, and prints one JSON line of what it found. At the declared floors of the dependencies
(``tests/install/floors.txt``) this is what shows whether the floors hold.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import freight_freedom
from freight_freedom import Freedom, SlowFreight
from freight_freedom.core.rulebook import cited_ids, rule_text
from freight_freedom.lessons.text import citations


def play(game: object, seed: int) -> int:
    rng = random.Random(seed)
    steps = 0
    while not game.is_over and steps < 5000:  # type: ignore[attr-defined]
        game.apply(rng.choice(game.legal_actions()))  # type: ignore[attr-defined]
        steps += 1
    assert game.is_over, "a random game did not end"  # type: ignore[attr-defined]
    return steps


def widgets() -> dict[str, int]:
    """Both play apps after a few moves, and every step of both lessons: the widgets a student
    sees, built as a kernel builds them (no browser)."""
    from freight_freedom.lessons import LESSONS, show
    from freight_freedom.ui.app import GameApp

    chips = 0
    for game in (Freedom(players=2, seed=3), SlowFreight(players=3, seed=3)):
        app = GameApp(game)
        for _ in range(5):
            app.play(app.game.legal_actions()[0])  # as a click on a choice does
        assert app.game.history, "the app played no move"
    steps = 0
    for name in LESSONS:
        walk = show(name)
        while True:
            chips += walk.cites.value.count("<details")
            assert "docs/rules" not in walk.cites.value
            steps += 1
            if walk.index >= len(walk.lesson.steps) - 1:
                break
            walk.next()
    return {"lesson_steps": steps, "lesson_chips": chips}


def main() -> None:
    package = Path(freight_freedom.__file__).resolve().parent
    here = Path.cwd().resolve()
    assert not (here / "freight_freedom").exists(), "run from an empty folder"
    cited: set[str] = set()
    for path in [*package.rglob("*.py"), *package.rglob("*.json")]:
        cited |= cited_ids(path.read_text(encoding="utf-8"))
    missing = []
    for rule in sorted(cited):
        try:
            words = rule_text(rule)
        except KeyError:
            missing.append(rule)
            continue
        if words.split()[0] not in citations([rule]):
            missing.append(rule)
    print(json.dumps({
        "version": freight_freedom.__version__,
        "package": str(package),
        "in_site_packages": "site-packages" in package.parts,
        "cited": len(cited),
        "missing": missing,
        "freedom_steps": play(Freedom(players=2, seed=1), 1),
        "slowfreight_steps": play(SlowFreight(players=3, seed=1), 1),
        "python": sys.version.split()[0],
        **widgets(),
    }))


if __name__ == "__main__":
    main()
