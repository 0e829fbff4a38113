"""A turn: the dice phase, the resolution of the tray, the final-stage turn, passing the tray."""

from __future__ import annotations

from typing import Final

from ringbearer_engine import Event
from ringbearer_engine.events import DISCARDED

from ..actions import Add, Keep
from ..content import BLACK_DIE, COLOURS, FIGURE_BY_COLOUR, FINAL_STAGE, RING_BEARER
from ..events import HeldInPlace, Kept, Rolled, TurnBegan
from ..state import Ask, MountDoomState, Op
from .core import HANDLERS, push
from .encounters import activate
from .movement import move
from .windows import RK_FINAL, open_window

# Read every turn, so kept as module globals: Python 3.11 caches the lookup of a global, not
# of a class attribute.
_START, _KEEP1, _ADD, _KEEP2, _NONE = Ask.START, Ask.KEEP1, Ask.ADD, Ask.KEEP2, Ask.NONE
_FINAL_START = Ask.FINAL_START


def roll_first(state: MountDoomState, a: int, b: int, events: list[Event]) -> None:
    """Both black dice and the two chosen companion dice."""
    dice = [BLACK_DIE, BLACK_DIE, COLOURS[a], COLOURS[b]]
    state.rolled = state.chance.roll_each(dice)
    state.rolled_dice = dice
    if events is not DISCARDED:
        events.append(Rolled(tuple(state.rolled_dice), tuple(state.rolled)))
    state.pending = _KEEP1


def keep(state: MountDoomState, action: Keep, events: list[Event]) -> None:
    """Place one black and one companion die of the roll on the tray."""
    index = state.rolled_dice.index(action.die)
    pips = state.rolled[index]
    figure = FIGURE_BY_COLOUR[action.die]
    if state.pending == _KEEP1:
        state.tray_black[0] = action.black
        state.tray_figure[0] = figure
        state.tray_pips[0] = pips
        other = state.rolled_dice[5 - index]  # the companion dice sit at indices 2 and 3
        state.spare = FIGURE_BY_COLOUR[other]
        if events is not DISCARDED:
            events.append(Kept(1, action.black, action.die, pips))
        state.pending = _ADD
        return
    state.tray_black[1] = action.black
    state.tray_figure[1] = figure
    state.tray_pips[1] = pips
    state.spare = -1
    if events is not DISCARDED:
        events.append(Kept(2, action.black, action.die, pips))
    state.pending = _NONE
    start_resolution(state)


RESOLUTION: Final = (
    (Op.END_TURN, 0, 0),
    (Op.CHECK_STAGE, 0, 0),
    *(task for die in (3, 2, 1, 0) for task in ((Op.AFTER_DIE, 1 - die % 2, 0), (Op.DIE, die, 0))),
)
"""The tasks of a resolution phase, last first: side 1 top to bottom, then side 2, a window
after each die (an encounter die: ``a`` = 1), then the end of the stage and of the turn."""


def start_resolution(state: MountDoomState) -> None:
    """Schedule the four dice of the tray."""
    state.tasks.extend(RESOLUTION)


def add(state: MountDoomState, action: Add, events: list[Event]) -> None:
    """The second roll: the other black die, the unkept companion die and one more."""
    dice = [BLACK_DIE, COLOURS[state.spare], action.die]
    state.rolled = state.chance.roll_each(dice)
    state.rolled_dice = dice
    if events is not DISCARDED:
        events.append(Rolled(tuple(state.rolled_dice), tuple(state.rolled)))
    state.pending = _KEEP2


def roll_final(state: MountDoomState, events: list[Event]) -> None:
    """Final stage: one black die, its encounter, then one step."""
    face = state.chance.roll(BLACK_DIE)
    state.rolled = [face]
    state.rolled_dice = [BLACK_DIE]
    events.append(Rolled((BLACK_DIE,), (face,)))
    state.pending = Ask.NONE
    push(state, Op.END_TURN)
    push(state, Op.FINAL_STEP)
    push(state, Op.FINAL_ENCOUNTER)
    open_window(state, Ask.ROLLED, RK_FINAL)


def _die(state: MountDoomState, die: int, _: int, events: list[Event]) -> None:
    side = die >> 1
    if die & 1:
        figure = state.tray_figure[side]
        steps = state.tray_pips[side]
        state.tray_figure[side] = -1
        state.tray_pips[side] = 0
        move(state, figure, steps, events)
    else:
        face = state.tray_black[side]
        state.tray_black[side] = 0
        state.last_card = ""
        activate(state, face - 1, events)


def _after_die(state: MountDoomState, encounter: int, _: int, events: list[Event]) -> None:
    open_window(state, Ask.AFTER_DIE, encounter)


def _final_encounter(state: MountDoomState, _: int, __: int, events: list[Event]) -> None:
    push(state, Op.AFTER_DIE, 1)
    state.last_card = ""
    activate(state, state.rolled[0] - 1, events)


def _final_step(state: MountDoomState, _: int, __: int, events: list[Event]) -> None:
    if state.shelob_hold:
        events.append(HeldInPlace())
    else:
        move(state, RING_BEARER, 1, events)


def _end_turn(state: MountDoomState, _: int, __: int, events: list[Event]) -> None:
    state.seat = (state.seat + 1) % len(state.players)
    state.turn += 1
    state.shelob_hold = False
    state.pending = _FINAL_START if state.stage == FINAL_STAGE else _START
    if events is not DISCARDED:
        events.append(TurnBegan(state.seat, state.turn))


def _resume_start(state: MountDoomState, _: int, __: int, events: list[Event]) -> None:
    # MD-A31: after Faramir (or Gandalf's Support) the same player goes on with the turn.
    state.pending = Ask.FINAL_START if state.stage == FINAL_STAGE else Ask.START


HANDLERS[Op.DIE] = _die
HANDLERS[Op.AFTER_DIE] = _after_die
HANDLERS[Op.FINAL_ENCOUNTER] = _final_encounter
HANDLERS[Op.FINAL_STEP] = _final_step
HANDLERS[Op.END_TURN] = _end_turn
HANDLERS[Op.RESUME_START] = _resume_start
