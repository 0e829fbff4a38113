"""The Adventure Game in words: actions as choices, events as sentences with the players' names.

The engine's own event sentences say "Seat 2"; the app retells them with the seats' names.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import ringbearer_engine as rb
from ringbearer_engine.games.adventure_game import actions as act
from ringbearer_engine.games.adventure_game.board import INDEX, KIND, NAMES
from ringbearer_engine.games.adventure_game.content import CARD_TYPES
from ringbearer_engine.games.adventure_game.view import AdventureView, SeatView

CARD_NAMES = {card.id: card.name for card in CARD_TYPES}
CARD_TEXTS = {card.id: card.text for card in CARD_TYPES}
MONSTERS = {"orcs": "Orcs", "shelob": "Shelob", "gollum": "Gollum"}
CAPTORS = {"orcs": "the Orcs", "shelob": "Shelob", "gollum": "Gollum"}
"""The monsters as a sentence names them: Shelob and Gollum are names and take no article."""
CARD_OF = {kind: card for card, kind in act.CARD_ACTIONS.items()}
_SEAT = re.compile(r"Seat (\d+)")


def place(space: str) -> str:
    return NAMES[INDEX[space]] if space in INDEX else space


def card_name(card: str) -> str:
    return CARD_NAMES.get(card, card)


def view_of(match: rb.Match) -> AdventureView:
    """The public view: choices and sentences never need anything hidden."""
    view = match.view(None)
    assert isinstance(view, AdventureView)
    return view


def captor(space: str, nazgul: Iterable[str]) -> str:
    """What holds a pawn on ``space``, as a sentence names it: "the Orcs", "Shelob", "the
    Nazgûl" (where ``nazgul`` are the spaces a Nazgûl stands on)."""
    if space in nazgul:
        return "the Nazgûl"
    return CAPTORS.get(KIND[INDEX[space]], "the monster")


def holder(view: AdventureView, seat: SeatView) -> str:
    """What holds a pawn ("Orcs", "Nazgûl", "mountain die 3"), or "" if nothing does."""
    if not seat.held:
        return ""
    if seat.space in view.nazgul:
        return "Nazgûl"
    kind = KIND[INDEX[seat.space]]
    if kind == "mountain":
        return f"mountain die {seat.mountain}"
    return MONSTERS.get(kind, "a monster")


def describe(match: rb.Match, action: rb.Action) -> str:
    """A choice in words: "Step to Farmer Maggot's", "Play Move 2: Bree → Weathertop"."""
    view = view_of(match)
    mover = view.current if view.pending_seat is None else view.pending_seat
    here = place(view.seats[mover].space)

    def name(seat: int) -> str:
        return view.seats[seat].name

    match action:
        case act.Step(to=to):
            return f"Step to {place(to)}"
        case act.Move2(to=to) | act.Move3(to=to) | act.ThroughMountains(to=to):
            card = "Through Mountains" if isinstance(action, act.ThroughMountains) else None
            return f"Play {card or card_name(CARD_OF[type(action)])}: {here} → {place(to)}"
        case act.DefeatOrcs():
            return "Play Defeat Orcs and step on"
        case act.DefeatNazgul():
            return "Play Defeat Nazgûl and step on"
        case act.Escape():
            return "Play Escape: slip past and play again"
        case act.NewHand():
            return "Play Draw a New Hand"
        case act.MoveNazgul(space=space):
            return f"Play Move a Nazgûl: {place(space)}"
        case act.PlaceNazgul(to=to):
            return f"Set the Nazgûl down at {place(to)}"
        case act.MoveOpponent(seat=seat, to=to):
            return f"Play Move Opponent: push {name(seat)} to {place(to)}"
        case act.Gollum(seat=seat):
            return f"Play Gollum: take a ring from {name(seat)}"
        case act.Boromir(seat=seat):
            return f"Play Boromir: {name(seat)} gives a ring back"
        case act.Fight():
            return f"Roll to leave {captor(view.seats[mover].space, view.nazgul)} (5 or 6)"
        case act.Climb():
            return f"Turn the Mountain die down (shows {view.seats[mover].mountain})"
        case act.Swap(card=card):
            return f"Swap {card_name(card)} for a new card"
        case act.Ring():
            return "Give back a ring to escape"
        case act.TownSwap(cards=cards):
            town = place(view.pending_space or "")
            if not cards:
                return f"Keep every card at {town}"
            return f"Swap {_and(card_name(card) for card in cards)} at {town}"
        case act.Pass():
            return "Pass (nothing else is possible)"
    return str(action)


def _and(names: Iterable[str]) -> str:
    items = list(names)
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def tell(players: list[str], event: rb.Event) -> str:
    """The engine's sentence for an event, with each "Seat N" replaced by that seat's name."""

    def named(found: re.Match[str]) -> str:
        seat = int(found.group(1)) - 1
        return players[seat] if 0 <= seat < len(players) else found.group(0)

    return _SEAT.sub(named, str(event))
