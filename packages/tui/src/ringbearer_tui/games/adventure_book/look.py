"""The Adventure Book Game's look: the chapter's table, its words, the end of a chapter."""

from __future__ import annotations

from typing import TYPE_CHECKING

import ringbearer_engine as rb
from ringbearer_engine.games.adventure_book.chapters import LAST_CHAPTER

from ...session import GameSession
from .cards import card_notes, gist
from .kinds import kinds
from .legend import LEGEND
from .rules_data import CORRUPTED
from .saves import chapter_title
from .words import describe, prompt, state_of

if TYPE_CHECKING:
    from .board import BookBoard


def what_next(chapter: int, result: str) -> str:
    """What the chapter's end means for the campaign."""
    if result == CORRUPTED:
        return "The campaign is lost."
    if result != "won":
        return f"Chapter {chapter} is played again, the Corruption marker where it stands."
    if chapter >= LAST_CHAPTER:
        return "The campaign is won."
    return f"Next: chapter {chapter + 1}, {chapter_title(chapter + 1)}."


class BookLook:
    help_text = LEGEND
    parts = ("board", "corruption", "hand", "challenges", "spaces", "plot")
    """The table's parts a lesson may point at (see ``BookBoard.point_at``)."""
    hot_seat = True
    """Hands are secret: people at one keyboard pass it over when the decision changes hands."""

    def board(self, session: GameSession) -> BookBoard:
        from .board import BookBoard  # the UI toolkit only where a board is drawn

        return BookBoard(session)

    def describe(self, match: rb.Match, action: rb.Action) -> str:
        return describe(match, action)

    def kinds(self, match: rb.Match, action: rb.Action) -> tuple[str, ...]:
        return kinds(match, action)

    def gist(self, match: rb.Match, action: rb.Action) -> str:
        return gist(action)

    def cards(
        self, match: rb.Match, viewer: int | None, action: rb.Action | None
    ) -> list[tuple[str, str]]:
        return card_notes(match, viewer, action)

    def prompt(self, match: rb.Match) -> str:
        return prompt(match)

    def summary(self, match: rb.Match) -> str:
        state = state_of(match)
        played = (
            f"Turns played: {state.turn}. Challenges completed: {len(state.completed)}. "
            f"Corruption: {state.corruption}."
        )
        return f"{played}\n\n{what_next(state.chapter, state.result)}"
