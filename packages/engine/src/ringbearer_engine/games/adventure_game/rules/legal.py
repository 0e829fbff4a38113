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
from ..content import CARD_RANK, CARD_TYPES
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
RINGS_KEPT: tuple[int, ...] = tuple(int(BEYOND_LORIEN[s]) for s in range(COUNT))
"""The rings a pawn on each space keeps from Gollum and Boromir: its last one once it has
left Lórien (:func:`ring_can_be_taken` is ``rings > RINGS_KEPT[space]``)."""
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
        tuple(
            (MOVE[steps][end], tuple(space for space in passed if CLEAR[space]))
            for end, passed in walks[here]
        )
        for here in range(COUNT)
    )
    for steps, walks in WALKS.items()
}
"""``WALK_PLAYS[n][space]``: each Move n play from ``space`` and the spaces it passes where a
Nazgûl could stand (clear terrain only, AG-A21: searching the Nazgûl for any other is waste)."""


Walk = tuple[Action, tuple[int, ...]]
MovePlays = tuple[tuple[Action, ...], tuple[Walk, ...], tuple[Action, ...]]
"""A free pawn's moves from one space: the plays always open, the walks a Nazgûl may block
(each with the spaces it passes), and the plays listed after the walks."""


def _free_moves(move2: bool, move3: bool, through: bool) -> tuple[MovePlays, ...]:
    """:data:`MovePlays` per space for a hand holding the given moving cards: the steps, the
    Move 2 then Move 3 walks, then Through Mountains. With no walk to check, all in one."""
    tables = [WALK_PLAYS[n] for n, held in ((2, move2), (3, move3)) if held]
    out: list[MovePlays] = []
    for here in range(COUNT):
        walks = tuple(walk for table in tables for walk in table[here])
        after = THROUGH_FROM[here] if through else ()
        if walks:
            out.append((STEPS_FROM[here], walks, after))
        else:
            out.append((STEPS_FROM[here] + after, (), ()))
    return tuple(out)


FREE_MOVES: dict[tuple[bool, bool, bool], tuple[MovePlays, ...]] = {
    (move2, move3, through): _free_moves(move2, move3, through)
    for move2, move3, through in product((False, True), repeat=3)
}
"""The moves of a free pawn, by which of Move 2, Move 3 and Through Mountains are held."""
LANDINGS: tuple[Action, ...] = tuple(PLACE[s] for s in CLEAR_SPACES)
LANDING_INDEX: tuple[int, ...] = tuple(
    CLEAR_SPACES.index(s) if CLEAR[s] else -1 for s in range(COUNT)
)
"""Each space's place in :data:`LANDINGS`, or -1 where no Nazgûl may land."""
CLIMBING: dict[bool, tuple[tuple[Action, ...], ...]] = {
    False: ((CLIMB,),) * COUNT,
    True: tuple((CLIMB, *THROUGH_CLIMBING[s]) for s in range(COUNT)),
}
"""A pawn held on a Mountain space: turning the die down, then Through Mountains if held."""


class HandPlays:
    """What a hand can do wherever its pawn stands, worked out once per set of card kinds
    held: flags for the cards played on others, and tables of the plays that move the pawn.

    The legal actions are listed on every decision; looking these up is cheaper than going
    through the cards.
    """

    __slots__ = (
        "climbing",
        "defeat_nazgul",
        "defeat_orcs",
        "escape",
        "free",
        "lift",
        "new_hand",
        "push",
        "swaps",
        "tail",
        "takers",
    )

    def __init__(self, kinds: frozenset[str]) -> None:
        through = "through-mountains" in kinds
        self.free = FREE_MOVES["move-2" in kinds, "move-3" in kinds, through]
        self.climbing = CLIMBING[through]
        self.defeat_orcs = "defeat-orcs" in kinds
        self.lift = "move-nazgul" in kinds
        self.defeat_nazgul = "defeat-nazgul" in kinds
        self.push = "move-opponent" in kinds
        # The plays of Gollum, then Boromir, by the seat they take from.
        self.takers = (GOLLUM,) * ("gollum" in kinds) + (BOROMIR,) * ("boromir" in kinds)
        self.new_hand = "new-hand" in kinds
        self.escape = "escape" in kinds
        self.swaps: tuple[Action, ...] = tuple(SWAP[card] for card in CARD_ORDER if card in kinds)
        # What ends the list of a pawn no monster holds.
        self.tail: tuple[Action, ...] = (NEW_HAND,) * self.new_hand + self.swaps


_plays_of_kinds: dict[frozenset[str], HandPlays] = {}
_town_swaps: dict[tuple[str, ...], tuple[TownSwap, ...]] = {}
_giving_up: dict[tuple[int, ...], tuple[tuple[int, ...], ...]] = {}
_hand_plays: dict[tuple[str, ...], HandPlays] = {}


def hand_plays(hand: list[str]) -> HandPlays:
    """The :class:`HandPlays` of a hand, remembered per hand (and made once per set of kinds:
    there are fewer of those, so a hand not seen before is quick to add)."""
    key = tuple(hand)
    plays = _hand_plays.get(key)
    if plays is None:
        kinds = frozenset(key)
        plays = _plays_of_kinds.get(kinds)
        if plays is None:
            plays = _plays_of_kinds[kinds] = HandPlays(kinds)
        _hand_plays[key] = plays
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
    pawns = state.pawns
    here = pawns[seat]
    hand = state.hands[seat]
    plays = _hand_plays.get(tuple(hand)) or hand_plays(hand)
    nazgul = state.nazgul
    # A Nazgûl only ever stands on clear terrain (AG-A21), so only there is the list searched.
    held = FIXED_MONSTER[here] or (CLEAR[here] and here in nazgul)
    if held:
        out: list[Action] = [DEFEAT_ORCS] if plays.defeat_orcs and here in ORCS else []
    elif MOUNTAIN[here] and state.mountain[seat] > 0:
        out = list(plays.climbing[here])
    else:
        head, walks, after = plays.free[here]
        out = list(head)
        if walks:
            for play, passed in walks:
                for space in passed:
                    if space in nazgul:
                        break  # a Nazgûl blocks the way (AG-A7)
                else:
                    out.append(play)
            out += after
    # The cards that do not move their player's pawn, played anywhere (this block is written
    # out rather than called: it runs on nearly every decision).
    if plays.lift:
        # There are more clear spaces than Nazgûl, so a lifted one can always land.
        for space in nazgul:
            out.append(LIFT[space])
    if held and plays.defeat_nazgul and here in nazgul:
        out.append(DEFEAT_NAZGUL)
    if plays.push or plays.takers:
        rivals = RIVALS[len(pawns)][seat]
        if plays.push:
            for other in rivals:
                space = pawns[other]
                if CLEAR[space] and space not in nazgul:
                    out += PUSHES[other][space]
        if plays.takers and any(rings_of := state.rings):
            for takers in plays.takers:
                for other in rivals:
                    if rings_of[other] > RINGS_KEPT[pawns[other]]:
                        out.append(takers[other])
    if held:
        if plays.new_hand:
            out.append(NEW_HAND)
        return _leaving_a_monster(state, seat, here, plays, out)
    out += plays.tail
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
    # The Nazgûl's spaces ascend, one Nazgûl a space: deleting from the last one leaves the
    # places of the earlier ones where they were.
    for space in reversed(state.nazgul):
        index = LANDING_INDEX[space]
        if index >= 0:
            del out[index]
    return out


def town_swaps(hand: list[str]) -> list[Action]:
    """Every distinct set of cards the hand could give up at a town, keeping all first."""
    key = tuple(hand)
    swaps = _town_swaps.get(key)
    if swaps is None:
        cards = sorted(key, key=CARD_RANK.__getitem__)
        counts = tuple(map(cards.count, sorted(set(key), key=CARD_RANK.__getitem__)))
        picks = _giving_up.get(counts) or _places_given_up(counts)
        swaps = _town_swaps[key] = tuple(
            [TownSwap(tuple(map(cards.__getitem__, places))) for places in picks]
        )
    return list(swaps)


def _places_given_up(counts: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """For a hand holding ``counts`` copies of each kind it holds (in card order), the places
    in the hand (sorted in card order) of the cards each town swap gives up: every choice of
    how many of each kind to give up, in the order of :func:`itertools.product`, then the
    fewer cards first. Worked out once per ``counts``, since hands share them."""
    starts = [sum(counts[:n]) for n in range(len(counts))]
    choices = [
        tuple(
            place
            for start, taken in zip(starts, choice, strict=True)
            for place in range(start, start + taken)
        )
        for choice in product(*(range(n + 1) for n in counts))
    ]
    choices.sort(key=len)
    places = _giving_up[counts] = tuple(choices)
    return places
