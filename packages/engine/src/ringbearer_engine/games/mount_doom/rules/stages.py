"""Setup, the end of a stage, Minas Morgul, and laying out the next stage."""

from __future__ import annotations

from ringbearer_engine import Chance, Event

from ..content import (
    BOROMIR,
    DECKS,
    FIGURES,
    GANDALF_DECK,
    GANDALF_IDS,
    MINAS_MORGUL,
    MORGUL,
    MOUNT_DOOM,
    RING_BEARER,
    RIVENDELL,
    deck_name,
)
from ..events import FriendsInNeed, MorgulSteps, Moved, StageEnded, StageLaidOut
from ..state import WON, Ask, MountDoomOptions, MountDoomState, Op
from .core import HANDLERS, finish, gain, push
from .windows import open_window

FACE_UP = (False, True, True, True, True, False)
"""Slots 1 and 6 are laid face down, 2 to 5 face up."""


def setup(players: tuple[str, ...], options: MountDoomOptions, chance: Chance) -> MountDoomState:
    """The opening position, exactly as the rulebook's setup describes it."""
    gandalf = chance.shuffle(GANDALF_DECK, GANDALF_IDS)
    state = MountDoomState(
        players=players,
        chance=chance,
        friends_in_need=options.friends_in_need,
        without_protection=options.without_protection,
        pos=[RIVENDELL] * len(FIGURES),
        row=[""] * 6,
        up=[False] * 6,
        # MD-A2: seat 1 counts as the oldest (the Gandalf card, first turn), the last seat as
        # the youngest (Boromir); a solo player gets both.
        held=[gandalf[0], BOROMIR.id],
        holder=[0, len(players) - 1],
        gandalf_stack=sorted(gandalf[1:]),
    )
    deck = chance.shuffle(deck_name(0), DECKS[0])
    lay_out(state, 0, deck, [])
    state.pending = Ask.START
    return state


def lay_out(state: MountDoomState, stage: int, deck: list[str], events: list[Event]) -> None:
    """Six cards on the row (slots 1 and 6 face down); a seventh goes to the box unseen."""
    state.row = deck[:6]
    state.up = list(FACE_UP)
    state.seventh = deck[6] if len(deck) > 6 else ""
    if state.seventh:
        state.unseen.append(state.seventh)
    state.stage = stage
    state.stage_done = False
    events.append(StageLaidOut(stage, tuple(state.row[1:5])))


def _check_stage(state: MountDoomState, _: int, __: int, events: list[Event]) -> None:
    if not state.stage_done:
        return
    # Run in this order (MD-A37, MD-A34): Minas Morgul, clear the row, Vision, lay out.
    push(state, Op.LAYOUT)
    push(state, Op.STAGE_WINDOW)
    push(state, Op.CLEAR_ROW)
    if state.stage == MINAS_MORGUL:
        push(state, Op.MORGUL)


def _morgul(state: MountDoomState, _: int, __: int, events: list[Event]) -> None:
    helpers = tuple(f for f in range(1, 5) if state.pos[f] == MORGUL)
    events.append(MorgulSteps(helpers))
    if helpers:
        start = state.pos[RING_BEARER]
        end = min(start + len(helpers), MOUNT_DOOM)
        state.pos[RING_BEARER] = end
        events.append(Moved(RING_BEARER, end - start, start, end))
        if end == MOUNT_DOOM:
            finish(state, WON, events)
            return
    if state.friends_in_need:  # MD-A40: every unused card in front of the players
        events.append(FriendsInNeed(len(state.held)))
        gain(state, len(state.held), events)


def _clear_row(state: MountDoomState, _: int, __: int, events: list[Event]) -> None:
    # MD-A9: everything on the row goes to the box; face-down cards unseen.
    for card, up in zip(state.row, state.up, strict=True):
        if card:
            (state.box if up else state.unseen).append(card)
    if state.army_under:
        (state.box if state.army_under_up else state.unseen).append(state.army_under)
        state.army_under = ""
        state.army_under_up = False
    state.row = [""] * 6
    state.up = [False] * 6
    state.known_slot = -1
    state.seventh = ""
    events.append(StageEnded(state.stage))


def _stage_window(state: MountDoomState, _: int, __: int, events: list[Event]) -> None:
    open_window(state, Ask.STAGE)


def _layout(state: MountDoomState, _: int, __: int, events: list[Event]) -> None:
    stage = state.stage + 1
    deck = state.next_deck or state.chance.shuffle(deck_name(stage), DECKS[stage])
    state.next_deck = []
    lay_out(state, stage, deck, events)


HANDLERS[Op.CHECK_STAGE] = _check_stage
HANDLERS[Op.MORGUL] = _morgul
HANDLERS[Op.CLEAR_ROW] = _clear_row
HANDLERS[Op.STAGE_WINDOW] = _stage_window
HANDLERS[Op.LAYOUT] = _layout
