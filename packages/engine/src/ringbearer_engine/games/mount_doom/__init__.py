"""Adventure to Mount Doom (KOSMOS 2023), engine id ``mount-doom``.

A cooperative dice game for 1–4 players: bring the Ring-bearer from Rivendell to the crater of
Mount Doom before his resolve breaks or the ninth Nazgûl gathers at Minas Morgul. Importing
this package registers the game.
"""

from __future__ import annotations

from ringbearer_engine import register
from ringbearer_engine.observation import register_observer

from .game import MountDoomGame
from .observe import MountDoomObserver
from .state import MountDoomOptions, MountDoomState
from .view import FigureView, HeldView, MountDoomView, RolledView, SlotView, TrayView

GAME = MountDoomGame()
register(GAME)
register_observer(MountDoomObserver())

__all__ = [
    "GAME",
    "FigureView",
    "HeldView",
    "MountDoomGame",
    "MountDoomObserver",
    "MountDoomOptions",
    "MountDoomState",
    "MountDoomView",
    "RolledView",
    "SlotView",
    "TrayView",
]
