"""Carrying out an action. ``apply`` trusts that the action is legal (the Match and the bots
only ever pass actions from ``legal_actions``).

Every handler takes the list its events go to. ``Game.advance`` (simulations, look-ahead,
replays) passes :data:`DISCARDED`, and the handlers of the commonest steps then skip building
their events at all (``events is DISCARDED``); the state ends up the same either way.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable
from typing import TypeVar, cast

from ringbearer_engine import Action, Event
from ringbearer_engine.events import DISCARDED

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
from .deck import RANK, draw
from .moves import advance, arrive
from .turns import end_turn

A = TypeVar("A", bound=Action)
Handler = Callable[[AdventureState, Action, list[Event]], None]


def carry_out(state: AdventureState, action: Action, events: list[Event] = DISCARDED) -> None:
    """Carry out ``action`` with its handler, its events going to ``events`` (by default
    nowhere: simulations and replays call this once a step and read none)."""
    HANDLERS[type(action)](state, action, events)


def _play(state: AdventureState, seat: int, card: str, events: list[Event]) -> None:
    """Option B begins: the card goes face up on the discards."""
    state.hands[seat].remove(card)
    state.discards.append(card)
    if events is not DISCARDED:
        events.append(CardPlayed(seat, card))


def _finish_card(
    state: AdventureState, seat: int, events: list[Event], bonus: bool = False
) -> None:
    """Option B ends: draw the replacement, then the turn is over (or a bonus turn follows).

    A card that wins the game (an Escape from Gollum) ends it at once: nothing is drawn.
    """
    if state.ended:
        return
    pile = state.draw_pile
    if pile and events is DISCARDED:
        insort(state.hands[seat], pile.pop(), key=RANK)  # draw()'s commonest case, inline
    else:
        draw(state, seat, 1, events)
    end_turn(state, events, bonus=bonus)


# -- option A ----------------------------------------------------------------------------------


def _step(state: AdventureState, action: Step, events: list[Event]) -> None:
    arrive(state, state.current, INDEX[action.to], "step", events)
    end_turn(state, events)


# -- option B ----------------------------------------------------------------------------------


def _move_card(state: AdventureState, action: Move2 | Move3, events: list[Event]) -> None:
    seat = state.current
    card = "move-2" if type(action) is Move2 else "move-3"
    _play(state, seat, card, events)
    arrive(state, seat, INDEX[action.to], card, events)
    _finish_card(state, seat, events)


def _through_mountains(
    state: AdventureState, action: ThroughMountains, events: list[Event]
) -> None:
    seat = state.current
    _play(state, seat, "through-mountains", events)
    arrive(state, seat, INDEX[action.to], "through-mountains", events, through=True)
    _finish_card(state, seat, events)


def _defeat_orcs(state: AdventureState, action: DefeatOrcs, events: list[Event]) -> None:
    seat = state.current
    _play(state, seat, "defeat-orcs", events)
    advance(state, seat, "advance", events)
    _finish_card(state, seat, events)


def _defeat_nazgul(state: AdventureState, action: DefeatNazgul, events: list[Event]) -> None:
    seat = state.current
    here = state.pawns[seat]
    _play(state, seat, "defeat-nazgul", events)
    _remove_nazgul(state, here, events)
    advance(state, seat, "advance", events)
    _finish_card(state, seat, events)


def _move_nazgul(state: AdventureState, action: MoveNazgul, events: list[Event]) -> None:
    seat = state.current
    _play(state, seat, "move-nazgul", events)
    state.pending = PENDING_PLACE_NAZGUL
    state.pending_seat = seat
    state.pending_space = INDEX[action.space]
    if events is not DISCARDED:
        events.append(NazgulLifted(seat, action.space))


def _place_nazgul(state: AdventureState, action: PlaceNazgul, events: list[Event]) -> None:
    seat = state.current
    start = state.pending_space
    to = INDEX[action.to]
    state.pending = PENDING_NONE
    state.pending_seat = state.pending_space = -1
    # Lifting the Nazgûl frees everyone on its old space (AG-A19, AG-A21); landing on a
    # player's clear space attacks them (AG-A20).
    nazgul = state.nazgul
    nazgul.remove(start)
    nazgul.append(to)
    nazgul.sort()
    if events is not DISCARDED:
        events.append(NazgulMoved(IDS[start], action.to))
        for other, space in enumerate(state.pawns):
            if space == to:
                events.append(Held(other, action.to, "nazgul"))
    _finish_card(state, seat, events)


def _move_opponent(state: AdventureState, action: MoveOpponent, events: list[Event]) -> None:
    seat = state.current
    _play(state, seat, "move-opponent", events)
    arrive(state, action.seat, INDEX[action.to], "pushed", events)
    _finish_card(state, seat, events)


def _take_ring(state: AdventureState, action: Gollum | Boromir, events: list[Event]) -> None:
    seat = state.current
    kept = type(action) is Gollum
    _play(state, seat, "gollum" if kept else "boromir", events)
    state.rings[action.seat] -= 1
    if kept:
        state.rings[seat] += 1
    else:
        state.supply += 1
    events.append(RingTaken(seat, action.seat, kept))
    _finish_card(state, seat, events)


def _new_hand(state: AdventureState, action: NewHand, events: list[Event]) -> None:
    seat = state.current
    _play(state, seat, "new-hand", events)
    hand = state.hands[seat]
    if events is not DISCARDED:
        events.append(CardsDiscarded(seat, tuple(hand)))
    state.discards.extend(hand)
    hand.clear()
    draw(state, seat, HAND_SIZE, events)
    end_turn(state, events)


def _escape(state: AdventureState, action: Escape, events: list[Event]) -> None:
    # AG-A12: any monster; step on and take a bonus turn. The monster stays.
    seat = state.current
    _play(state, seat, "escape", events)
    advance(state, seat, "advance", events)
    _finish_card(state, seat, events, bonus=True)


# -- options C to F ----------------------------------------------------------------------------


def _fight(state: AdventureState, action: Fight, events: list[Event]) -> None:
    seat = state.current
    here = state.pawns[seat]
    monster = KIND[here] if FIXED_MONSTER[here] else "nazgul"
    face = state.chance.roll(DIE_FIGHT)
    won = face in ESCAPE_FACES
    if events is not DISCARDED:
        events.append(Fought(seat, face, monster, won))
    if won:
        if monster == "nazgul":
            _remove_nazgul(state, here, events)
        advance(state, seat, "advance", events)
    end_turn(state, events)


def _climb(state: AdventureState, action: Climb, events: list[Event]) -> None:
    seat = state.current
    state.mountain[seat] -= 1
    if events is not DISCARDED:
        events.append(MountainTurned(seat, state.mountain[seat]))
    end_turn(state, events)


def _swap(state: AdventureState, action: Swap, events: list[Event]) -> None:
    # The commonest step of random play: a card to the discards, one drawn, the turn passes.
    seat = state.current
    card = action.card
    hand = state.hands[seat]
    hand.remove(card)
    state.discards.append(card)
    pile = state.draw_pile
    if pile and events is DISCARDED:
        insort(hand, pile.pop(), key=RANK)  # draw()'s commonest case, inline
    else:
        if events is not DISCARDED:
            events.append(CardsDiscarded(seat, (card,)))
        draw(state, seat, 1, events)
    end_turn(state, events)


def _ring(state: AdventureState, action: Ring, events: list[Event]) -> None:
    seat = state.current
    state.rings[seat] -= 1
    state.supply += 1
    events.append(RingSpent(seat))
    advance(state, seat, "advance", events)
    end_turn(state, events, bonus=True)


def _town_swap(state: AdventureState, action: TownSwap, events: list[Event]) -> None:
    seat = state.pending_seat
    state.pending = PENDING_NONE
    state.pending_seat = state.pending_space = -1
    hand, discards = state.hands[seat], state.discards
    for card in action.cards:
        hand.remove(card)
        discards.append(card)
    events.append(CardsDiscarded(seat, action.cards))
    if action.cards:
        draw(state, seat, len(action.cards), events)


def _pass(state: AdventureState, action: Pass, events: list[Event]) -> None:
    events.append(Passed(state.current))
    end_turn(state, events)


def _remove_nazgul(state: AdventureState, space: int, events: list[Event]) -> None:
    state.nazgul.remove(space)
    events.append(NazgulRemoved(IDS[space]))


def _on(kind: type[A], handler: Callable[[AdventureState, A, list[Event]], None]) -> Handler:
    # Dispatch is by the action's exact type, so each handler gets the type it is listed for.
    return cast(Handler, handler)


HANDLERS: dict[type[Action], Handler] = {
    Step: _on(Step, _step),
    Move2: _on(Move2, _move_card),
    Move3: _on(Move3, _move_card),
    ThroughMountains: _on(ThroughMountains, _through_mountains),
    DefeatOrcs: _on(DefeatOrcs, _defeat_orcs),
    MoveNazgul: _on(MoveNazgul, _move_nazgul),
    PlaceNazgul: _on(PlaceNazgul, _place_nazgul),
    DefeatNazgul: _on(DefeatNazgul, _defeat_nazgul),
    MoveOpponent: _on(MoveOpponent, _move_opponent),
    Gollum: _on(Gollum, _take_ring),
    Boromir: _on(Boromir, _take_ring),
    NewHand: _on(NewHand, _new_hand),
    Escape: _on(Escape, _escape),
    Fight: _on(Fight, _fight),
    Climb: _on(Climb, _climb),
    Swap: _on(Swap, _swap),
    Ring: _on(Ring, _ring),
    TownSwap: _on(TownSwap, _town_swap),
    Pass: _on(Pass, _pass),
}
"""The handler of each action type (action classes are never subclassed)."""
