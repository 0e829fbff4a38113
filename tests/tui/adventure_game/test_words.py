"""The Adventure Game's choices in words a sentence can hold."""

from __future__ import annotations

import pytest

from ringbearer_engine.games.adventure_game.board import INDEX, KIND
from ringbearer_tui.games.adventure_game.words import captor


def space_of(kind: str) -> str:
    return next(space for space, index in INDEX.items() if KIND[index] == kind)


@pytest.mark.parametrize(
    ("kind", "words"), [("shelob", "Shelob"), ("gollum", "Gollum"), ("orcs", "the Orcs")]
)
def test_the_monster_to_leave_is_named_as_a_sentence_names_it(kind: str, words: str) -> None:
    assert captor(space_of(kind), nazgul=[]) == words


def test_a_nazgul_on_the_space_is_what_holds_the_pawn() -> None:
    space = space_of("shelob")
    assert captor(space, nazgul=[space]) == "the Nazgûl"
