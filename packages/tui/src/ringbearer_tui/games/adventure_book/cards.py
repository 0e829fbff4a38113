"""Reading the Book's cards where they are chosen: what a Special card in a choice does, and
every card the deciding person may see."""

from __future__ import annotations

import ringbearer_engine as rb
from ringbearer_engine.games.adventure_book import actions as act
from ringbearer_engine.games.adventure_book.view import AdventureBookView

from .rules_data import SPECIALS
from .words import named, token

RING_NOTE = (
    "A joker: it stands in for any other Story card. It can also call up the chapter's One "
    "Ring ability. Whatever it is used for, even a discard, the Corruption marker moves one "
    "space forward."
)


def _specials_in(action: rb.Action | None) -> list[str]:
    match action:
        case act.Play(card=card) | act.Trade(card=card) | act.Answer(card=card):
            cards: tuple[str, ...] = (card,)
        case act.Complete(pay=pay) | act.Enter(pay=pay) | act.Deed(pay=pay):
            cards = pay
        case act.Swap(give=give, take=take):
            cards = (give, take)
        case _:
            cards = ()
    return [c for c in cards if c in SPECIALS]


def gist(action: rb.Action) -> str:
    """What the Special card a choice plays or pays with does ("" for other choices)."""
    return " ".join(SPECIALS[card].text for card in _specials_in(action))


def card_notes(
    match: rb.Match, viewer: int | None, action: rb.Action | None
) -> list[tuple[str, str]]:
    """The highlighted choice's Special cards, then every card the viewer may see: their hand
    and the solo game's face-up hand."""
    view = match.view(viewer)
    assert isinstance(view, AdventureBookView)
    shown: list[str] = []
    for card in _specials_in(action):
        shown.append(card)
    for card in [*(view.hand or []), *view.solo_hand]:
        tok = token(card)
        if tok not in shown:
            shown.append(tok)
    notes: list[tuple[str, str]] = []
    for tok in shown:
        if tok in SPECIALS:
            notes.append((f"{named(tok)} (Special card)", SPECIALS[tok].text))
        elif tok == "ring":
            notes.append((named(tok), RING_NOTE))
        else:
            notes.append((named(tok), f"A Story card with the {named(tok)} symbol."))
    return notes
