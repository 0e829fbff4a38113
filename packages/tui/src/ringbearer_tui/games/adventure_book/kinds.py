"""The kinds of the Book's choices, by which a long list of them is folded."""

from __future__ import annotations

import ringbearer_engine as rb
from ringbearer_engine.games.adventure_book import actions as act
from ringbearer_engine.games.adventure_book.chapters import page

from .words import named, state_of, thing_name


def kinds(match: rb.Match, action: rb.Action) -> tuple[str, ...]:
    """A choice's kinds, broad to narrow: ("Move a piece", "Move Frodo"); () for a choice
    that stands alone whatever comes with it (ending the turn, the One Ring)."""
    match action:
        case act.Move(piece=piece):
            chapter = page(state_of(match).chapter)
            return ("Move a piece", f"Move {thing_name(chapter, piece)}")
        case act.Swap(give=give):
            return ("Swap with the solo hand", f"Swap {named(give)}")
        case act.Discard():
            return ("Discard for a step",)
        case act.Complete(challenge=challenge):
            chapter = page(state_of(match).chapter)
            found = chapter.challenges.get(challenge)
            return ("Complete a Challenge", f"Complete {found.name if found else challenge}")
        case act.Enter(to=to):
            chapter = page(state_of(match).chapter)
            return ("Pay to enter a space", f"Enter {thing_name(chapter, to)}")
        case act.Trade(seat=seat):
            players = state_of(match).players
            who = players[seat - 1] if 0 < seat <= len(players) else f"player {seat}"
            return ("Trade a card", f"Trade with {who}")
        case act.Play():
            return ("Play a Special card",)
        case act.Deed(deed=deed):
            chapter = page(state_of(match).chapter)
            named_deed = chapter.deeds.get(deed)
            return (named_deed.name if named_deed else deed,)
    return ()
