"""Putting decisions on the state: who must discard, move or choose next.

Decisions the rules create in the middle of a resolution wait in ``state.pending``; the
first one is what :func:`~.game.AdventureBookGame.actions` offers. Interruptions that the
rules say happen "immediately" (an Eye of Sauron card) go to the front.
"""

from __future__ import annotations

from ..state import AdventureBookState, Pending

SOLO_NAME = "the solo hand"


def who(state: AdventureBookState, seat: int) -> str:
    return state.players[seat]


def seats_from_active(state: AdventureBookState) -> list[int]:
    """Every seat, starting with the active player and going to the left."""
    count = len(state.players)
    return [(state.seat + n) % count for n in range(count)]


def push(state: AdventureBookState, items: list[Pending], *, front: bool = False) -> None:
    if front:
        state.pending[:0] = items
    else:
        state.pending.extend(items)


def drops_for_each_player(state: AdventureBookState, amount: int, source: str) -> list[Pending]:
    """Discards for every player with cards, and for the solo hand (AB-A29)."""
    items = [
        Pending("drop", seat, amount=min(amount, len(state.hands[seat])), source=source)
        for seat in seats_from_active(state)
        if state.hands[seat]
    ]
    if state.solo:
        items.append(
            Pending(
                "drop", state.seat, amount=min(amount, len(state.solo)), solo=True, source=source
            )
        )
    return items


def drop_for_active(state: AdventureBookState, amount: int, source: str) -> list[Pending]:
    hand = state.hands[state.seat]
    if not hand or amount <= 0:
        return []
    return [Pending("drop", state.seat, amount=min(amount, len(hand)), source=source)]
