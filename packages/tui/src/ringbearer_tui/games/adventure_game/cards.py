"""Each Adventure Game card in full: what it does, when it may be played, and what stays the
same afterwards, in our own words (the engine's card text is the one-line summary)."""

from __future__ import annotations

import ringbearer_engine as rb
from ringbearer_engine.games.adventure_game import actions as act
from ringbearer_engine.games.adventure_game.content import CARD_TYPES

from .words import CARD_OF

COUNTS = {card.id: card.count for card in CARD_TYPES}
SUMMARIES = {card.id: card.text for card in CARD_TYPES}
NAMES = {card.id: card.name for card in CARD_TYPES}

DETAILS = {
    "move-2": (
        "Only while nothing holds you. The space you pass over must be neither a monster nor a "
        "Mountain space; you may end on one, and stop there. It never crosses a heavy line, "
        "and a town you pass over gives nothing: only stopping on a town collects it."
    ),
    "move-3": (
        "Only while nothing holds you. The two spaces you pass over must be neither monsters "
        "nor Mountain spaces; you may end on one, and stop there. It never crosses a heavy "
        "line, and a town you pass over gives nothing: only stopping on a town collects it."
    ),
    "through-mountains": (
        "Only while you stand on a Mountain space or the next space is one, whatever your "
        "Mountain die shows. Landing on a Mountain space this way needs no roll; landing on a "
        "monster stops you as usual. It is no way off a monster."
    ),
    "defeat-orcs": (
        "Only on an Orc space. The Orcs stay on the board for everybody else; no other monster "
        "is beaten by it."
    ),
    "move-nazgul": (
        "Any Nazgûl, even the one on your own space, may go to any clear terrain space without "
        "a Nazgûl, with players on it or not. Everyone on the space it leaves is free; whoever "
        "it lands on is held. If it frees you, you stay where you are until your next turn."
    ),
    "defeat-nazgul": (
        "Only while you share a space with a Nazgûl. It leaves the game for good, and everyone "
        "it held there is free."
    ),
    "move-opponent": (
        "The rival must stand on clear terrain (not a river, town, Mountain space or a space "
        "with a Nazgûl). You choose forward or back, never across a heavy line; where they "
        "land works as usual: a monster holds them, a Mountain space makes them roll, a town "
        "rewards them."
    ),
    "gollum": (
        "You choose the rival. Nobody can lose a ring they do not have, nor their last ring "
        "once they have left Lórien."
    ),
    "boromir": (
        "The ring goes back to the supply. Nobody can lose a ring they do not have, nor their "
        "last ring once they have left Lórien."
    ),
    "new-hand": "Playable whenever you may play a card; your whole hand is replaced.",
    "escape": (
        "Only while a monster holds you (a Nazgûl, the Orcs, Shelob or Gollum), and not in a "
        "turn you won by escaping. The monster stays. At Gollum you leave onto Mount Doom and "
        "win, if you still hold a ring."
    ),
}


def card_title(card: str) -> str:
    copies = COUNTS.get(card, 0)
    return f"{NAMES.get(card, card)} ({copies} in the deck)"


def card_text(card: str) -> str:
    """The card's summary, then when it may be played and what it leaves as it was."""
    return "\n".join(part for part in (SUMMARIES.get(card, ""), DETAILS.get(card, "")) if part)


def cards_of(action: rb.Action) -> list[str]:
    """The cards a choice plays or gives away ([] for a choice without a card)."""
    match action:
        case act.Swap(card=card):
            return [card]
        case act.TownSwap(cards=cards):
            return list(dict.fromkeys(cards))
        case act.PlaceNazgul():
            return ["move-nazgul"]  # the second half of the card's play
        case _:
            played = CARD_OF.get(type(action))
            return [played] if played else []
