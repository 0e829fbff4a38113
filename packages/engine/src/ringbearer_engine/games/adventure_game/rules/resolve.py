"""Carrying out an action. ``apply`` trusts that the action is legal (the Match and the bots
only ever pass actions from ``legal_actions``)."""

from __future__ import annotations

from collections.abc import Callable

from ringbearer_engine import Action, Event

from ..actions import (
    Boromir,
    Climb,
    DefeatNazgul,
    DefeatOrcs,
    Escape,
    Fight,
    Gollum,
    Move2,
    Move3,
    MoveNazgul,
    MoveOpponent,
    NewHand,
    Pass,
    PlaceNazgul,
    Ring,
    Step,
    Swap,
    ThroughMountains,
    TownSwap,
)
from ..board import FIXED_MONSTER, IDS, INDEX, KIND
from ..content import DIE_FIGHT, ESCAPE_FACES, HAND_SIZE
from ..events import (
    CardPlayed,
    CardsDiscarded,
    Fought,
    Held,
    MountainTurned,
    NazgulLifted,
    NazgulMoved,
    NazgulRemoved,
    Passed,
    RingSpent,
    RingTaken,
)
from ..state import PENDING_NONE, PENDING_PLACE_NAZGUL, AdventureState
from .deck import discard, draw
from .moves import advance, arrive
from .turns import end_turn

Handler = Callable[[AdventureState, Action, list[Event]], None]


def apply_action(state: AdventureState, action: Action) -> list[Event]:
    events: list[Event] = []
    _HANDLERS[type(action)](state, action, events)
    return events


def _play(state: AdventureState, seat: int, card: str, events: list[Event]) -> None:
    """Option B begins: the card goes face up on the discards."""
    discard(state, seat, card)
    events.append(CardPlayed(seat, card))


def _finish_card(
    state: AdventureState, seat: int, events: list[Event], bonus: bool = False
) -> None:
    """Option B ends: draw the replacement, then the turn is over (or a bonus turn follows).

    A card that wins the game (an Escape from Gollum) ends it at once: nothing is drawn.
    """
    if state.ended:
        return
    draw(state, seat, 1, events)
    end_turn(state, events, bonus=bonus)


# -- option A ----------------------------------------------------------------------------------


def _step(state: AdventureState, action: Action, events: list[Event]) -> None:
    assert isinstance(action, Step)
    arrive(state, state.current, INDEX[action.to], "step", events)
    end_turn(state, events)


# -- option B ----------------------------------------------------------------------------------


def _move_card(state: AdventureState, action: Action, events: list[Event]) -> None:
    assert isinstance(action, Move2 | Move3)
    seat = state.current
    card = "move-2" if isinstance(action, Move2) else "move-3"
    _play(state, seat, card, events)
    arrive(state, seat, INDEX[action.to], card, events)
    _finish_card(state, seat, events)


def _through_mountains(state: AdventureState, action: Action, events: list[Event]) -> None:
    assert isinstance(action, ThroughMountains)
    seat = state.current
    _play(state, seat, "through-mountains", events)
    arrive(state, seat, INDEX[action.to], "through-mountains", events, through=True)
    _finish_card(state, seat, events)


def _defeat_orcs(state: AdventureState, action: Action, events: list[Event]) -> None:
    seat = state.current
    _play(state, seat, "defeat-orcs", events)
    advance(state, seat, "advance", events)
    _finish_card(state, seat, events)


def _defeat_nazgul(state: AdventureState, action: Action, events: list[Event]) -> None:
    seat = state.current
    here = state.pawns[seat]
    _play(state, seat, "defeat-nazgul", events)
    _remove_nazgul(state, here, events)
    advance(state, seat, "advance", events)
    _finish_card(state, seat, events)


def _move_nazgul(state: AdventureState, action: Action, events: list[Event]) -> None:
    assert isinstance(action, MoveNazgul)
    seat = state.current
    _play(state, seat, "move-nazgul", events)
    state.pending = PENDING_PLACE_NAZGUL
    state.pending_seat = seat
    state.pending_space = INDEX[action.space]
    events.append(NazgulLifted(seat, action.space))


def _place_nazgul(state: AdventureState, action: Action, events: list[Event]) -> None:
    assert isinstance(action, PlaceNazgul)
    seat = state.current
    start = state.pending_space
    to = INDEX[action.to]
    state.pending = PENDING_NONE
    state.pending_seat = state.pending_space = -1
    # Lifting the Nazgûl frees everyone on its old space (AG-A19, AG-A21); landing on a
    # player's clear space attacks them (AG-A20).
    state.nazgul.remove(start)
    state.nazgul.append(to)
    state.nazgul.sort()
    events.append(NazgulMoved(IDS[start], action.to))
    for other, space in enumerate(state.pawns):
        if space == to:
            events.append(Held(other, action.to, "nazgul"))
    _finish_card(state, seat, events)


def _move_opponent(state: AdventureState, action: Action, events: list[Event]) -> None:
    assert isinstance(action, MoveOpponent)
    seat = state.current
    _play(state, seat, "move-opponent", events)
    arrive(state, action.seat, INDEX[action.to], "pushed", events)
    _finish_card(state, seat, events)


def _take_ring(state: AdventureState, action: Action, events: list[Event]) -> None:
    assert isinstance(action, Gollum | Boromir)
    seat = state.current
    kept = isinstance(action, Gollum)
    _play(state, seat, "gollum" if kept else "boromir", events)
    state.rings[action.seat] -= 1
    if kept:
        state.rings[seat] += 1
    else:
        state.supply += 1
    events.append(RingTaken(seat, action.seat, kept))
    _finish_card(state, seat, events)


def _new_hand(state: AdventureState, action: Action, events: list[Event]) -> None:
    seat = state.current
    _play(state, seat, "new-hand", events)
    hand = state.hands[seat]
    events.append(CardsDiscarded(seat, tuple(hand)))
    state.discards.extend(hand)
    hand.clear()
    draw(state, seat, HAND_SIZE, events)
    end_turn(state, events)


def _escape(state: AdventureState, action: Action, events: list[Event]) -> None:
    # AG-A12: any monster; step on and take a bonus turn. The monster stays.
    seat = state.current
    _play(state, seat, "escape", events)
    advance(state, seat, "advance", events)
    _finish_card(state, seat, events, bonus=True)


# -- options C to F ----------------------------------------------------------------------------


def _fight(state: AdventureState, action: Action, events: list[Event]) -> None:
    seat = state.current
    here = state.pawns[seat]
    monster = KIND[here] if FIXED_MONSTER[here] else "nazgul"
    face = state.chance.roll(DIE_FIGHT)
    won = face in ESCAPE_FACES
    events.append(Fought(seat, face, monster, won))
    if won:
        if monster == "nazgul":
            _remove_nazgul(state, here, events)
        advance(state, seat, "advance", events)
    end_turn(state, events)


def _climb(state: AdventureState, action: Action, events: list[Event]) -> None:
    seat = state.current
    state.mountain[seat] -= 1
    events.append(MountainTurned(seat, state.mountain[seat]))
    end_turn(state, events)


def _swap(state: AdventureState, action: Action, events: list[Event]) -> None:
    assert isinstance(action, Swap)
    seat = state.current
    discard(state, seat, action.card)
    events.append(CardsDiscarded(seat, (action.card,)))
    draw(state, seat, 1, events)
    end_turn(state, events)


def _ring(state: AdventureState, action: Action, events: list[Event]) -> None:
    seat = state.current
    state.rings[seat] -= 1
    state.supply += 1
    events.append(RingSpent(seat))
    advance(state, seat, "advance", events)
    end_turn(state, events, bonus=True)


def _town_swap(state: AdventureState, action: Action, events: list[Event]) -> None:
    assert isinstance(action, TownSwap)
    seat = state.pending_seat
    state.pending = PENDING_NONE
    state.pending_seat = state.pending_space = -1
    for card in action.cards:
        discard(state, seat, card)
    events.append(CardsDiscarded(seat, action.cards))
    if action.cards:
        draw(state, seat, len(action.cards), events)


def _pass(state: AdventureState, action: Action, events: list[Event]) -> None:
    events.append(Passed(state.current))
    end_turn(state, events)


def _remove_nazgul(state: AdventureState, space: int, events: list[Event]) -> None:
    state.nazgul.remove(space)
    events.append(NazgulRemoved(IDS[space]))


_HANDLERS: dict[type[Action], Handler] = {
    Step: _step,
    Move2: _move_card,
    Move3: _move_card,
    ThroughMountains: _through_mountains,
    DefeatOrcs: _defeat_orcs,
    MoveNazgul: _move_nazgul,
    PlaceNazgul: _place_nazgul,
    DefeatNazgul: _defeat_nazgul,
    MoveOpponent: _move_opponent,
    Gollum: _take_ring,
    Boromir: _take_ring,
    NewHand: _new_hand,
    Escape: _escape,
    Fight: _fight,
    Climb: _climb,
    Swap: _swap,
    Ring: _ring,
    TownSwap: _town_swap,
    Pass: _pass,
}
