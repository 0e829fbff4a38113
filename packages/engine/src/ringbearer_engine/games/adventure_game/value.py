"""An estimate of each seat's chance to win from a position, for look-ahead (the advisor).

The Adventure Game is a race: how far a pawn has to go, what stands in its way (a monster
underfoot, the Mountains, Gollum), the rings it holds or can still collect, and the cards that
get it past those. Each seat's *standing* is a weighted sum of such features of its own
position, plus a term for the seat whose turn it is; the chance that seat ``i`` wins is its
share of ``exp(standing)`` over all seats. With two seats that is a logistic model of the
difference of the two standings.

The weights are *fitted*, not chosen: ``tests/engine/adventure_game/tools/fit_value.py`` plays
two-player heuristic games, records the features at the start of every turn with who won, and
fits the model by maximum likelihood (``value_weights.py`` gives the numbers and the command).
So the estimate means "the chance that this seat wins if everyone plays on as the heuristic
does". With three or four seats the same standings are compared as shares: not fitted there,
but each seat's standing is its own and the shares sum to one.
"""

from __future__ import annotations

import math
from typing import Final

from .board import (
    AHEAD,
    BEYOND_LORIEN,
    DIST,
    FIXED_MONSTER,
    GOLLUM_SPACES,
    IDS,
    MOUNTAIN,
    TOWN_SPACES,
)
from .state import AdventureState
from .value_weights import WEIGHTS

FEATURES: Final = (
    "spaces to go",
    "spaces to go, squared / 30",
    "rings held (up to 3)",
    "no ring, past Lórien",
    "Lórien still to visit",
    "towns still to visit",
    "on a monster (not Gollum)",
    "at Gollum",
    "rings at Gollum (up to 3)",
    "on the Mountains",
    "the Mountain die",
    "Escape cards held",
    "Move cards held",
    "other cards held",
    "to move",
)
"""The names of a seat's features, in the order of :func:`features` and of the weights."""

_MOVES = ("move-2", "move-3")
_TOWNS_AHEAD: tuple[tuple[str, ...], ...] = tuple(
    tuple(IDS[t] for t in TOWN_SPACES if t == space or t in AHEAD[space])
    for space in range(len(DIST))
)
"""The towns on or ahead of each space (a pawn standing on a town may still collect it)."""


def features(state: AdventureState, seat: int) -> list[float]:
    """The features of ``seat``'s standing, in the order of :data:`FEATURES`."""
    here = state.pawns[seat]
    to_go = DIST[here]
    rings = state.rings[seat]
    collected = state.towns[seat]
    hand = state.hands[seat]
    escapes = hand.count("escape")
    moves = sum(1 for card in hand if card in _MOVES)
    at_gollum = here in GOLLUM_SPACES
    monster = (FIXED_MONSTER[here] or here in state.nazgul) and not at_gollum
    return [
        float(to_go),
        to_go * to_go / 30.0,
        float(min(rings, 3)),
        float(rings == 0 and BEYOND_LORIEN[here]),
        float("lorien" not in collected and not BEYOND_LORIEN[here]),
        float(sum(1 for town in _TOWNS_AHEAD[here] if town not in collected)),
        float(monster),
        float(at_gollum),
        float(min(rings, 3) if at_gollum else 0),
        float(MOUNTAIN[here]),
        float(state.mountain[seat]),
        float(escapes),
        float(moves),
        float(len(hand) - escapes - moves),
        float(seat == (state.pending_seat if state.pending else state.current)),
    ]


def standing(state: AdventureState, seat: int) -> float:
    """The fitted weighted sum of ``seat``'s features."""
    return math.fsum(w * x for w, x in zip(WEIGHTS, features(state, seat), strict=True))


def estimated_win_chance(state: AdventureState, seat: int) -> float:
    """``seat``'s share of ``exp(standing)`` over all seats: its estimated chance to win."""
    standings = [standing(state, n) for n in range(len(state.pawns))]
    top = max(standings)
    shares = [math.exp(s - top) for s in standings]  # shifted: no overflow
    return shares[seat] / sum(shares)
