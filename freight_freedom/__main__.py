"""``python -m freight_freedom``: the same command line as ``freight-freedom``."""

import sys

from .cli import main

sys.exit(main())
