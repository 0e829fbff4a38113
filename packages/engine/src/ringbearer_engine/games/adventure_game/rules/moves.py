"""Moving pawns, and what a space does to the pawn that stops on it."""

from __future__ import annotations

from ringbearer_engine import Event
from ringbearer_engine.events import DISCARDED

from ..board import CLEAR, FIXED_MONSTER, FORWARD, GOAL_SPACE, IDS, KIND, MOUNTAIN, TOWN_AT
from ..content import DIE_MOUNTAIN, MOUNTAIN_FACES, Town
from ..events import Held, MountainRolled, Moved, RingDestroyed, RingsGained, RingsReturned
from ..state import PENDING_TOWN_SWAP, AdventureState


def arrive(
    state: AdventureState,
    seat: int,
    to: int,
    how: str,
    events: list[Event],
    *,
    through: bool = False,
) -> None:
    """Put the seat's pawn on ``to`` and apply what that space does (AG-A17, AG-A22).

    Mount Doom wins. A Mountain space rolls the seat's Mountain die, unless the pawn came by
    the Through Mountains card (``through``), which leaves the die at 0 (AG-A8, AG-A9). A
    monster space holds the pawn. A town not yet collected pays its rings and offers the card
    swap (AG-A27).
    """
    start = state.pawns[seat]
    state.pawns[seat] = to
    state.mountain[seat] = 0
    if events is not DISCARDED:
        events.append(Moved(seat, IDS[start], IDS[to], how))
    if to == GOAL_SPACE:
        state.winner = seat
        state.ended = "ring-destroyed"
        events.append(RingDestroyed(seat))
        return
    if MOUNTAIN[to]:
        if not through:
            face = state.chance.pick(DIE_MOUNTAIN, MOUNTAIN_FACES)
            state.mountain[seat] = face
            events.append(MountainRolled(seat, face))
        return
    if FIXED_MONSTER[to]:
        events.append(Held(seat, IDS[to], KIND[to]))
        return
    if CLEAR[to] and to in state.nazgul:  # a Nazgûl stands only on clear terrain (AG-A21)
        events.append(Held(seat, IDS[to], "nazgul"))
        return
    town = TOWN_AT[to]
    if town is not None and town.space not in state.towns[seat]:
        collect_town(state, seat, town, to, events)


def advance(state: AdventureState, seat: int, how: str, events: list[Event]) -> None:
    """Move one space on from a monster; such spaces never fork (checked by the content tests)."""
    arrive(state, seat, FORWARD[state.pawns[seat]][0], how, events)


def collect_town(
    state: AdventureState, seat: int, town: Town, space: int, events: list[Event]
) -> None:
    """Pay a town's rings (what the supply has, AG-A28) and offer its card swap."""
    state.towns[seat].append(town.space)
    rings = state.rings[seat]
    if town.top_up:
        if rings > town.top_up:
            extra = rings - town.top_up
            state.rings[seat] = town.top_up
            state.supply += extra
            events.append(RingsReturned(seat, extra, town.space))
        else:
            gained = min(town.top_up - rings, state.supply)
            state.rings[seat] += gained
            state.supply -= gained
            if gained:
                events.append(RingsGained(seat, gained, town.space))
    else:
        gained = min(town.gain, state.supply)
        state.rings[seat] += gained
        state.supply -= gained
        if gained:
            events.append(RingsGained(seat, gained, town.space))
    if state.hands[seat]:
        state.pending = PENDING_TOWN_SWAP
        state.pending_seat = seat
        state.pending_space = space
