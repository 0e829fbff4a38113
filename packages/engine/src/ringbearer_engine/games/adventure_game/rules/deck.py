"""Drawing, discarding and reshuffling the shared deck."""

from __future__ import annotations

from bisect import insort

from ringbearer_engine import Event
from ringbearer_engine.events import DISCARDED

from ..content import CARD_RANK, DECK_RESHUFFLE
from ..events import CardsDrawn, Reshuffled
from ..state import AdventureState

RANK = CARD_RANK.__getitem__
"""A card's place in card-list order, the order hands are kept in."""


def draw(state: AdventureState, seat: int, count: int, events: list[Event]) -> None:
    """``seat`` draws ``count`` cards; an empty pile is first rebuilt from the discards.

    Each card goes into the hand at its place in card-list order (hands are sets of cards to
    a player, kept in that order), as sorting the hand after the draw would put it.

    If the pile and the discards are both empty, the seat draws what there is (AG-A26).
    """
    hand = state.hands[seat]
    pile = state.draw_pile
    drawn = 0
    for _ in range(count):
        if not pile:
            if not state.discards:
                break
            reshuffle(state, events)
            pile = state.draw_pile
        insort(hand, pile.pop(), key=RANK)
        drawn += 1
    if events is not DISCARDED:
        events.append(CardsDrawn(seat, drawn))


def reshuffle(state: AdventureState, events: list[Event]) -> None:
    """Shuffle the discards face down into a new draw pile (its top card last)."""
    order = state.chance.shuffle(DECK_RESHUFFLE, state.discards)
    order.reverse()
    state.draw_pile = order
    state.discards = []
    events.append(Reshuffled(len(order)))


def discard(state: AdventureState, seat: int, card: str) -> None:
    """Move ``card`` from the seat's hand to the face-up discards."""
    state.hands[seat].remove(card)
    state.discards.append(card)
