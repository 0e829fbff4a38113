"""The adapters' tests need their frameworks (the engine's extras); without one, its tests
are skipped rather than failed, so the engine's own suite runs anywhere."""

from __future__ import annotations

CASES = [
    ("mount-doom", 1, {}),
    ("mount-doom", 4, {}),
    ("adventure-game", 2, {}),
    ("adventure-game", 4, {}),
    ("adventure-book", 1, {"chapter": 1}),
    ("adventure-book", 2, {"chapter": 4}),
    ("adventure-book", 3, {"chapter": 8}),
]
"""Every game, the Book at several chapters and seat counts: (game, players, options)."""


def case_id(case: tuple[str, int, dict[str, int]]) -> str:
    game, players, options = case
    chapter = f"-ch{options['chapter']}" if "chapter" in options else ""
    return f"{game}-{players}p{chapter}"
