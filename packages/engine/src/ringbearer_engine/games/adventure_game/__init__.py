"""The Lord of the Rings Adventure Game (``adventure-game``): a race to Mount Doom for 2-4
players with hidden hands. Importing this package registers the game."""

from ringbearer_engine import register

from .game import GAME, AdventureGame
from .state import AdventureState
from .view import AdventureView, SeatView

register(GAME)

__all__ = ["GAME", "AdventureGame", "AdventureState", "AdventureView", "SeatView"]
