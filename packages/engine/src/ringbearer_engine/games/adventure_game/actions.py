"""The actions of the Adventure Game and their notation.

Playing a card is an action whose tag is the card's id (``move-3 bree``, ``gollum 2``); the
other turn options are ``step``, ``fight``, ``climb``, ``swap`` and ``ring``. Seats are
numbered from 0, as everywhere in the engine. Spaces are written by id (``weathertop``).

Actions are immutable, so the rules hand out shared instances from the tables at the end
instead of building new ones on every call.
"""

from __future__ import annotations

from ringbearer_engine import Action

from .board import IDS
from .content import CARD_TYPES

# -- option A ----------------------------------------------------------------------------------


class Step(Action, frozen=True, tag="step"):
    """Option A: move one space forward, to ``to``."""

    to: str


# -- option B: one action type per card ------------------------------------------------------


class Move2(Action, frozen=True, tag="move-2"):
    to: str


class Move3(Action, frozen=True, tag="move-3"):
    to: str


class ThroughMountains(Action, frozen=True, tag="through-mountains"):
    to: str


class DefeatOrcs(Action, frozen=True, tag="defeat-orcs"):
    pass


class MoveNazgul(Action, frozen=True, tag="move-nazgul"):
    """Play Move a Nazgûl and lift the Nazgûl on ``space``; ``place-nazgul`` then sets it down."""

    space: str


class PlaceNazgul(Action, frozen=True, tag="place-nazgul"):
    to: str


class DefeatNazgul(Action, frozen=True, tag="defeat-nazgul"):
    pass


class MoveOpponent(Action, frozen=True, tag="move-opponent"):
    seat: int
    to: str


class Gollum(Action, frozen=True, tag="gollum"):
    seat: int


class Boromir(Action, frozen=True, tag="boromir"):
    seat: int


class NewHand(Action, frozen=True, tag="new-hand"):
    pass


class Escape(Action, frozen=True, tag="escape"):
    pass


# -- options C to F, the town swap, and passing ------------------------------------------------


class Fight(Action, frozen=True, tag="fight"):
    """Option C: roll the regular die against the monster on your space."""


class Climb(Action, frozen=True, tag="climb"):
    """Option D: turn your Mountain die down by one."""


class Swap(Action, frozen=True, tag="swap"):
    """Option E: discard ``card`` and draw one."""

    card: str


class Ring(Action, frozen=True, tag="ring"):
    """Option F: give a ring back to escape the monster on your space."""


class TownSwap(Action, frozen=True, tag="town-swap"):
    """At a town reached for the first time: discard ``cards`` (maybe none), draw as many."""

    cards: tuple[str, ...]


class Pass(Action, frozen=True, tag="pass"):
    """Only when nothing else is legal (AG-A10)."""


ACTION_TYPES: tuple[type[Action], ...] = (
    Step,
    Move2,
    Move3,
    ThroughMountains,
    DefeatOrcs,
    MoveNazgul,
    PlaceNazgul,
    DefeatNazgul,
    MoveOpponent,
    Gollum,
    Boromir,
    NewHand,
    Escape,
    Fight,
    Climb,
    Swap,
    Ring,
    TownSwap,
    Pass,
)

CARD_ACTIONS: dict[str, type[Action]] = {
    "move-2": Move2,
    "move-3": Move3,
    "through-mountains": ThroughMountains,
    "defeat-orcs": DefeatOrcs,
    "move-nazgul": MoveNazgul,
    "defeat-nazgul": DefeatNazgul,
    "move-opponent": MoveOpponent,
    "gollum": Gollum,
    "boromir": Boromir,
    "new-hand": NewHand,
    "escape": Escape,
}
"""The action that plays each card (its tag is the card's id)."""

# -- shared instances --------------------------------------------------------------------------

MAX_SEATS = 4

STEP = tuple(Step(space) for space in IDS)
MOVE = {2: tuple(Move2(space) for space in IDS), 3: tuple(Move3(space) for space in IDS)}
THROUGH = tuple(ThroughMountains(space) for space in IDS)
LIFT = tuple(MoveNazgul(space) for space in IDS)
PLACE = tuple(PlaceNazgul(space) for space in IDS)
PUSH = tuple(tuple(MoveOpponent(seat, space) for space in IDS) for seat in range(MAX_SEATS))
GOLLUM = tuple(Gollum(seat) for seat in range(MAX_SEATS))
BOROMIR = tuple(Boromir(seat) for seat in range(MAX_SEATS))
SWAP = {card.id: Swap(card.id) for card in CARD_TYPES}
DEFEAT_ORCS = DefeatOrcs()
DEFEAT_NAZGUL = DefeatNazgul()
NEW_HAND = NewHand()
ESCAPE = Escape()
FIGHT = Fight()
CLIMB = Climb()
RING = Ring()
PASS = Pass()
