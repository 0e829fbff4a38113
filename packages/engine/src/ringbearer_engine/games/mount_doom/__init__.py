"""Adventure to Mount Doom (KOSMOS 2023), engine id ``mount-doom``.

A cooperative dice game for 1–4 players: bring the Ring-bearer from Rivendell to the crater of
Mount Doom before his resolve breaks or the ninth Nazgûl gathers at Minas Morgul. Importing
this package registers the game.
"""

from __future__ import annotations

from ringbearer_engine import register

from .game import MountDoomGame
from .state import MountDoomOptions, MountDoomState
from .view import FigureView, HeldView, MountDoomView, RolledView, SlotView, TrayView

GAME = MountDoomGame()
register(GAME)

__all__ = [
    "GAME",
    "FigureView",
    "HeldView",
    "MountDoomGame",
    "MountDoomOptions",
    "MountDoomState",
    "MountDoomView",
    "RolledView",
    "SlotView",
    "TrayView",
]
