"""Freedom's Slave Market bots, at the path they had before they moved to Freedom's own package
(:mod:`freight_freedom.freedom.market_bots`): notebooks written against it still run, warned.
"""

from __future__ import annotations

import warnings

from ..freedom.market_bots import FullestMarketBot, MarketChoices, RandomMarketBot, market_choices

__all__ = ["FullestMarketBot", "MarketChoices", "RandomMarketBot", "market_choices"]

warnings.warn("freight_freedom.analysis.market_bots moved to freight_freedom.freedom.market_bots; "
              "import it from there", DeprecationWarning, stacklevel=2)
