"""The kinds of the Adventure Game's choices, by which a long list of them is folded.

Held by a Nazgûl with Move a Nazgûl in hand, a player has a choice for every space the
Nazgûl could go to (ten or more); in a town, one for every set of cards to swap.
"""

from __future__ import annotations

import ringbearer_engine as rb
from ringbearer_engine.games.adventure_game import actions as act

from .words import CARD_OF, card_name, place, view_of


def kinds(match: rb.Match, action: rb.Action) -> tuple[str, ...]:
    """A choice's kinds, broad to narrow: ("Play Move Opponent", "Push Bo"); () for a choice
    that stands alone (a step, a roll, keeping every card in town)."""
    match action:
        case act.MoveNazgul():
            return ("Play Move a Nazgûl",)
        case act.PlaceNazgul():
            return ("Set the Nazgûl down",)
        case act.Move2() | act.Move3():
            return (f"Play {card_name(CARD_OF[type(action)])}",)
        case act.ThroughMountains():
            return ("Play Through Mountains",)
        case act.MoveOpponent(seat=seat):
            view = view_of(match)
            who = view.seats[seat].name if 0 <= seat < len(view.seats) else f"seat {seat + 1}"
            return ("Play Move Opponent", f"Push {who}")
        case act.Swap():
            return ("Swap a card for a new one",)
        case act.TownSwap(cards=cards) if cards:
            town = place(view_of(match).pending_space or "")
            count = f"{len(cards)} card{'s' if len(cards) != 1 else ''}"
            return (f"Swap cards at {town}", f"Swap {count}")
    return ()
