"""The actions of Adventure to Mount Doom and their notation.

=========================  ====================================================================
``roll blue,red``          roll both black dice and these two companion dice (turn start)
``roll black``             final stage: roll the one black die
``keep 5 blue``            put the black 5 and the blue die on the tray
``add green``              the third companion die of the second roll
``use elrond black5``      use a friend or Gandalf card (``-`` when it needs no choice)
``spend power``            give up a Gandalf card when the battle die shows Gandalf
``choose left``            answer a pending question (steps, direction, die, card...)
``pass``                   go on without using a card
=========================  ====================================================================

Frequent actions are built once here and shared: frozen structs are immutable, and the random
bot plays thousands of games a second.
"""

from __future__ import annotations

from itertools import combinations
from typing import Final

from ringbearer_engine import Action

from .content import COLOURS


class Roll(Action, frozen=True, tag="roll"):
    dice: tuple[str, ...]


class Keep(Action, frozen=True, tag="keep"):
    black: int
    die: str


class Add(Action, frozen=True, tag="add"):
    die: str


class Use(Action, frozen=True, tag="use"):
    card: str
    choice: str | None = None


class Spend(Action, frozen=True, tag="spend"):
    card: str


class Choose(Action, frozen=True, tag="choose"):
    option: str


class Pass(Action, frozen=True, tag="pass"):
    pass


ACTION_TYPES: Final = (Roll, Keep, Add, Use, Spend, Choose, Pass)

PASS: Final = Pass()
ROLL_PAIRS: Final = tuple(
    (a, b, Roll((COLOURS[a], COLOURS[b]))) for a, b in combinations(range(len(COLOURS)), 2)
)
"""Every first roll: (figure a, figure b, action)."""
ROLL_BLACK: Final = Roll(("black",))
KEEPS: Final = {
    (black, figure): Keep(black, COLOURS[figure]) for black in range(1, 7) for figure in range(5)
}
ADDS: Final = tuple(Add(colour) for colour in COLOURS)
STEPS: Final = (Choose("0"), Choose("1"), Choose("2"))
LEFT: Final = Choose("left")
RIGHT: Final = Choose("right")
CHOOSE_COLOUR: Final = tuple(Choose(colour) for colour in COLOURS)
