"""The Lord of the Rings Adventure Game (``adventure-game``): a race to Mount Doom for 2-4
players with hidden hands. Importing this package registers the game."""

from ringbearer_engine import register
from ringbearer_engine.observation import register_observer

from .game import GAME, AdventureGame
from .observe import AdventureObserver
from .state import AdventureState
from .view import AdventureView, SeatView

register(GAME)
register_observer(AdventureObserver())

__all__ = [
    "GAME",
    "AdventureGame",
    "AdventureObserver",
    "AdventureState",
    "AdventureView",
    "SeatView",
]
