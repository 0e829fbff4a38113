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
        "boromir",
        "defeat_nazgul",
        "defeat_orcs",
        "escape",
        "gollum",
        "lift",
        "move2",
        "move3",
        "new_hand",
        "others",
        "push",
        "swaps",
        "through",
    )

    def __init__(self, hand: tuple[str, ...]) -> None:
        self.move2 = "move-2" in hand
        self.move3 = "move-3" in hand
        self.through = "through-mountains" in hand
        self.defeat_orcs = "defeat-orcs" in hand
        self.lift = "move-nazgul" in hand
        self.defeat_nazgul = "defeat-nazgul" in hand
        self.push = "move-opponent" in hand
        self.gollum = "gollum" in hand
        self.boromir = "boromir" in hand
        self.new_hand = "new-hand" in hand
        self.escape = "escape" in hand
        # Whether the hand holds a card that ``_on_others`` lists plays of.
        self.others = self.push or self.gollum or self.boromir or self.new_hand
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
    if FIXED_MONSTER[here] or here in nazgul:
        return _held_by_monster(state, seat, here, plays)
    if MOUNTAIN[here] and state.mountain[seat] > 0:
        out: list[Action] = [CLIMB]
        if plays.through:
            out.extend(THROUGH_CLIMBING[here])
    else:
        out = list(STEPS_FROM[here])
        if plays.move2:
            _open_walks(WALK_PLAYS[2][here], nazgul, out)
        if plays.move3:
            _open_walks(WALK_PLAYS[3][here], nazgul, out)
        if plays.through:
            out.extend(THROUGH_FROM[here])
    if plays.lift:
        # There are more clear spaces than Nazgûl, so a lifted one can always land.
        out.extend(map(LIFT.__getitem__, nazgul))
    if plays.others:
        _on_others(state, seat, plays, out)
    out.extend(plays.swaps)
    return out


def _held_by_monster(state: AdventureState, seat: int, here: int, plays: HandPlays) -> list[Action]:
    out: list[Action] = []
    rings = state.rings[seat]
    at_gollum = here in GOLLUM_SPACES
    # Leaving Gollum needs a ring still in hand afterwards (AG-A14).
    can_leave = rings >= 1 or not at_gollum
    if plays.defeat_orcs and here in ORCS:
        out.append(DEFEAT_ORCS)
    if plays.lift:
        out.extend(map(LIFT.__getitem__, state.nazgul))
    if plays.defeat_nazgul and here in state.nazgul:
        out.append(DEFEAT_NAZGUL)
    if plays.others:
        _on_others(state, seat, plays, out)
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


def _open_walks(
    walks: tuple[tuple[Action, tuple[int, ...]], ...], nazgul: list[int], out: list[Action]
) -> None:
    """The Move card plays whose passed spaces hold no Nazgûl (AG-A7)."""
    for play, passed in walks:
        for space in passed:
            if space in nazgul:
                break
        else:
            out.append(play)


def _on_others(state: AdventureState, seat: int, plays: HandPlays, out: list[Action]) -> None:
    """The plays of Move Opponent, Gollum, Boromir and New Hand, in that (the deck's) order."""
    if plays.push:
        nazgul = state.nazgul
        for other, space in enumerate(state.pawns):
            if other != seat and CLEAR[space] and space not in nazgul:
                out.extend(PUSHES[other][space])
    if (plays.gollum or plays.boromir) and any(state.rings):
        pawns = state.pawns
        # ring_can_be_taken, written out: this runs on many decisions.
        targets = [
            other
            for other, rings in enumerate(state.rings)
            if other != seat and (rings >= 2 or (rings == 1 and not BEYOND_LORIEN[pawns[other]]))
        ]
        if plays.gollum:
            out.extend(map(GOLLUM.__getitem__, targets))
        if plays.boromir:
            out.extend(map(BOROMIR.__getitem__, targets))
    if plays.new_hand:
        out.append(NEW_HAND)


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
