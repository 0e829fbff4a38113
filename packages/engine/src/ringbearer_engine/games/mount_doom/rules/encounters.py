"""The encounter row: activating a slot, friend cards, every enemy card, and empty-slot symbols."""

from __future__ import annotations

from ringbearer_engine import Event
from ringbearer_engine.events import DISCARDED

from ..content import (
    ARMY,
    BLACK_DIE,
    CARDS,
    COLOURS,
    FINAL_STAGE,
    NAZGUL_SYMBOL,
    RALLY,
    RING_BEARER,
    RING_POWER_LOSS,
    SARUMAN_WARRIORS,
    SAURON_EYE_SPACE,
    SIDE,
    SLOT_SYMBOLS,
    STING_LOSS,
    URUK_WARRIORS,
    WITCH_KING,
)
from ..events import (
    ArmyMoved,
    Boxed,
    DieSet,
    Encounter,
    FriendTaken,
    Revealed,
    Rolled,
    Symbol,
    TokenPlaced,
    UrukArrived,
    WitchKingFalls,
)
from ..state import BATTLE_MOUTH, BATTLE_PLAIN, BATTLE_URUK, Ask, MountDoomState, Op
from .battles import start_battles
from .core import HANDLERS, gain, lose, place_nazgul, push
from .windows import RK_DENETHOR, RK_RING_POWER, RK_STING, RK_WITCH_KING, open_window


def activate(state: MountDoomState, slot: int, events: list[Event]) -> None:
    """A black die shows ``slot + 1``: turn the card up if needed and carry it out."""
    card = state.row[slot]
    if not card:
        _symbol(state, slot, events)
        return
    if not state.up[slot]:
        state.up[slot] = True
        if state.known_slot == slot:
            state.known_slot = -1
        events.append(Revealed(slot, card))
    if events is not DISCARDED:
        events.append(Encounter(slot, card))
    if SIDE[card] == "friend":  # taken into the shared pool, in front of the active player
        state.row[slot] = ""
        state.held.append(card)
        state.holder.append(state.seat)
        events.append(FriendTaken(state.seat, card))
        return
    info = CARDS[card]
    if info.door:  # leaves the game after this one activation
        state.row[slot] = ""
        state.box.append(card)
        events.append(Boxed(card))
    state.last_card = card
    kind = info.kind
    if kind == "battle":
        start_battles(state, card, BATTLE_PLAIN, info.battles, info.dark)
    elif kind == "uruk-hai":
        if state.leader:
            start_battles(state, card, BATTLE_URUK, state.uruk + 1, info.dark)
        else:  # MD-A23: Isengard is freed for good
            gain(state, info.bright, events)
    elif kind == "sauron-mouth":
        start_battles(state, card, BATTLE_MOUTH, 0, info.dark)
    elif kind == "nazgul":
        place_nazgul(state, events)
    elif kind in ("wound", "balrog"):
        lose(state, info.dark, events)
        if kind == "balrog" and not state.result:
            state.gandalf_token = True
            events.append(TokenPlaced("gandalf"))
    elif kind == "heal":
        gain(state, info.bright, events)
    elif kind == "saruman":
        _saruman(state, events)
    elif kind == "sauron-eye":  # MD-A33: the Eye only ever pulls down, never up
        lose(state, state.resolve - SAURON_EYE_SPACE, events)
    elif kind == "shelob":
        lose(state, info.dark, events)
        state.shelob_hold = True
    elif kind == "witch-king":
        _roll_black(state, state.nazgul, Op.WITCH_KING_READ, RK_WITCH_KING, events)
    elif kind == "sting":
        _roll_black(state, 1, Op.STING_READ, RK_STING, events)
    elif kind == "ring-power":
        _roll_black(state, 1, Op.RING_POWER_READ, RK_RING_POWER, events)
    elif kind == "denethor":
        _denethor(state, events)
    elif kind == "army":
        _army(state, slot, events)
    elif kind == "wormtongue":
        _wormtongue(state, events)
    else:  # pragma: no cover - content and rules disagree
        raise AssertionError(f"no rule for card kind {kind!r}")


def _symbol(state: MountDoomState, slot: int, events: list[Event]) -> None:
    figure = SLOT_SYMBOLS[slot]
    if events is not DISCARDED:
        events.append(Symbol(slot, figure))
    if figure == NAZGUL_SYMBOL:
        place_nazgul(state, events)
        return
    if state.stage == FINAL_STAGE and figure != RING_BEARER:
        return  # MD-A38: on the final stage only the Ring-bearer still walks
    if state.pos[figure] == RALLY or (figure == RING_BEARER and state.stage_done):
        return  # nothing can move: no question to ask
    state.pending = Ask.SYMBOL
    state.ask_a = figure


def _saruman(state: MountDoomState, events: list[Event]) -> None:
    if not state.leader:
        return  # MD-A23: a freed Isengard stays free
    count = min(SARUMAN_WARRIORS, URUK_WARRIORS - state.uruk)  # MD-A24
    if count:
        state.uruk += count
        events.append(UrukArrived(count, state.uruk))


def _roll_black(
    state: MountDoomState, dice: int, then: int, kind: int, events: list[Event]
) -> None:
    faces = [state.chance.roll(BLACK_DIE) for _ in range(dice)]
    state.rolled = faces
    state.rolled_dice = [BLACK_DIE] * dice
    if events is not DISCARDED:
        events.append(Rolled(tuple(state.rolled_dice), tuple(faces)))
    push(state, then)
    open_window(state, Ask.ROLLED, kind)


def _witch_king_read(state: MountDoomState, _: int, __: int, events: list[Event]) -> None:
    if not state.witch_king_defeated:  # Éowyn may have struck right after the roll
        lose(state, sum(face % 2 for face in state.rolled), events)


def _sting_read(state: MountDoomState, _: int, __: int, events: list[Event]) -> None:
    lose(state, STING_LOSS[state.rolled[0]], events)


def _ring_power_read(state: MountDoomState, _: int, __: int, events: list[Event]) -> None:
    lose(state, RING_POWER_LOSS[state.rolled[0]], events)


def defeat_witch_king(state: MountDoomState, events: list[Event]) -> None:
    """Éowyn's victory: the Witch-king's card leaves and Nazgûl never threaten again."""
    state.witch_king_defeated = True
    events.append(WitchKingFalls())
    if WITCH_KING in state.row:
        slot = state.row.index(WITCH_KING)
        state.row[slot] = ""
        state.box.append(WITCH_KING)
        events.append(Boxed(WITCH_KING))
    if state.last_card == WITCH_KING:
        state.last_card = ""


# -- Denethor ---------------------------------------------------------------------------------


def _denethor(state: MountDoomState, events: list[Event]) -> None:
    sides = [side for side in (0, 1) if state.tray_figure[side] >= 0]
    if len(sides) == 2:
        state.pending = Ask.DENETHOR
        return
    if sides:  # MD-A29: only one companion die left, so that one
        denethor_reroll(state, sides[0], events)


def denethor_reroll(state: MountDoomState, side: int, events: list[Event]) -> None:
    colour = COLOURS[state.tray_figure[side]]
    face = state.chance.roll(colour)
    state.rolled = [face]
    state.rolled_dice = [colour]
    events.append(Rolled((colour,), (face,)))
    push(state, Op.DENETHOR_SET, side)
    open_window(state, Ask.ROLLED, RK_DENETHOR)


def _denethor_set(state: MountDoomState, side: int, _: int, events: list[Event]) -> None:
    old = state.tray_pips[side]
    state.tray_pips[side] = state.rolled[0]
    events.append(DieSet(COLOURS[state.tray_figure[side]], old, state.rolled[0]))


# -- Army of the Dead -------------------------------------------------------------------------


def army_targets(state: MountDoomState, slot: int) -> tuple[int, int]:
    """The nearest card to the left and to the right of ``slot`` (-1 when there is none)."""
    row = state.row
    left = next((s for s in range(slot - 1, -1, -1) if row[s]), -1)
    right = next((s for s in range(slot + 1, 6) if row[s]), -1)
    return left, right


def _army(state: MountDoomState, slot: int, events: list[Event]) -> None:
    left, right = army_targets(state, slot)
    if left >= 0 and right >= 0:
        state.pending = Ask.ARMY
        state.ask_a = slot
    elif left >= 0 or right >= 0:  # MD-A28: only one way is open
        move_army(state, slot, max(left, right), events)


def move_army(state: MountDoomState, start: int, end: int, events: list[Event]) -> None:
    """The Army leaves ``start`` (uncovering what it lay on) and covers the card at ``end``."""
    state.row[start] = state.army_under
    state.up[start] = state.army_under_up
    state.army_under = state.row[end]
    state.army_under_up = state.up[end]
    state.row[end] = ARMY
    state.up[end] = True
    events.append(ArmyMoved(start, end, state.army_under if state.army_under_up else ""))


def remove_from_row(state: MountDoomState, card: str, events: list[Event]) -> None:
    """Gandalf's Wrath: the card goes to the box; a card the Army covered lies free again."""
    slot = state.row.index(card)
    if card == ARMY:
        state.row[slot] = state.army_under
        state.up[slot] = state.army_under_up
        state.army_under = ""
        state.army_under_up = False
    else:
        state.row[slot] = ""
    state.box.append(card)
    events.append(Boxed(card))


# -- Wormtongue -------------------------------------------------------------------------------


def wormtongue_targets(state: MountDoomState) -> list[str]:
    """Unused friend cards in front of any player; Boromir too, never Gandalf (MD-A30)."""
    return [card for card in state.held if SIDE[card] == "friend"]


def _wormtongue(state: MountDoomState, events: list[Event]) -> None:
    targets = wormtongue_targets(state)
    if len(targets) > 1:
        state.pending = Ask.WORMTONGUE
    elif targets:
        box_held(state, targets[0], events)


def box_held(state: MountDoomState, card: str, events: list[Event]) -> None:
    index = state.held.index(card)
    del state.held[index]
    del state.holder[index]
    state.box.append(card)
    events.append(Boxed(card))


HANDLERS[Op.WITCH_KING_READ] = _witch_king_read
HANDLERS[Op.STING_READ] = _sting_read
HANDLERS[Op.RING_POWER_READ] = _ring_power_read
HANDLERS[Op.DENETHOR_SET] = _denethor_set
HANDLERS[Op.ACTIVATE] = lambda state, slot, _, events: activate(state, slot, events)
