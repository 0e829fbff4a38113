"""The Corruption Track and the Eye of Sauron cards.

The marker starts on the ✳ space (0) and loses the campaign when it reaches the last space.
Eye spaces draw an Eye of Sauron card the first time the marker reaches them in the campaign
(AB-A20): moving back and forth over an eye never draws again. The marker only moves back by
a reward that says so, and never below the start space (AB-A22).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ringbearer_engine.events import Event

from ..content import EYES, RING, Source
from ..events import CardTaken, CorruptionMoved, EyeDrawn, PlotCardLost
from ..state import AdventureBookState
from .decisions import drop_for_active, drops_for_each_player, push
from .ending import CORRUPTED, CORRUPTED_TEXT, lose
from .knowledge import saw_taken


@dataclass(frozen=True)
class CorruptionTrack:
    last: int
    """The last space: reaching it loses the campaign."""
    eyes: tuple[int, ...]
    source: Source


TRACK: Final = CorruptionTrack(last=15, eyes=(3, 6, 9, 11, 13), source="designed")
"""15 spaces after the ✳ start (published, RFM); the five eye spaces are designed."""


def advance(state: AdventureBookState, amount: int, cause: str, events: list[Event]) -> None:
    """Move the marker forward ``amount`` spaces, drawing Eye cards on new eye spaces."""
    for _ in range(amount):
        if state.result:
            return
        src = state.corruption
        state.corruption = src + 1
        events.append(CorruptionMoved(src, state.corruption, cause))
        if state.corruption >= TRACK.last:
            lose(state, CORRUPTED, CORRUPTED_TEXT, events)
            return
        if state.corruption in TRACK.eyes and state.corruption not in state.fired_eyes:
            state.fired_eyes.append(state.corruption)
            _draw_eye(state, state.corruption, events)


def ease(state: AdventureBookState, amount: int, cause: str, events: list[Event]) -> None:
    """Move the marker back (only rewards that say so call this)."""
    src = state.corruption
    state.corruption = max(0, src - amount)
    if state.corruption != src:
        events.append(CorruptionMoved(src, state.corruption, cause))


def _draw_eye(state: AdventureBookState, space: int, events: list[Event]) -> None:
    if not state.eye_deck:
        return
    card_id = state.chance.pick("eye", state.eye_deck)
    state.eye_deck.remove(card_id)
    state.used_eye_cards.append(card_id)
    card = EYES[card_id]
    events.append(EyeDrawn(space, card.name, card.text))
    if card.effect == "each-discard":
        push(state, drops_for_each_player(state, card.amount, card.id), front=True)
    elif card.effect == "active-discard":
        push(state, drop_for_active(state, card.amount, card.id), front=True)
    elif card.effect == "plot-lost":
        if state.plot_deck:
            value = state.chance.pick("plot", state.plot_deck)
            state.plot_deck.remove(value)
            state.plot_discard.append(value)
            events.append(PlotCardLost(value))
    elif card.effect == "short-draw":
        state.flags["short-draw"] = 1
    elif card.effect == "lure":
        for index, card_held in enumerate(state.story_discard):
            if card_held.startswith(RING + "-"):
                del state.story_discard[index]
                state.hands[state.seat].append(card_held)
                saw_taken(state, state.seat, card_held)
                events.append(CardTaken(state.players[state.seat], RING, "Story discard pile"))
                break
