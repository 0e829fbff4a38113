"""Passing the turn, bonus turns, and the end of the game when nobody can win."""

from __future__ import annotations

from ringbearer_engine import Event

from ..board import TOWNS_AHEAD
from ..events import BonusTurn, NoWinner
from ..state import AdventureState


def end_turn(state: AdventureState, events: list[Event], *, bonus: bool = False) -> None:
    """Finish the current turn: the same seat again for a bonus turn (AG-A16), else the next
    seat clockwise. A pending town swap, if any, is still decided before the next turn."""
    if state.ended:
        return
    if bonus:
        state.bonus = True
        events.append(BonusTurn(state.current))
    else:
        if state.bonus:  # storing into a state costs several times reading it
            state.bonus = False
        state.current = (state.current + 1) % len(state.pawns)
    state.turns += 1
    if not any(state.rings) and nobody_can_gain_rings(state):
        state.ended = "no-rings-left"
        events.append(NoWinner())


def nobody_can_gain_rings(state: AdventureState) -> bool:
    """No pawn has a town ahead that it has not collected yet (AG-A15).

    Rings enter play only at towns, so with none held and none to collect, no one can leave
    Gollum. Being pushed back onto a passed town by Move Opponent is not counted: it would
    take a rival's help, and the rule must end such games for certain.
    """
    for seat, space in enumerate(state.pawns):
        collected = state.towns[seat]
        for town in TOWNS_AHEAD[space]:
            if town not in collected:
                return False
    return True
