"""The Voila page template every Voila server of the package uses (`freight-freedom classroom`,
the browser tests): Voila's ``lab`` template with two changes.

- anywidget's limit for a widget model to load its module in the page (2 s, after which every
  message from the kernel to that model is dropped) is stretched to 10 minutes by a script in
  the page's head: a lesson board that missed 2 s on a busy laptop never changed again.
- No links to Font Awesome on a CDN: Voila's own script bundle already carries Font Awesome
  5.15.4 and its v4 shims, so the links only cost a failed request and a console error on a
  network without internet (a classroom's).

The template lives in ``jupyter_data/voila/templates/freight-freedom``; Voila finds it through
``JUPYTER_PATH`` (:func:`voila_env`) and uses it with :data:`TEMPLATE_ARGS`.
``python -m freight_freedom.ui.voila_page NOTEBOOK [voila options]`` (``python3 dev.py voila``)
runs Voila on one notebook with it: the teaching guide's projector lesson.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

#: the folder Voila looks in for ``voila/templates/<name>`` (put on ``JUPYTER_PATH``)
DATA_DIR = Path(__file__).resolve().parent / "jupyter_data"
TEMPLATE = "freight-freedom"
TEMPLATE_ARGS = [f"--template={TEMPLATE}"]


def voila_env(base: dict[str, str] | None = None) -> dict[str, str]:
    """``base`` (default: this process's environment) with :data:`DATA_DIR` first on
    ``JUPYTER_PATH``."""
    env = dict(os.environ if base is None else base)
    rest = env.get("JUPYTER_PATH", "")
    env["JUPYTER_PATH"] = os.pathsep.join(p for p in (str(DATA_DIR), rest) if p)
    return env


def voila_command(args: list[str]) -> tuple[list[str], dict[str, str]]:
    """The command line and environment of Voila with this template on ``args`` (a notebook
    and Voila's own options), run by this Python."""
    return [sys.executable, "-m", "voila", *TEMPLATE_ARGS, *args], voila_env()


def main() -> None:
    argv, env = voila_command(sys.argv[1:])
    os.execve(argv[0], argv, env)


if __name__ == "__main__":
    main()
