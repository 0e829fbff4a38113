"""The Adventure Book Game's look: the chapter's table, its words, the end of a chapter."""

from __future__ import annotations

import ringbearer_engine as rb

from ...session import GameSession
from .board import LEGEND, BookBoard
from .cards import card_notes, gist
from .words import describe, prompt, state_of


class BookLook:
    help_text = LEGEND
    hot_seat = True
    """Hands are secret: people at one keyboard pass it over when the decision changes hands."""

    def board(self, session: GameSession) -> BookBoard:
        return BookBoard(session)

    def describe(self, match: rb.Match, action: rb.Action) -> str:
        return describe(match, action)

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
        return (
            f"Turns played: {state.turn}. Challenges completed: {len(state.completed)}. "
            f"Corruption: {state.corruption}."
        )
