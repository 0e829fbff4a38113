"""Battles: who supports the Ring-bearer, the battle die, and series of battles.

One encounter may fight several battles (Uruk-hai: one per figure at Isengard; Mûmakil: two;
Sauron's Mouth: until two in a row are won). Each battle follows MD-A20: Éomer or Galadriel
before the roll, the roll, Elrond right after it, the Gandalf face, Boromir, then the loss.
"""

from __future__ import annotations

from ringbearer_engine import Event
from ringbearer_engine.events import DISCARDED

from ..content import (
    BATTLE_DIE,
    BATTLE_FACES,
    FACE_FIGURE,
    FIGURE_NAMES,
    MORGUL,
    MOUNT_DOOM,
    NEXT_GOAL,
    RING_BEARER,
)
from ..events import BattleBegins, BattleEnded, BattleRolled, UrukRemoved
from ..state import BATTLE_MOUTH, BATTLE_URUK, Ask, MountDoomState, Op
from .core import HANDLERS, lose, push
from .windows import RK_BATTLE, RK_BOROMIR, open_window

FACE_INDEX = {face: n for n, face in enumerate(BATTLE_FACES)}
COMPANIONS = (1, 2, 3, 4)
# Read every turn, so kept as module globals: Python 3.11 caches the lookup of a global, not
# of a class attribute.
_BATTLE_NEXT, _BATTLE_ROLL, _BATTLE_READ = Op.BATTLE_NEXT, Op.BATTLE_ROLL, Op.BATTLE_READ
_BATTLE, _ROLLED = Ask.BATTLE, Ask.ROLLED


def support_limit(here: int) -> int:
    """The farthest space from which a companion supports a Ring-bearer on ``here``: his next
    goal, or Mount Doom from Minas Morgul on (MD-A18)."""
    return NEXT_GOAL[here] if here <= MORGUL else MOUNT_DOOM


def supporters(state: MountDoomState, here: int | None = None) -> tuple[int, ...]:
    """Companions on the Ring-bearer's space or ahead of him up to his next goal (MD-A18).

    ``here`` puts the Ring-bearer on another space than his own (for bots weighing a move).
    """
    pos = state.pos
    if here is None:
        here = pos[RING_BEARER]
    limit = NEXT_GOAL[here] if here <= MORGUL else MOUNT_DOOM  # support_limit, inlined
    return tuple([f for f in COMPANIONS if here <= pos[f] <= limit])


def supports(state: MountDoomState, figure: int) -> bool:
    """Whether companion ``figure`` supports the Ring-bearer where he stands (MD-A18)."""
    pos = state.pos
    here = pos[RING_BEARER]
    return here <= pos[figure] <= support_limit(here)


def start_battles(state: MountDoomState, card: str, kind: int, count: int, hearts: int) -> None:
    """Schedule the battles of an encounter; ``count`` is ignored for Sauron's Mouth."""
    state.battle_card = card
    state.battle_kind = kind
    state.battles_left = count
    state.battle_number = 0
    state.battles_won = 0
    state.battle_streak = 0
    state.battle_removed = False
    state.eomer_won = False
    push(state, Op.BATTLE_NEXT, hearts)


def _next(state: MountDoomState, hearts: int, _: int, events: list[Event]) -> None:
    # MD-A26: Sauron's Mouth goes on until two battles in a row are won.
    mouth = state.battle_kind == BATTLE_MOUTH
    more = state.battle_streak < 2 if mouth else state.battles_left > 0
    if not more:
        _finish(state, events)
        return
    if state.battle_kind != BATTLE_MOUTH:
        state.battles_left -= 1
    state.battle_number += 1
    push(state, _BATTLE_NEXT, hearts)
    push(state, _BATTLE_ROLL, hearts)
    total = 0 if state.battle_kind == BATTLE_MOUTH else state.battle_number + state.battles_left
    if events is not DISCARDED:
        events.append(
            BattleBegins(state.battle_card, state.battle_number, total, supporters(state))
        )
    open_window(state, _BATTLE, hearts)


def _roll(state: MountDoomState, hearts: int, _: int, events: list[Event]) -> None:
    if state.eomer_won:
        state.eomer_won = False
        result(state, True, "Éomer and the Riders of Rohan ride in", hearts, events)
        return
    push(state, _BATTLE_READ, hearts)
    roll_battle_die(state, events)
    open_window(state, _ROLLED, RK_BATTLE, hearts)


def roll_battle_die(state: MountDoomState, events: list[Event]) -> None:
    face = state.chance.pick(BATTLE_DIE, BATTLE_FACES)
    state.rolled = [FACE_INDEX[face]]
    state.rolled_dice = [BATTLE_DIE]
    if events is not DISCARDED:
        events.append(BattleRolled(face))


def _read(state: MountDoomState, hearts: int, _: int, events: list[Event]) -> None:
    face = BATTLE_FACES[state.rolled[0]]
    figure = FACE_FIGURE.get(face)
    if figure is not None and supports(state, figure):
        how = "" if events is DISCARDED else f"{FIGURE_NAMES[figure]} supports the Ring-bearer"
        result(state, True, how, hearts, events)
    elif face == "gandalf" and open_window(state, Ask.FACE, hearts):
        return
    else:
        lost(state, hearts, events)


def why_lost(state: MountDoomState) -> str:
    face = BATTLE_FACES[state.rolled[0]]
    if face == "sauron":
        return "the Sauron symbol"
    if face == "gandalf":
        return "the Gandalf symbol"
    return f"{FIGURE_NAMES[FACE_FIGURE[face]]} is not supporting"


def lost(state: MountDoomState, hearts: int, events: list[Event]) -> None:
    """The battle is lost unless Boromir steps in (Uruk-hai battles only, MD-A21)."""
    if state.battle_kind == BATTLE_URUK and open_window(state, Ask.BOROMIR, hearts):
        return
    how = "" if events is DISCARDED else why_lost(state)  # said only in the event
    result(state, False, how, hearts, events)


def boromir_reroll(state: MountDoomState, hearts: int, events: list[Event]) -> None:
    push(state, Op.BOROMIR_READ, hearts)
    roll_battle_die(state, events)
    open_window(state, Ask.ROLLED, RK_BOROMIR, hearts)


def _boromir_read(state: MountDoomState, hearts: int, _: int, events: list[Event]) -> None:
    won = BATTLE_FACES[state.rolled[0]] != "sauron"
    how = "Boromir's second roll" + ("" if won else " shows Sauron")
    result(state, won, how, hearts, events)


def result(state: MountDoomState, won: bool, how: str, hearts: int, events: list[Event]) -> None:
    """Settle one battle: a win may drive off an Uruk-hai; a loss costs its dark hearts."""
    if events is not DISCARDED:
        events.append(BattleEnded(won, how))
    if won:
        state.battles_won += 1
        state.battle_streak += 1
        if state.battle_kind == BATTLE_URUK and state.treebeard_token:
            remove_uruk(state, True, events)
            state.battle_removed = True
    else:
        state.battle_streak = 0
        lose(state, hearts, events)


def remove_uruk(state: MountDoomState, leader_too: bool, events: list[Event]) -> None:
    """One Uruk-hai leaves Isengard: a warrior, or the leader last with Treebeard's token."""
    if state.uruk > 0:
        state.uruk -= 1
        events.append(UrukRemoved(False, state.uruk))
    elif leader_too and state.leader:
        state.leader = False
        events.append(UrukRemoved(True, 0))


def _finish(state: MountDoomState, events: list[Event]) -> None:
    # Without Treebeard's token, winning any number of battles drives off one warrior (MD-A22).
    if state.battle_kind == BATTLE_URUK and state.battles_won and not state.battle_removed:
        remove_uruk(state, False, events)
    state.battle_card = ""


HANDLERS[Op.BATTLE_NEXT] = _next
HANDLERS[Op.BATTLE_ROLL] = _roll
HANDLERS[Op.BATTLE_READ] = _read
HANDLERS[Op.BOROMIR_READ] = _boromir_read
