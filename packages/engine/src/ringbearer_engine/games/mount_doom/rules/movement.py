"""Moving figures: exact moves, event spaces and their protection, stage goals, the rally space.

Every move goes through :func:`move`, whatever caused it (a companion die, a slot symbol, a
card): MD-A10, MD-A12 and MD-A15 make them all ordinary moves.
"""

from __future__ import annotations

from ringbearer_engine import Event
from ringbearer_engine.events import DISCARDED

from ..content import (
    EVENT_AT,
    FINAL_STAGE,
    GANDALF_DECK,
    GOAL_INDEX,
    GOALS,
    HELMS_DEEP,
    MINAS_MORGUL,
    MORGUL,
    MOUNT_DOOM,
    RALLY,
    RING_BEARER,
)
from ..events import EventSpace, GandalfDrawn, GandalfLost, GoalReached, Moved, TokenRemoved
from ..state import WON, Ask, MountDoomState
from .core import finish, gain, lose, place_nazgul
from .windows import open_window

EVENT_DARK = 1
EVENT_NAZGUL = 2


def move(state: MountDoomState, figure: int, steps: int, events: list[Event]) -> None:
    """Move ``figure`` exactly ``steps`` spaces forward and carry out where it ends."""
    start = state.pos[figure]
    if steps <= 0 or start == RALLY or state.result:
        return  # MD-A11: a move of 0 does nothing; MD-A14: the rally space is the end
    if figure == RING_BEARER:
        _move_ring_bearer(state, start, steps, events)
        return
    end = start + steps
    if end > MORGUL:  # MD-A14: past Minas Morgul means the rally space
        state.pos[figure] = RALLY
        if events is not DISCARDED:
            events.append(Moved(figure, steps, start, RALLY))
        return
    state.pos[figure] = end
    if events is not DISCARDED:
        events.append(Moved(figure, steps, start, end))
    goal = GOAL_INDEX[end]
    if goal >= 0:
        events.append(GoalReached(figure, goal, True))
        gain(state, 1, events)  # MD-A12: any exact arrival on any stage goal
    elif EVENT_AT[end]:
        land_on_event(state, figure, end, events)


def move_to_goal(state: MountDoomState, figure: int, goal_pos: int, events: list[Event]) -> None:
    """King Théoden: a companion goes straight to ``goal_pos``, an exact arrival (MD-A12)."""
    start = state.pos[figure]
    state.pos[figure] = goal_pos
    events.append(Moved(figure, goal_pos - start, start, goal_pos))
    events.append(GoalReached(figure, GOAL_INDEX[goal_pos], True))
    gain(state, 1, events)


def _move_ring_bearer(state: MountDoomState, start: int, steps: int, events: list[Event]) -> None:
    if state.stage == FINAL_STAGE:
        end = min(start + steps, MOUNT_DOOM)
        state.pos[RING_BEARER] = end
        if events is not DISCARDED:
            events.append(Moved(RING_BEARER, end - start, start, end))
        if end == MOUNT_DOOM:
            finish(state, WON, events)
        return
    if state.stage_done:
        return  # MD-A15: on his goal he waits for the next stage
    goal = GOALS[state.stage]
    end = start + steps
    if end >= goal:  # he never passes his stage goal
        state.pos[RING_BEARER] = goal
        if events is not DISCARDED:
            events.append(Moved(RING_BEARER, goal - start, start, goal))
        arrive(state, end == goal, events)
        return
    state.pos[RING_BEARER] = end
    if events is not DISCARDED:
        events.append(Moved(RING_BEARER, steps, start, end))
    if EVENT_AT[end]:
        land_on_event(state, RING_BEARER, end, events)


def arrive(state: MountDoomState, exact: bool, events: list[Event]) -> None:
    """The Ring-bearer stands on his stage goal: the stage will end; a Gandalf card is drawn
    for an exact arrival, the top one is lost otherwise (none of either at Minas Morgul)."""
    stage = state.stage
    state.stage_done = True
    events.append(GoalReached(RING_BEARER, stage, exact))
    if stage == HELMS_DEEP and state.gandalf_token:  # MD-A27: the block ends on arrival
        state.gandalf_token = False
        events.append(TokenRemoved("gandalf"))
    if stage >= MINAS_MORGUL or not state.gandalf_stack:
        return  # MD-A17: an empty stack gives nothing
    top = state.chance.shuffle(GANDALF_DECK, state.gandalf_stack)[0]
    state.gandalf_stack.remove(top)
    if exact:
        state.held.append(top)
        state.holder.append(state.seat)
        events.append(GandalfDrawn(state.seat, top))
    else:
        state.unseen.append(top)
        events.append(GandalfLost())


def land_on_event(state: MountDoomState, figure: int, space: int, events: list[Event]) -> None:
    """A figure ended its move on an event space: protected, ignored, or about to strike."""
    kind = EVENT_AT[space]
    if not state.without_protection and state.pos.count(space) > 1:
        if events is not DISCARDED:
            events.append(EventSpace(figure, kind, "protected"))
        return
    if kind == "nazgul" and state.witch_king_defeated:  # MD-A32
        events.append(EventSpace(figure, kind, "ignored"))
        return
    code = EVENT_DARK if kind == "dark" else EVENT_NAZGUL
    if open_window(state, Ask.EVENT, code, figure):
        return  # Arwen (or an any-time card) may act first
    strike(state, code, figure, events)


def strike(state: MountDoomState, code: int, figure: int, events: list[Event]) -> None:
    """The event space does its harm."""
    kind = "dark" if code == EVENT_DARK else "nazgul"
    if events is not DISCARDED:
        events.append(EventSpace(figure, kind, "strikes"))
    if code == EVENT_DARK:
        lose(state, 1, events)
    else:
        place_nazgul(state, events)
