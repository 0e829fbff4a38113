"""The value model behind ``evaluate``: a probability, exact at the end, sensible in between."""

from __future__ import annotations

import pytest

from ringbearer_engine import Chance, get_game
from ringbearer_engine.games.mount_doom.bots import HeuristicBot
from ringbearer_engine.games.mount_doom.content import MORGUL, RING_BEARER
from ringbearer_engine.games.mount_doom.state import LOST_NAZGUL, LOST_RESOLVE, WON, MountDoomState
from ringbearer_engine.games.mount_doom.value import FEATURES, features
from ringbearer_engine.games.mount_doom.value_weights import WEIGHTS

from .helpers import goal, new, state

GAME = get_game("mount-doom")


def estimate(s: MountDoomState) -> float:
    value = GAME.evaluate(s, 0)
    assert value is not None
    return value


def test_there_is_one_fitted_weight_per_feature() -> None:
    s = state(new())
    assert len(WEIGHTS) == len(FEATURES) == len(features(s))


@pytest.mark.parametrize("seed", range(3))
def test_the_estimate_is_a_probability_throughout_a_game(seed: int) -> None:
    s = GAME.setup(("A", "B"), GAME.convert_options({}), Chance.seeded(seed))
    bot = HeuristicBot(seed)
    while GAME.to_move(s) is not None:
        assert 0.0 < estimate(s) < 1.0
        GAME.apply(s, bot.choose(GAME, s))


@pytest.mark.parametrize(
    ("result", "expected"), [(WON, 1.0), (LOST_RESOLVE, 0.0), (LOST_NAZGUL, 0.0)]
)
def test_a_finished_game_is_scored_by_its_result(result: str, expected: float) -> None:
    assert estimate(state(new(result=result))) == expected


def test_every_seat_gets_the_same_estimate_in_the_cooperative_game() -> None:
    s = state(new(players=3))
    assert GAME.evaluate(s, 0) == GAME.evaluate(s, 1) == GAME.evaluate(s, 2)


def test_more_resolve_is_a_better_chance() -> None:
    estimates = [estimate(state(new(resolve=r))) for r in (3, 7, 11, 15)]
    assert estimates == sorted(estimates)
    assert len(set(estimates)) == 4


def test_the_start_of_a_game_is_valued_near_the_heuristic_win_rate() -> None:
    # The heuristic wins about 39% of two-player games from the opening position.
    s = GAME.setup(("A", "B"), GAME.convert_options({}), Chance.seeded(0))
    assert 0.3 < estimate(s) < 0.5


def test_a_ring_bearer_near_mount_doom_is_valued_above_one_at_rivendell() -> None:
    start = new(resolve=10)
    late = new(resolve=10, stage=5, pos=[MORGUL + 5, MORGUL, MORGUL, goal(3), goal(3)])
    assert state(late).pos[RING_BEARER] > state(start).pos[RING_BEARER]
    assert estimate(state(late)) > estimate(state(start))
