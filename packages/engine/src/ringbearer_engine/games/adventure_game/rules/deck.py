"""Drawing, discarding and reshuffling the shared deck."""

from __future__ import annotations

from ringbearer_engine import Event

from ..content import CARD_RANK, DECK_RESHUFFLE
from ..events import CardsDrawn, Reshuffled
from ..state import AdventureState


def draw(state: AdventureState, seat: int, count: int, events: list[Event]) -> None:
    """``seat`` draws ``count`` cards; an empty pile is first rebuilt from the discards.

    The hand is then put back in card-list order (hands are sets of cards to a player).

    If the pile and the discards are both empty, the seat draws what there is (AG-A26).
    """
    hand = state.hands[seat]
    drawn = 0
    for _ in range(count):
        if not state.draw_pile:
            if not state.discards:
                break
            reshuffle(state, events)
        hand.append(state.draw_pile.pop())
        drawn += 1
    hand.sort(key=CARD_RANK.__getitem__)
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
