"""What happens in the Adventure Game, as events that read as sentences.

Events are shown to every seat, so none of them names a card drawn from the pile: only the
number drawn. Cards played or discarded are face up, and events name them.
"""

from __future__ import annotations

from ringbearer_engine import Event

from .board import INDEX, NAMES
from .content import CARD_TYPES

CARD_NAMES = {card.id: card.name for card in CARD_TYPES}
MONSTER_NAMES = {"orcs": "the Orcs", "shelob": "Shelob", "gollum": "Gollum", "nazgul": "a Nazgûl"}


def _who(seat: int) -> str:
    return f"Seat {seat + 1}"


def _at(space: str) -> str:
    return NAMES[INDEX[space]] if space in INDEX else space


class Moved(Event, frozen=True, tag="moved"):
    """A pawn moved; ``how`` is ``step``, a card id, ``advance`` (off a monster) or ``pushed``."""

    seat: int
    start: str
    end: str
    how: str

    def __str__(self) -> str:
        verb = "is pushed" if self.how == "pushed" else "moves"
        return f"{_who(self.seat)} {verb} from {_at(self.start)} to {_at(self.end)}."


class Held(Event, frozen=True, tag="held"):
    seat: int
    space: str
    monster: str

    def __str__(self) -> str:
        monster = MONSTER_NAMES.get(self.monster, self.monster)
        return f"{_who(self.seat)} is held by {monster} at {_at(self.space)}."


class CardPlayed(Event, frozen=True, tag="card-played"):
    seat: int
    card: str

    def __str__(self) -> str:
        return f"{_who(self.seat)} plays {CARD_NAMES.get(self.card, self.card)}."


class CardsDiscarded(Event, frozen=True, tag="cards-discarded"):
    seat: int
    cards: tuple[str, ...]

    def __str__(self) -> str:
        if not self.cards:
            return f"{_who(self.seat)} keeps every card."
        names = ", ".join(CARD_NAMES.get(card, card) for card in self.cards)
        return f"{_who(self.seat)} discards {names}."


class CardsDrawn(Event, frozen=True, tag="cards-drawn"):
    seat: int
    count: int

    def __str__(self) -> str:
        return f"{_who(self.seat)} draws {self.count} card{'s' if self.count != 1 else ''}."


class Reshuffled(Event, frozen=True, tag="reshuffled"):
    count: int

    def __str__(self) -> str:
        return f"The {self.count} discards are shuffled into a new draw pile."


class Fought(Event, frozen=True, tag="fought"):
    seat: int
    face: int
    monster: str
    won: bool

    def __str__(self) -> str:
        monster = MONSTER_NAMES.get(self.monster, self.monster)
        result = f"beats {monster}" if self.won else f"fails against {monster}"
        return f"{_who(self.seat)} rolls a {self.face} and {result}."


class MountainRolled(Event, frozen=True, tag="mountain-rolled"):
    seat: int
    face: int

    def __str__(self) -> str:
        return f"{_who(self.seat)}'s Mountain die shows {self.face}."


class MountainTurned(Event, frozen=True, tag="mountain-turned"):
    seat: int
    face: int

    def __str__(self) -> str:
        return f"{_who(self.seat)} turns the Mountain die down to {self.face}."


class NazgulLifted(Event, frozen=True, tag="nazgul-lifted"):
    seat: int
    space: str

    def __str__(self) -> str:
        return f"{_who(self.seat)} lifts the Nazgûl at {_at(self.space)}."


class NazgulMoved(Event, frozen=True, tag="nazgul-moved"):
    start: str
    end: str

    def __str__(self) -> str:
        return f"The Nazgûl flies from {_at(self.start)} to {_at(self.end)}."


class NazgulRemoved(Event, frozen=True, tag="nazgul-removed"):
    space: str

    def __str__(self) -> str:
        return f"The Nazgûl at {_at(self.space)} is driven off the board."


class RingsGained(Event, frozen=True, tag="rings-gained"):
    seat: int
    count: int
    town: str

    def __str__(self) -> str:
        plural = "s" if self.count != 1 else ""
        return f"{_who(self.seat)} takes {self.count} ring{plural} at {_at(self.town)}."


class RingsReturned(Event, frozen=True, tag="rings-returned"):
    seat: int
    count: int
    town: str

    def __str__(self) -> str:
        plural = "s" if self.count != 1 else ""
        return f"{_who(self.seat)} gives back {self.count} extra ring{plural} at {_at(self.town)}."


class RingSpent(Event, frozen=True, tag="ring-spent"):
    seat: int

    def __str__(self) -> str:
        return f"{_who(self.seat)} gives back a ring to escape."


class RingTaken(Event, frozen=True, tag="ring-taken"):
    seat: int
    victim: int
    kept: bool

    def __str__(self) -> str:
        where = "keeps it" if self.kept else "returns it to the pile"
        return f"{_who(self.seat)} takes a ring from {_who(self.victim)} and {where}."


class BonusTurn(Event, frozen=True, tag="bonus-turn"):
    seat: int

    def __str__(self) -> str:
        return f"{_who(self.seat)} takes another turn."


class Passed(Event, frozen=True, tag="passed"):
    seat: int

    def __str__(self) -> str:
        return f"{_who(self.seat)} can do nothing and passes."


class RingDestroyed(Event, frozen=True, tag="ring-destroyed"):
    seat: int

    def __str__(self) -> str:
        return f"{_who(self.seat)} reaches Mount Doom and throws the Ring into the fire!"


class NoWinner(Event, frozen=True, tag="no-winner"):
    def __str__(self) -> str:
        return "No ring is left in anyone's hands and no town can give one: nobody can win."
