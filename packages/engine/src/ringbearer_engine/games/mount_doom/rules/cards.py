"""Using friend and Gandalf cards, and answering the questions cards and slots ask."""

from __future__ import annotations

from ringbearer_engine import Event

from ..actions import Choose, Spend, Use
from ..content import (
    BATTLE_DIE,
    BATTLE_FACES,
    COLOURS,
    DECKS,
    FIGURE_BY_COLOUR,
    FIGURE_BY_ID,
    FINAL_STAGE,
    GALADRIEL_SPACE,
    KIND,
    NEXT_GOAL,
    RING_BEARER,
    TREEBEARD_RESOLVE,
    deck_name,
)
from ..events import (
    BattleRolled,
    Boxed,
    CardUsed,
    DieSet,
    EventSpace,
    Rolled,
    TokenPlaced,
    VisionSeen,
)
from ..state import Ask, MountDoomState, Op
from .battles import FACE_INDEX, boromir_reroll, lost, result, why_lost
from .core import gain, push
from .encounters import (
    army_targets,
    box_held,
    defeat_witch_king,
    denethor_reroll,
    move_army,
    remove_from_row,
)
from .movement import EVENT_DARK, move, move_to_goal, strike
from .windows import PURE_WINDOWS, die_index, window_still_open


def use(state: MountDoomState, action: Use, events: list[Event]) -> None:
    """Play a held card (already checked legal) and carry out its effect."""
    card, choice = action.card, action.choice or ""
    window = state.pending
    index = state.held.index(card)
    del state.held[index]
    del state.holder[index]
    state.box.append(card)  # every friend and Gandalf card is used once, then boxed
    events.append(CardUsed(state.seat, card))
    kind = KIND[card]
    if kind == "elrond":
        _reroll(state, choice, events)
    elif kind in ("power", "trick"):
        label, _, face = choice.partition(":")
        _set_die(state, label, int(face), events)
    elif kind == "theoden":
        figure = FIGURE_BY_ID[choice]
        move_to_goal(state, figure, NEXT_GOAL[state.pos[figure]], events)
    elif kind == "treebeard":
        if choice == "resolve":
            gain(state, TREEBEARD_RESOLVE, events)
        else:
            state.treebeard_token = True
            events.append(TokenPlaced("treebeard"))
    elif kind == "faramir":
        _from_start(state)
        move(state, RING_BEARER, int(choice), events)
    elif kind == "support":
        roll = state.chance.roll
        state.rolled = [roll(colour) for colour in COLOURS]
        state.rolled_dice = list(COLOURS)
        events.append(Rolled(tuple(COLOURS), tuple(state.rolled)))
        state.pending = Ask.SUPPORT
    elif kind == "eowyn":
        defeat_witch_king(state, events)
    elif kind == "eomer":
        state.eomer_won = True  # the battle roll is replaced by a win
        state.pending = Ask.NONE
    elif kind == "galadriel":  # up to her circle, never down (nothing when already there)
        gain(state, GALADRIEL_SPACE - state.resolve, events)
    elif kind == "arwen":
        state.pending = Ask.NONE
        kind_name = "dark" if state.ask_a == EVENT_DARK else "nazgul"
        events.append(EventSpace(state.ask_b, kind_name, "ignored"))
    elif kind == "boromir":
        state.pending = Ask.NONE
        boromir_reroll(state, state.ask_a, events)
    elif kind == "wrath":
        remove_from_row(state, state.last_card, events)
        state.last_card = ""
    elif kind == "vision":
        state.next_deck = state.chance.shuffle(deck_name(state.stage + 1), DECKS[state.stage + 1])
        events.append(VisionSeen(state.next_deck[0]))
        state.pending = Ask.VISION
    if state.pending == window and window in PURE_WINDOWS and not window_still_open(state):
        pass_window(state, events)  # nothing left to use here: go on as after a pass


def _from_start(state: MountDoomState) -> None:
    """A move made before rolling: once it is over, the same player goes on (MD-A31)."""
    state.pending = Ask.NONE
    push(state, Op.RESUME_START)
    if state.stage != FINAL_STAGE:
        push(state, Op.CHECK_STAGE)


def _reroll(state: MountDoomState, label: str, events: list[Event]) -> None:
    index = die_index(state, label)
    name = state.rolled_dice[index]
    if name == BATTLE_DIE:
        face = state.chance.pick(BATTLE_DIE, BATTLE_FACES)
        state.rolled[index] = FACE_INDEX[face]
        events.append(BattleRolled(face))
        return
    old = state.rolled[index]
    state.rolled[index] = state.chance.roll(name)
    events.append(DieSet(name, old, state.rolled[index]))


def _set_die(state: MountDoomState, label: str, face: int, events: list[Event]) -> None:
    index = die_index(state, label)
    old = state.rolled[index]
    state.rolled[index] = face
    events.append(DieSet(state.rolled_dice[index], old, face))


def spend(state: MountDoomState, action: Spend, events: list[Event]) -> None:
    """Give up a Gandalf card on the Gandalf face: the battle is won, the text ignored."""
    box_held(state, action.card, events)
    state.pending = Ask.NONE
    result(state, True, "a Gandalf card is given up", state.ask_a, events)


def pass_window(state: MountDoomState, events: list[Event]) -> None:
    """Go on without (further) cards."""
    window = state.pending
    state.pending = Ask.NONE
    if window == Ask.EVENT:
        strike(state, state.ask_a, state.ask_b, events)
    elif window == Ask.FACE:
        lost(state, state.ask_a, events)
    elif window == Ask.BOROMIR:
        result(state, False, why_lost(state), state.ask_a, events)


def choose(state: MountDoomState, action: Choose, events: list[Event]) -> None:
    """Answer the pending question."""
    option = action.option
    asked = state.pending
    state.pending = Ask.NONE
    if asked == Ask.SYMBOL:
        move(state, state.ask_a, int(option), events)
    elif asked == Ask.ARMY:
        left, right = army_targets(state, state.ask_a)
        move_army(state, state.ask_a, left if option == "left" else right, events)
    elif asked == Ask.DENETHOR:
        figure = FIGURE_BY_COLOUR[option]
        denethor_reroll(state, state.tray_figure.index(figure), events)
    elif asked == Ask.WORMTONGUE:
        box_held(state, option, events)
    elif asked == Ask.SUPPORT:
        figure = FIGURE_BY_COLOUR[option]
        steps = state.rolled[figure]
        _from_start(state)
        move(state, figure, steps, events)
    elif asked == Ask.VISION:
        if option == "remove":
            card = state.next_deck.pop(0)
            state.box.append(card)
            events.append(Boxed(card))
        else:
            state.known_slot = 0  # it will lie face down in slot 1, but everybody saw it
