"""The legal actions of whoever decides now. This is the hottest code of the game: it reads
precomputed tables and hands out shared action instances.

Which options a turn offers depends on where the pawn is (AG-A5, AG-A7 to AG-A10):

* held by a monster (Orcs, Shelob, Gollum, or a Nazgûl on the space): cards that can be
  played there, the fight roll (C) and a ring (F); the swap (E) only when none of those is
  possible, and a pass when not even that is;
* held on a Mountain space (its die above 0): turning the die down (D), cards that do not move
  the pawn or Through Mountains, and the swap (E);
* free: a step (A), the cards that can be played, and the swap (E).

The cards' plays come in the deck's card order (:data:`CARD_ORDER`), each card's plays in
the order of its targets; bots pick by position in this list, so the order is part of the
rules' results and must not change.
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
RIVALS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(other for other in range(seats) if other != seat) for seat in range(seats))
    for seats in range(len(PUSH) + 1)
)
"""``RIVALS[seats][seat]``: the other seats of a match of ``seats``, in seat order."""
STEPS_FROM: tuple[tuple[Action, ...], ...] = tuple(
    tuple(STEP[to] for to in FORWARD[s]) for s in range(COUNT)
)
THROUGH_FROM: tuple[tuple[Action, ...], ...] = tuple(
    tuple(THROUGH[to] for to in THROUGH_TARGETS[s]) for s in range(COUNT)
)
"""The Through Mountains plays of a free pawn on each space."""
THROUGH_CLIMBING: tuple[tuple[Action, ...], ...] = tuple(
    tuple(THROUGH[to] for to in FORWARD[s]) for s in range(COUNT)
)
"""The Through Mountains plays of a pawn held on each (Mountain) space: any way on."""
WALK_PLAYS: dict[int, tuple[tuple[tuple[Action, tuple[int, ...]], ...], ...]] = {
    steps: tuple(
        tuple((MOVE[steps][end], passed) for end, passed in walks[here]) for here in range(COUNT)
    )
    for steps, walks in WALKS.items()
}
"""``WALK_PLAYS[n][space]``: each Move n play from ``space`` and the spaces it passes."""
LANDINGS: tuple[Action, ...] = tuple(PLACE[s] for s in CLEAR_SPACES)
LANDING_INDEX: dict[int, int] = {s: i for i, s in enumerate(CLEAR_SPACES)}


class HandPlays:
    """Which cards a hand holds, as flags, and the swaps (option E) it allows.

    Worked out once per distinct hand (a few thousand at most) and remembered: the legal
    actions are listed on every decision, and testing flags is cheaper than going through
    the cards.
    """

    __slots__ = (
        "defeat_nazgul",
        "defeat_orcs",
        "escape",
        "lift",
        "new_hand",
        "push",
        "swaps",
        "takers",
        "through",
        "walks",
    )

    def __init__(self, hand: tuple[str, ...]) -> None:
        # The walk tables of the Move cards held: Move 2's, then Move 3's.
        self.walks = tuple(WALK_PLAYS[n] for n in (2, 3) if f"move-{n}" in hand)
        self.through = "through-mountains" in hand
        self.defeat_orcs = "defeat-orcs" in hand
        self.lift = "move-nazgul" in hand
        self.defeat_nazgul = "defeat-nazgul" in hand
        self.push = "move-opponent" in hand
        # The plays of Gollum, then Boromir, by the seat they take from.
        self.takers = (GOLLUM,) * ("gollum" in hand) + (BOROMIR,) * ("boromir" in hand)
        self.new_hand = "new-hand" in hand
        self.escape = "escape" in hand
        self.swaps: tuple[Action, ...] = tuple(SWAP[card] for card in CARD_ORDER if card in hand)


_hand_plays: dict[tuple[str, ...], HandPlays] = {}
_town_swaps: dict[tuple[str, ...], tuple[TownSwap, ...]] = {}


def hand_plays(hand: list[str]) -> HandPlays:
    """The :class:`HandPlays` of a hand, remembered per hand."""
    key = tuple(hand)
    plays = _hand_plays.get(key)
    if plays is None:
        plays = _hand_plays[key] = HandPlays(key)
    return plays


def legal_actions(state: AdventureState) -> list[Action]:
    """The options in card order: first what the pawn's place offers, then each held card's
    plays, then the swaps (a held pawn gets its fight and ring options instead)."""
    if state.ended:
        return []
    if state.pending:
        if state.pending == PENDING_PLACE_NAZGUL:
            return nazgul_landings(state)
        return town_swaps(state.hands[state.pending_seat])
    seat = state.current
    here = state.pawns[seat]
    hand = state.hands[seat]
    plays = _hand_plays.get(tuple(hand)) or hand_plays(hand)
    nazgul = state.nazgul
    held = FIXED_MONSTER[here] or here in nazgul
    if held:
        out: list[Action] = [DEFEAT_ORCS] if plays.defeat_orcs and here in ORCS else []
    elif MOUNTAIN[here] and state.mountain[seat] > 0:
        out = [CLIMB]
        if plays.through:
            out.extend(THROUGH_CLIMBING[here])
    else:
        out = list(STEPS_FROM[here])
        for walks in plays.walks:
            for play, passed in walks[here]:
                for space in passed:
                    if space in nazgul:
                        break  # a Nazgûl blocks the way (AG-A7)
                else:
                    out.append(play)
        if plays.through:
            out.extend(THROUGH_FROM[here])
    # The cards that do not move their player's pawn, played anywhere (this block is written
    # out rather than called: it runs on nearly every decision).
    if plays.lift:
        # There are more clear spaces than Nazgûl, so a lifted one can always land.
        out.extend(map(LIFT.__getitem__, nazgul))
    if held and plays.defeat_nazgul and here in nazgul:
        out.append(DEFEAT_NAZGUL)
    if plays.push:
        pawns = state.pawns
        for other in RIVALS[len(pawns)][seat]:
            space = pawns[other]
            if CLEAR[space] and space not in nazgul:
                out.extend(PUSHES[other][space])
    if plays.takers and any(state.rings):
        pawns, rings_of = state.pawns, state.rings
        for takers in plays.takers:
            for other in RIVALS[len(pawns)][seat]:
                # ring_can_be_taken, written out.
                rings = rings_of[other]
                if rings > 1 or (rings == 1 and not BEYOND_LORIEN[pawns[other]]):
                    out.append(takers[other])
    if plays.new_hand:
        out.append(NEW_HAND)
    if held:
        return _leaving_a_monster(state, seat, here, plays, out)
    out.extend(plays.swaps)
    return out


def _leaving_a_monster(
    state: AdventureState, seat: int, here: int, plays: HandPlays, out: list[Action]
) -> list[Action]:
    """A held pawn's options after its cards: Escape, the fight, a ring; else the swaps, else
    a pass."""
    rings = state.rings[seat]
    at_gollum = here in GOLLUM_SPACES
    # Leaving Gollum needs a ring still in hand afterwards (AG-A14).
    can_leave = rings >= 1 or not at_gollum
    if plays.escape and can_leave and not state.bonus:
        out.append(ESCAPE)
    if can_leave:
        out.append(FIGHT)
    if not state.bonus and rings >= (2 if at_gollum else 1):
        out.append(RING)
    if not out:
        out.extend(plays.swaps)
        if not out:
            out.append(PASS)
    return out


def ring_can_be_taken(rings: int, space: int) -> bool:
    """A rival's ring can be taken unless it is the last one and they have left Lórien."""
    return rings >= 2 or (rings == 1 and not BEYOND_LORIEN[space])


def free_clear_spaces(state: AdventureState) -> list[int]:
    """Clear terrain with no Nazgûl on it: where a lifted Nazgûl may land (AG-A21)."""
    nazgul = state.nazgul
    return [s for s in CLEAR_SPACES if s not in nazgul]


def nazgul_landings(state: AdventureState) -> list[Action]:
    """Where a lifted Nazgûl may land, as actions (:func:`free_clear_spaces`).

    All landings less those whose space holds a Nazgûl: a few deletions from a copy rather
    than a test of every clear space.
    """
    out = list(LANDINGS)
    for space in sorted(set(state.nazgul), reverse=True):
        index = LANDING_INDEX.get(space)
        if index is not None:
            del out[index]
    return out


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
