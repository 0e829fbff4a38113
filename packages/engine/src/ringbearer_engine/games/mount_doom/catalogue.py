"""Mount Doom's action catalogue: every action the rules can offer, numbered once.

The list is small (a few hundred actions) because every field of every action takes values
from a short, fixed set: two dice of five colours, a black face and a colour, a held card and
the few things its use can aim at. Nothing needs splitting into steps. Layout, in id order:
the first rolls, the final stage's roll, the keeps, the adds, ``pass``, the answers
(``choose``), each card's uses in card order, then the Gandalf cards' spends. Bump
:data:`VERSION` whenever the order or the list changes.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import Final

from ringbearer_engine import Action
from ringbearer_engine.catalogue import ActionCatalogue

from .actions import (
    ADDS,
    CHOOSE_COLOUR,
    KEEPS,
    LEFT,
    PASS,
    RIGHT,
    ROLL_BLACK,
    ROLL_PAIRS,
    STEPS,
    Choose,
    Spend,
    Use,
)
from .content import BATTLE_DIE, CARDS, COLOURS, FARAMIR_STEPS, FIGURES, KIND, SIDE

VERSION: Final = 1

_FACES = range(1, 7)
_NO_CHOICE: tuple[str | None, ...] = (None,)
_USE_CHOICES: Final[dict[str, tuple[str | None, ...]]] = {
    "treebeard": ("resolve", "isengard"),
    # Théoden moves a companion, never the Ring-bearer (figure 0).
    "theoden": FIGURES[1:],
    "faramir": tuple(str(steps) for steps in FARAMIR_STEPS),
    # Elrond re-rolls one die of the roll, named by its label (rules.windows.die_label).
    "elrond": (*(f"black{face}" for face in _FACES), *COLOURS, BATTLE_DIE),
    # The Power turns a black die from one face to another; the Trick sets a companion die.
    "power": tuple(f"black{was}:{face}" for was in _FACES for face in _FACES if face != was),
    "trick": tuple(f"{colour}:{face}" for colour in COLOURS for face in _FACES),
    **dict.fromkeys(
        ("support", "eowyn", "eomer", "galadriel", "arwen", "boromir", "wrath", "vision"),
        _NO_CHOICE,
    ),
}
"""What each kind of card's ``use`` may name (see ``rules.windows.uses_of``); encounter
cards are never held, so they have no entry."""


def _every_action() -> Iterator[Action]:
    yield from (roll for _, _, roll in ROLL_PAIRS)
    yield ROLL_BLACK
    yield from KEEPS.values()
    yield from ADDS
    yield PASS
    yield from STEPS
    yield from (LEFT, RIGHT, *CHOOSE_COLOUR, Choose("keep"), Choose("remove"))
    # Wormtongue boxes a friend card that the players hold: the answer names it.
    yield from (Choose(card) for card in CARDS if SIDE[card] == "friend")
    for card in CARDS:
        for choice in _USE_CHOICES.get(KIND[card], ()):
            yield Use(card, choice)
    yield from (Spend(card) for card in CARDS if SIDE[card] == "gandalf")


@functools.cache
def action_catalogue() -> ActionCatalogue:
    """The catalogue, built on first use."""
    return ActionCatalogue("mount-doom", VERSION, _every_action())
