"""A game's ``max_chance_outcomes()`` bounds every draw (issue 45): research tools size their
chance nodes by it (OpenSpiel's ``max_chance_outcomes``)."""

from __future__ import annotations

import random

import pytest

from ringbearer_engine import ExplicitChance, Match, get_game

CASES = [
    ("mount-doom", 4, None),
    ("adventure-game", 2, None),
    ("adventure-game", 4, None),
    *[("adventure-book", 2, {"chapter": chapter}) for chapter in (1, 3, 5, 8)],
]


@pytest.mark.parametrize(("game_id", "players", "options"), CASES)
def test_no_draw_of_random_play_has_more_outcomes_than_the_bound(
    game_id: str, players: int, options: dict[str, int] | None
) -> None:
    bound = get_game(game_id).max_chance_outcomes()
    assert bound is not None
    widest = 0
    for seed in range(3):
        match = Match.new(game_id, [f"P{n}" for n in range(players)], seed=seed, options=options)
        table, pick = ExplicitChance(match), random.Random(seed)
        while match.outcome is None:
            table.play(pick.choice(match.actions()))
            while table.at_chance:
                outcomes = table.chance_outcomes()
                widest = max(widest, len(outcomes))
                table.play_chance(pick.randrange(len(outcomes)))
    assert 1 < widest <= bound


def test_the_adventure_game_counts_the_copies_in_its_deck() -> None:
    # Its deck holds several copies of most cards: the first shuffle has a draw of each copy.
    assert get_game("adventure-game").max_chance_outcomes() == 54


def test_by_default_the_bound_is_the_largest_die_or_deck_a_game_declares() -> None:
    from testgames.pig import PIG

    faces = PIG.chance_faces()
    assert faces is not None
    assert PIG.max_chance_outcomes() == max(len(shown) for shown in faces.values()) == 6
