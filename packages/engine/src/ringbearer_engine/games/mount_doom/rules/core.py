"""The resolution machine and the effects every rule uses: resolve, Nazgûl, the end of the game.

A rule that needs to continue after a decision pushes a task (see ``state.Op``) and returns;
:func:`run` pops tasks until a decision is pending, the match is over, or nothing is left.
Modules register the handler of each operation they own in :data:`HANDLERS`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from ringbearer_engine import Event
from ringbearer_engine.events import DISCARDED

from ..content import NAZGUL_SPACES, TRACK_TOP
from ..events import GameOver, NazgulIgnored, NazgulPlaced, ResolveChanged
from ..state import LOST_NAZGUL, LOST_RESOLVE, WON, Ask, MountDoomState, Op
from .windows import WINDOW_CARDS

Handler = Callable[[MountDoomState, int, int, list[Event]], None]
HANDLERS: Final[dict[int, Handler]] = {}
_AFTER_DIE: Final = Op.AFTER_DIE
_AFTER_DIE_CARDS: Final = WINDOW_CARDS[Ask.AFTER_DIE]


def push(state: MountDoomState, op: int, a: int = 0, b: int = 0) -> None:
    """Schedule ``op``: the last task pushed is the first one run."""
    state.tasks.append((op, a, b))


def run(state: MountDoomState, events: list[Event]) -> None:
    """Carry out scheduled tasks until a decision is needed or the match is over."""
    tasks = state.tasks
    stopped = state.pending or state.result  # (a name, so that the checks below stay live)
    if not tasks or stopped:
        return  # most steps: a die kept or added, a card used, with nothing scheduled
    handlers = HANDLERS
    while True:
        op, a, b = tasks.pop()
        # The after-die window, four a turn, mostly finds no card for it: skip two calls.
        if op != _AFTER_DIE or not _AFTER_DIE_CARDS.isdisjoint(state.held):
            handlers[op](state, a, b, events)
            if state.pending or state.result:
                return
        if not tasks:
            return


def lose(state: MountDoomState, hearts: int, events: list[Event]) -> None:
    """Move the One Ring ``hearts`` circles towards the dark heart; past circle 0 is defeat."""
    if hearts <= 0 or state.result:
        return
    steps = min(hearts, state.resolve)
    state.resolve -= steps
    if steps and events is not DISCARDED:
        events.append(ResolveChanged(-steps, state.resolve))
    if steps < hearts:  # MD-A4: the step that would leave the last circle loses at once
        finish(state, LOST_RESOLVE, events)


def gain(state: MountDoomState, hearts: int, events: list[Event]) -> None:
    """Move the One Ring towards the bright heart; steps above the top circle are lost."""
    if hearts <= 0 or state.result:
        return
    steps = min(hearts, TRACK_TOP - state.resolve)
    if steps:
        state.resolve += steps
        if events is not DISCARDED:
            events.append(ResolveChanged(steps, state.resolve))


def place_nazgul(state: MountDoomState, events: list[Event]) -> None:
    """A Nazgûl comes to Minas Morgul; the ninth figure there loses the game (MD-A6)."""
    if state.result:
        return
    if state.witch_king_defeated:  # MD-A32
        events.append(NazgulIgnored())
        return
    state.nazgul += 1
    if events is not DISCARDED:
        events.append(NazgulPlaced(state.nazgul))
    if state.nazgul >= NAZGUL_SPACES:
        finish(state, LOST_NAZGUL, events)


def finish(state: MountDoomState, reason: str, events: list[Event]) -> None:
    """End the match at once (MD-A5): nothing more on the tray or the card is carried out."""
    state.result = reason
    state.pending = Ask.NONE
    events.append(GameOver(reason == WON, reason))
