"""Sentences: what is being decided now, and why a refused action is not allowed."""

from __future__ import annotations

from ringbearer_engine import Action

from ..actions import (
    CARD_ACTIONS,
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
    Pass,
    PlaceNazgul,
    Ring,
    Step,
    Swap,
    ThroughMountains,
    TownSwap,
)
from ..board import (
    BACKWARD,
    BARRIER_PAIRS,
    CLEAR,
    FIXED_MONSTER,
    FORWARD,
    GOLLUM_SPACES,
    IDS,
    INDEX,
    KIND,
    MOUNTAIN,
    NAMES,
    ORCS,
    WALKS,
)
from ..content import CARD_RANK
from ..events import CARD_NAMES, MONSTER_NAMES
from ..state import PENDING_PLACE_NAZGUL, PENDING_TOWN_SWAP, AdventureState
from .legal import ring_can_be_taken

_CARD_OF = {kind: card for card, kind in CARD_ACTIONS.items()}


def monster_at(state: AdventureState, space: int) -> str | None:
    """The monster holding pawns on ``space``, as a name; ``None`` if there is none."""
    if FIXED_MONSTER[space]:
        return MONSTER_NAMES[KIND[space]]
    if space in state.nazgul:
        return MONSTER_NAMES["nazgul"]
    return None


def prompt(state: AdventureState) -> str:
    if state.ended:
        return "The match is over."
    if state.pending == PENDING_PLACE_NAZGUL:
        name = state.players[state.pending_seat]
        return f"{name}: choose an empty clear space for the Nazgûl lifted from " + (
            f"{NAMES[state.pending_space]}."
        )
    if state.pending == PENDING_TOWN_SWAP:
        name = state.players[state.pending_seat]
        return (
            f"{name} has reached {NAMES[state.pending_space]}: discard any cards to draw as "
            "many, or keep the hand."
        )
    seat = state.current
    name = state.players[seat]
    here = state.pawns[seat]
    bonus = " (bonus turn)" if state.bonus else ""
    monster = monster_at(state, here)
    if monster is not None:
        return (
            f"{name} is held by {monster} at {NAMES[here]}{bonus}: fight, play a card or "
            "spend a ring."
        )
    if MOUNTAIN[here] and state.mountain[seat] > 0:
        return (
            f"{name} is climbing {NAMES[here]} (Mountain die {state.mountain[seat]}){bonus}: "
            "turn the die down, play a card or swap one."
        )
    return f"{name} to play{bonus}: step on, play a card or swap one."


def why_illegal(state: AdventureState, action: Action) -> str | None:
    """A sentence saying why ``action`` is refused now; ``None`` when no specific reason fits."""
    if state.pending == PENDING_PLACE_NAZGUL:
        if not isinstance(action, PlaceNazgul):
            return "first choose where the lifted Nazgûl lands"
        return _landing_problem(state, action.to)
    if state.pending == PENDING_TOWN_SWAP:
        if not isinstance(action, TownSwap):
            return f"first decide which cards to swap at {NAMES[state.pending_space]}"
        hand = list(state.hands[state.pending_seat])
        for card in action.cards:
            if card not in hand:
                return f"you cannot discard {CARD_NAMES.get(card, card)}: it is not in your hand"
            hand.remove(card)
        ordered = sorted(action.cards, key=CARD_RANK.__getitem__)
        return f"name the cards in the order of your hand: {','.join(ordered)}"
    if isinstance(action, PlaceNazgul):
        return "no Nazgûl has been lifted; play Move a Nazgûl first"
    if isinstance(action, TownSwap):
        return "cards are swapped only on first reaching a town"
    seat = state.current
    here = state.pawns[seat]
    monster = monster_at(state, here)
    climbing = MOUNTAIN[here] and state.mountain[seat] > 0
    played = _CARD_OF.get(type(action))
    if played is not None and played not in state.hands[seat]:
        return f"you hold no {CARD_NAMES[played]} card"
    if isinstance(action, Step | Move2 | Move3):
        if monster is not None:
            return (
                f"{monster} holds you at {NAMES[here]}: fight, play a card or spend a ring "
                "to get away"
            )
        if climbing:
            return (
                f"your Mountain die shows {state.mountain[seat]}: turn it down or play Through "
                "Mountains first"
            )
        if isinstance(action, Step):
            return _not_ahead(here, action.to)
        steps = 2 if isinstance(action, Move2) else 3
        return _blocked_walk(state, here, steps, action.to)
    if isinstance(action, ThroughMountains):
        if monster is not None:
            return f"Through Mountains does not get you away from {monster}"
        ahead = INDEX.get(action.to)
        if ahead is None or ahead not in FORWARD[here]:
            return _not_ahead(here, action.to)
        if not MOUNTAIN[here] and not MOUNTAIN[ahead]:
            return "Through Mountains only works on a Mountain space or onto one"
        return None
    if isinstance(action, DefeatOrcs):
        return None if here in ORCS else "Defeat Orcs needs you on an Orc space"
    if isinstance(action, DefeatNazgul):
        return None if here in state.nazgul else "there is no Nazgûl on your space to defeat"
    if isinstance(action, MoveNazgul):
        space = INDEX.get(action.space)
        if space is None or space not in state.nazgul:
            return f"there is no Nazgûl at {_name(action.space)}"
        return None
    if isinstance(action, MoveOpponent):
        return _push_problem(state, seat, action)
    if isinstance(action, Gollum | Boromir):
        return _ring_target_problem(state, seat, action.seat)
    if isinstance(action, Escape | Ring | Fight):
        if monster is None:
            return "there is no monster on your space to get away from"
        if not isinstance(action, Fight) and state.bonus:
            return "in a bonus turn you cannot escape with a card or a ring"
        rings = state.rings[seat]
        if here in GOLLUM_SPACES:
            needed = 2 if isinstance(action, Ring) else 1
            if rings < needed:
                return "you may leave Gollum only while still holding a ring afterwards"
        elif isinstance(action, Ring) and rings < 1:
            return "you have no ring to give back"
        return None
    if isinstance(action, Climb):
        if not MOUNTAIN[here]:
            return "you are not on a Mountain space"
        return None if state.mountain[seat] > 0 else "your Mountain die already shows 0"
    if isinstance(action, Swap):
        if action.card not in state.hands[seat]:
            return f"you hold no {CARD_NAMES.get(action.card, action.card)} card"
        if monster is not None:
            return f"{monster} holds you: fight, play a card or spend a ring instead"
        return None
    if isinstance(action, Pass):
        return "you can still do something, so you may not pass"
    return None


def _name(space_id: str) -> str:
    space = INDEX.get(space_id)
    return NAMES[space] if space is not None else repr(space_id)


def _not_ahead(here: int, to: str) -> str:
    colour = BARRIER_PAIRS.get(frozenset((IDS[here], to)))
    if colour is not None:
        return f"a heavy {colour} line separates {NAMES[here]} from {_name(to)}"
    return f"{_name(to)} is not one space ahead of {NAMES[here]}"


def _blocked_walk(state: AdventureState, here: int, steps: int, to: str) -> str | None:
    target = INDEX.get(to)
    if target is not None:
        for end, passed in WALKS[steps][here]:
            if end == target:
                for space in passed:
                    if space in state.nazgul:
                        return f"a Nazgûl at {NAMES[space]} blocks the way"
                return None
    return (
        f"there is no open way of exactly {steps} spaces from {NAMES[here]} to {_name(to)}: "
        "a monster or Mountain space on the way stops a Move card"
    )


def _push_problem(state: AdventureState, seat: int, action: MoveOpponent) -> str | None:
    target = action.seat
    if target == seat:
        return "Move Opponent moves a rival, not yourself"
    if not 0 <= target < len(state.pawns):
        return f"there is no seat {target}"
    space = state.pawns[target]
    who = state.players[target]
    if not CLEAR[space]:
        return f"{who} is on {NAMES[space]}, which is not clear terrain"
    if space in state.nazgul:
        return f"a Nazgûl stands on {who}'s space, so it is not clear terrain"
    to = INDEX.get(action.to)
    if to is None or (to not in FORWARD[space] and to not in BACKWARD[space]):
        return f"{_name(action.to)} is not one space forward or back from {NAMES[space]}"
    return None


def _ring_target_problem(state: AdventureState, seat: int, target: int) -> str | None:
    if target == seat:
        return "you can only take a ring from a rival"
    if not 0 <= target < len(state.pawns):
        return f"there is no seat {target}"
    who = state.players[target]
    rings = state.rings[target]
    if rings == 0:
        return f"{who} has no ring"
    if not ring_can_be_taken(rings, state.pawns[target]):
        return f"{who} has left Lórien, so their last ring cannot be taken"
    return None


def _landing_problem(state: AdventureState, to: str) -> str | None:
    space = INDEX.get(to)
    if space is None:
        return f"there is no space {to!r}"
    if not CLEAR[space]:
        return f"{NAMES[space]} is not clear terrain"
    if space in state.nazgul:
        return f"{NAMES[space]} already has a Nazgûl; only one may stand on a space"
    return None
