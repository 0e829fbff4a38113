"""The opening position: Nazgûl on the N spaces, pawns on Start, five cards each, the
opening roll."""

from __future__ import annotations

from ringbearer_engine import Chance

from ..board import NAZGUL_STARTS, START_SPACE
from ..content import (
    CARD_RANK,
    CARD_TYPES,
    DECK_FIRST,
    DECK_SIZE,
    DIE_START,
    HAND_SIZE,
    RING_SUPPLY,
)
from ..state import AdventureState

FULL_DECK: tuple[str, ...] = tuple(card.id for card in CARD_TYPES for _ in range(card.count))
assert len(FULL_DECK) == DECK_SIZE, "the designed deck must hold 54 cards"


def new_state(players: tuple[str, ...], chance: Chance) -> AdventureState:
    """Shuffle (deck ``deck``, top card first), deal five cards to each seat in seat order
    (the first five to seat 0, and so on), then roll the opening die ``start``."""
    seats = len(players)
    order = chance.shuffle(DECK_FIRST, FULL_DECK)
    hands = [
        sorted(order[i * HAND_SIZE : (i + 1) * HAND_SIZE], key=CARD_RANK.__getitem__)
        for i in range(seats)
    ]
    pile = order[seats * HAND_SIZE :]
    pile.reverse()
    opening, first = opening_roll(chance, seats)
    return AdventureState(
        players=players,
        chance=chance,
        pawns=[START_SPACE] * seats,
        hands=hands,
        draw_pile=pile,
        discards=[],
        rings=[0] * seats,
        supply=RING_SUPPLY,
        nazgul=sorted(NAZGUL_STARTS),
        mountain=[0] * seats,
        towns=[[] for _ in range(seats)],
        opening=opening,
        first=first,
        current=first,
    )


def opening_roll(chance: Chance, seats: int) -> tuple[list[list[int]], int]:
    """Everyone rolls; those tied for the highest roll again until one is highest (AG-A3)."""
    rolling = list(range(seats))
    rounds: list[list[int]] = []
    while True:
        faces = [0] * seats
        for seat in rolling:
            faces[seat] = chance.roll(DIE_START)
        rounds.append(faces)
        best = max(faces)
        rolling = [seat for seat in rolling if faces[seat] == best]
        if len(rolling) == 1:
            return rounds, rolling[0]
