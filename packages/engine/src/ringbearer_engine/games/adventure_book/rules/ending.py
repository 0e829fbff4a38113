"""How a chapter attempt ends: won, or lost for a stated reason."""

from __future__ import annotations

from ringbearer_engine.events import Event

from ..events import ChapterLost, ChapterWon
from ..state import AdventureBookState

CORRUPTED = "corrupted"
"""The result when the Corruption marker reaches the last space: the campaign is lost."""
CORRUPTED_TEXT = "the Corruption marker reached the end of the track; the Ring has won"


def ended(state: AdventureBookState) -> bool:
    """Whether the attempt is over (a function, so that type checkers re-read the state after
    calls that may end it)."""
    return bool(state.result)


def lose(state: AdventureBookState, reason: str, text: str, events: list[Event]) -> None:
    """End the attempt as lost, unless it has already ended."""
    if not state.result:
        state.result = reason
        state.pending.clear()
        state.effects_left.clear()
        events.append(ChapterLost(state.chapter, reason, text))


def win(state: AdventureBookState, title: str, events: list[Event]) -> None:
    if not state.result:
        state.result = "won"
        state.pending.clear()
        state.effects_left.clear()
        events.append(ChapterWon(state.chapter, title))
