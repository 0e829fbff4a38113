"""A game's quick observation encoding gives exactly the reference's floats (issue 45).

``Observer.tensor`` is what research loops call at every step, and a game may encode there
by a quicker route than ``Observer.fill`` (Mount Doom joins bytes made once). Whatever the
route, the result must be the plain encoding's, byte for byte, for every seat at every step.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st_

import ringbearer_engine as rb
from ringbearer_engine.observation import get_observer

CONFIGURATIONS = [
    ("mount-doom", 1, {}),
    ("mount-doom", 2, {}),
    ("mount-doom", 4, {"friends_in_need": True, "without_protection": True}),
    ("adventure-game", 2, {}),
    ("adventure-game", 4, {}),
    ("adventure-book", 1, {"chapter": 1}),
    ("adventure-book", 2, {"chapter": 3}),
    ("adventure-book", 3, {"chapter": 5}),
    ("adventure-book", 2, {"chapter": 8}),
]
STEP_CAP = 1500


def check_random_game(game_id: str, players: int, options: dict[str, Any], seed: int) -> int:
    """Play ``seed``'s random game, comparing both encodings for every seat at every step;
    returns the number of tensors compared."""
    match = rb.Match.new(game_id, [f"P{n}" for n in range(players)], seed, options)
    observer = get_observer(game_id)
    pick = random.Random(seed).choice
    compared = 0
    for _ in range(STEP_CAP):
        state = match.state
        for seat in range(players):
            quick = observer.tensor(state, seat)
            plain = observer.reference_tensor(state, seat)
            assert quick.typecode == plain.typecode == "f"
            assert quick.tobytes() == plain.tobytes(), (seed, len(match.log), seat)
            compared += 1
        if match.outcome is not None:
            break
        match.play(pick(match.actions()))
    return compared


@pytest.mark.parametrize(("game_id", "players", "options"), CONFIGURATIONS)
def test_the_quick_tensor_is_the_reference_tensor_through_random_games(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    assert sum(check_random_game(game_id, players, options, seed) for seed in range(4)) > 100


@settings(max_examples=12, deadline=None)
@given(st_.integers(1, 4), st_.integers(0, 2**32 - 1))
def test_mount_doom_encodes_every_seat_alike_both_ways(players: int, seed: int) -> None:
    check_random_game("mount-doom", players, {}, seed)


def test_the_quick_tensor_is_a_new_array_each_time() -> None:
    # The caller may keep or change what it is given: the tables it is made from stay as
    # they were.
    match = rb.Match.new("mount-doom", ["A", "B"], 3)
    observer = get_observer("mount-doom")
    first = observer.tensor(match.state, 0)
    first[0] = 42.0
    again = observer.tensor(match.state, 0)
    assert again is not first
    assert again.tobytes() == observer.reference_tensor(match.state, 0).tobytes()
