"""Everything the app reads from the Book engine's inner modules, in one place.

The engine's Book package keeps its card content in ``content`` and its board operations and
rule helpers under ``rules/``; importing them here only keeps the rest of the app on the
package's public face (``ringbearer_engine.games.adventure_book`` and its top-level modules).
"""

from __future__ import annotations

from ringbearer_engine.games.adventure_book.content import (
    KIND_NAMES,
    PLOT_CARDS,
    SPECIALS,
    TOKEN,
    card_name,
)
from ringbearer_engine.games.adventure_book.rules.board import Page
from ringbearer_engine.games.adventure_book.rules.challenges import open_challenge, requirement_met
from ringbearer_engine.games.adventure_book.rules.corruption import TRACK
from ringbearer_engine.games.adventure_book.rules.ending import CORRUPTED

__all__ = [
    "CORRUPTED",
    "KIND_NAMES",
    "PLOT_CARDS",
    "SPECIALS",
    "TOKEN",
    "TRACK",
    "Page",
    "card_name",
    "open_challenge",
    "requirement_met",
]
