"""The legal actions of whoever decides now. This is the hottest code of the game: it reads
precomputed tables and hands out shared action instances.

Which options a turn offers depends on where the pawn is (AG-A5, AG-A7 to AG-A10):

* held by a monster (Orcs, Shelob, Gollum, or a Nazgûl on the space): cards that can be
  played there, the fight roll (C) and a ring (F); the swap (E) only when none of those is
  possible, and a pass when not even that is;
* held on a Mountain space (its die above 0): turning the die down (D), cards that do not move
  the pawn or Through Mountains, and the swap (E);
* free: a step (A), the cards that can be played, and the swap (E).
"""

from __future__ import annotations

from itertools import product

from ringbearer_engine import Action

from ..actions import (
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
from ..board import (
    BACKWARD,
    BEYOND_LORIEN,
    CLEAR,
    COUNT,
    FIXED_MONSTER,
    FORWARD,
    GOLLUM_SPACES,
    MOUNTAIN,
    ORCS,
    WALKS,
)
from ..content import CARD_TYPES
from ..state import PENDING_PLACE_NAZGUL, AdventureState

CARD_ORDER: tuple[str, ...] = tuple(card.id for card in CARD_TYPES)
CLEAR_SPACES: tuple[int, ...] = tuple(s for s in range(COUNT) if CLEAR[s])
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(FORWARD[s] + BACKWARD[s] for s in range(COUNT))
THROUGH_TARGETS: tuple[tuple[int, ...], ...] = tuple(
    FORWARD[s] if MOUNTAIN[s] else tuple(n for n in FORWARD[s] if MOUNTAIN[n]) for s in range(COUNT)
)
"""Where Through Mountains may go: on from a Mountain space, or onto one (AG-A9)."""
PUSHES: tuple[tuple[tuple[Action, ...], ...], ...] = tuple(
    tuple(tuple(PUSH[seat][to] for to in NEIGHBOURS[s]) for s in range(COUNT))
    for seat in range(len(PUSH))
)
"""``PUSHES[seat][space]``: the Move Opponent plays against ``seat`` standing on ``space``."""
STEPS_FROM: tuple[tuple[Action, ...], ...] = tuple(
    tuple(STEP[to] for to in FORWARD[s]) for s in range(COUNT)
)

_town_swaps: dict[tuple[str, ...], tuple[TownSwap, ...]] = {}
_hands: dict[tuple[str, ...], tuple[tuple[str, ...], tuple[Action, ...]]] = {}


def _kinds(hand: list[str]) -> tuple[tuple[str, ...], tuple[Action, ...]]:
    """The distinct cards of a hand in the deck's order, and the swaps (option E) they allow.

    Remembered per hand: there are only so many hands, and this runs on every decision.
    """
    key = tuple(hand)
    known = _hands.get(key)
    if known is None:
        kinds = tuple(card for card in CARD_ORDER if card in hand)
        known = _hands[key] = (kinds, tuple(SWAP[card] for card in kinds))
    return known


def legal_actions(state: AdventureState) -> list[Action]:
    if state.ended:
        return []
    if state.pending:
        if state.pending == PENDING_PLACE_NAZGUL:
            return nazgul_landings(state)
        return town_swaps(state.hands[state.pending_seat])
    seat = state.current
    here = state.pawns[seat]
    kinds, swaps = _kinds(state.hands[seat])
    nazgul = state.nazgul
    out: list[Action] = []
    if FIXED_MONSTER[here] or here in nazgul:
        rings = state.rings[seat]
        at_gollum = here in GOLLUM_SPACES
        # Leaving Gollum needs a ring still in hand afterwards (AG-A14).
        can_leave = rings >= 1 or not at_gollum
        for card in kinds:
            if card == "escape":
                if can_leave and not state.bonus:
                    out.append(ESCAPE)
            elif card == "defeat-orcs":
                if here in ORCS:
                    out.append(DEFEAT_ORCS)
            elif card == "defeat-nazgul":
                if here in nazgul:
                    out.append(DEFEAT_NAZGUL)
            elif card not in ("move-2", "move-3", "through-mountains"):
                _card_without_moving(state, seat, card, out)
        if can_leave:
            out.append(FIGHT)
        if not state.bonus and rings >= (2 if at_gollum else 1):
            out.append(RING)
        if not out:
            out.extend(swaps)
            if not out:
                out.append(PASS)
        return out
    if MOUNTAIN[here] and state.mountain[seat] > 0:
        out.append(CLIMB)
        for card in kinds:
            if card == "through-mountains":
                for to in FORWARD[here]:
                    out.append(THROUGH[to])
            elif card not in ("move-2", "move-3", "escape", "defeat-orcs", "defeat-nazgul"):
                _card_without_moving(state, seat, card, out)
    else:
        out.extend(STEPS_FROM[here])
        for card in kinds:
            if card in ("move-2", "move-3"):
                steps = 2 if card == "move-2" else 3
                table = MOVE[steps]
                for end, passed in WALKS[steps][here]:
                    for space in passed:
                        if space in nazgul:
                            break
                    else:
                        out.append(table[end])
            elif card == "through-mountains":
                for to in THROUGH_TARGETS[here]:
                    out.append(THROUGH[to])
            elif card not in ("escape", "defeat-orcs", "defeat-nazgul"):
                _card_without_moving(state, seat, card, out)
    out.extend(swaps)
    return out


def _card_without_moving(state: AdventureState, seat: int, card: str, out: list[Action]) -> None:
    """The plays of a card that does not move its player's pawn, if it has any target."""
    if card == "move-opponent":
        nazgul = state.nazgul
        for other, space in enumerate(state.pawns):
            if other != seat and CLEAR[space] and space not in nazgul:
                out.extend(PUSHES[other][space])
    elif card == "move-nazgul":
        # There are more clear spaces than Nazgûl, so a lifted one can always land.
        out.extend(map(LIFT.__getitem__, state.nazgul))
    elif card == "new-hand":
        out.append(NEW_HAND)
    elif card in ("gollum", "boromir"):
        takers = GOLLUM if card == "gollum" else BOROMIR
        pawns = state.pawns
        for other, rings in enumerate(state.rings):
            if other != seat and ring_can_be_taken(rings, pawns[other]):
                out.append(takers[other])


def ring_can_be_taken(rings: int, space: int) -> bool:
    """A rival's ring can be taken unless it is the last one and they have left Lórien."""
    return rings >= 2 or (rings == 1 and not BEYOND_LORIEN[space])


def free_clear_spaces(state: AdventureState) -> list[int]:
    """Clear terrain with no Nazgûl on it: where a lifted Nazgûl may land (AG-A21)."""
    nazgul = state.nazgul
    return [s for s in CLEAR_SPACES if s not in nazgul]


def nazgul_landings(state: AdventureState) -> list[Action]:
    """Where a lifted Nazgûl may land, as actions (:func:`free_clear_spaces`)."""
    return [PLACE[s] for s in free_clear_spaces(state)]


def town_swaps(hand: list[str]) -> list[Action]:
    """Every distinct set of cards the hand could give up at a town, keeping all first."""
    key = tuple(hand)
    cached = _town_swaps.get(key)
    if cached is None:
        counts = [(card, hand.count(card)) for card in CARD_ORDER if card in hand]
        swaps: list[TownSwap] = []
        for choice in product(*(range(n + 1) for _, n in counts)):
            cards = tuple(
                card for (card, _), taken in zip(counts, choice, strict=True) for _ in range(taken)
            )
            swaps.append(TownSwap(cards))
        swaps.sort(key=lambda swap: len(swap.cards))
        cached = _town_swaps[key] = tuple(swaps)
    return list(cached)
