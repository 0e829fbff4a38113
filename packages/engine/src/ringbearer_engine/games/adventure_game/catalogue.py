"""The Adventure Game's action catalogue: every action the rules can offer, numbered once.

Most actions name a space (``step bree``), a seat (``gollum 2``) or a card, so they are few.
The one compound choice is the town swap: which cards, of a hand, to give up at a town. It is
**bounded, not split**: a hand never holds more than :data:`~.content.HAND_SIZE` cards (it is
dealt five, and every card played, swapped or given up is replaced by at most one drawn; a new
hand is five again), so a swap gives up a multiset of at most five cards, never more copies of
a card than the deck holds. The catalogue lists every such multiset, sorted in card order as
the rules write them: 4,200-odd swaps, about nine tenths of the catalogue. Each is one
decision, as at the table, so the engine's actions, saves and the app are unchanged.

Layout, in id order: the steps, Move 2 and Move 3 walks, Through Mountains, lifting and
placing a Nazgûl (each by space, in board order), Move Opponent by seat then space, Gollum and
Boromir by seat, the cards played without a target, the fight, the climb, the swaps by card,
the ring, ``pass``, then the town swaps by size (none first), each size in card order. Bump
:data:`VERSION` whenever the order or the list changes.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterator
from itertools import combinations_with_replacement
from typing import Final

from ringbearer_engine import Action
from ringbearer_engine.catalogue import ActionCatalogue

from .actions import (
    BOROMIR,
    CLIMB,
    DEFEAT_NAZGUL,
    DEFEAT_ORCS,
    ESCAPE,
    FIGHT,
    GOLLUM,
    LIFT,
    MOVE,
    NEW_HAND,
    PASS,
    PLACE,
    PUSH,
    RING,
    STEP,
    SWAP,
    THROUGH,
    TownSwap,
)
from .content import CARD_TYPES, HAND_SIZE

VERSION: Final = 1


def town_swaps() -> Iterator[TownSwap]:
    """Every set of cards a hand could give up at a town, fewest first, in card order."""
    copies = {card.id: card.count for card in CARD_TYPES}
    order = [card.id for card in CARD_TYPES]  # card order: how the rules sort a swap
    for size in range(HAND_SIZE + 1):
        for cards in combinations_with_replacement(order, size):
            if all(count <= copies[card] for card, count in Counter(cards).items()):
                yield TownSwap(cards)


def _every_action() -> Iterator[Action]:
    yield from STEP
    yield from MOVE[2]
    yield from MOVE[3]
    yield from THROUGH
    yield from LIFT
    yield from PLACE
    for pushes in PUSH:
        yield from pushes
    yield from GOLLUM
    yield from BOROMIR
    yield from (DEFEAT_ORCS, DEFEAT_NAZGUL, NEW_HAND, ESCAPE, FIGHT, CLIMB)
    yield from SWAP.values()
    yield from (RING, PASS)
    yield from town_swaps()


@functools.cache
def action_catalogue() -> ActionCatalogue:
    """The catalogue, built on first use."""
    return ActionCatalogue("adventure-game", VERSION, _every_action())
