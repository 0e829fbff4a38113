"""The rules of Adventure to Mount Doom, one concern per module.

Importing this package registers every task handler of the resolution machine (``core``).
"""

from __future__ import annotations

from . import battles, cards, core, encounters, movement, stages, turn, windows

__all__ = ["battles", "cards", "core", "encounters", "movement", "stages", "turn", "windows"]
