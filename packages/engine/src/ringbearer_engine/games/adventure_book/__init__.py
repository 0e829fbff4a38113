"""The Lord of the Rings Adventure Book Game (``adventure-book``): a cooperative campaign.

A match plays one attempt at one chapter; its options name the chapter and carry the
campaign state. Between chapters the campaign lives in a small save of its own:

>>> import ringbearer_engine as rb
>>> from ringbearer_engine.games.adventure_book import Campaign, campaign_after
>>> campaign = Campaign.new()
>>> match = campaign.next_match(["Ann", "Bo"], seed=7)
>>> # ... play the chapter to its end, then:
>>> # campaign = campaign_after(match); data = campaign.to_bytes()
>>> # Campaign.from_bytes(data).next_match(["Ann", "Bo"], seed=8)

See :mod:`.campaign` for the save format and :mod:`.chapter` for the chapter format.
"""

from __future__ import annotations

from ringbearer_engine.game import register
from ringbearer_engine.observation import register_observer

from .campaign import CAMPAIGN_FORMAT, CAMPAIGN_VERSION, Campaign, campaign_after
from .chapter import Chapter, ChapterRules
from .chapters import add_chapter, page, pages, remove_chapter
from .game import AdventureBookGame
from .observe import AdventureBookObserver
from .state import AdventureBookOptions, AdventureBookState
from .view import AdventureBookView, PendingView

GAME = AdventureBookGame()
register(GAME)
register_observer(AdventureBookObserver())

__all__ = [
    "CAMPAIGN_FORMAT",
    "CAMPAIGN_VERSION",
    "GAME",
    "AdventureBookGame",
    "AdventureBookObserver",
    "AdventureBookOptions",
    "AdventureBookState",
    "AdventureBookView",
    "Campaign",
    "Chapter",
    "ChapterRules",
    "PendingView",
    "add_chapter",
    "campaign_after",
    "page",
    "pages",
    "remove_chapter",
]
