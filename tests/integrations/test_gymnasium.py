"""The Gymnasium adapter passes Gymnasium's own environment checker for every game."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium")

import gymnasium
from gymnasium.utils.env_checker import check_env

from ringbearer_engine.integrations.gymnasium import ENVIRONMENTS, RingbearerSeatEnv

from .conftest import CASES, case_id


@pytest.mark.parametrize("name", sorted(ENVIRONMENTS))
def test_each_registered_id_passes_check_env(name: str) -> None:
    environment = gymnasium.make(name)
    check_env(environment.unwrapped, skip_render_check=True)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_every_seat_count_passes_check_env(case: tuple[str, int, dict[str, int]]) -> None:
    game, players, options = case
    check_env(RingbearerSeatEnv(game, players=players, options=options), skip_render_check=True)


def test_an_episode_by_the_mask_ends_with_the_seats_utility() -> None:
    environment = gymnasium.make("ringbearer/AdventureGame-v0")
    _, info = environment.reset(seed=4)
    total, done = 0.0, False
    while not done:
        action = int(np.flatnonzero(info["action_mask"])[0])
        _, reward, terminated, truncated, info = environment.step(action)
        total += float(reward)
        done = terminated or truncated
    match = environment.unwrapped.match  # type: ignore[attr-defined]
    assert match.outcome is not None
    assert total == match.outcome.utility(0)


def test_an_illegal_id_changes_nothing_and_says_why() -> None:
    environment = RingbearerSeatEnv("mount-doom")
    observation, info = environment.reset(seed=2)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    before = environment.match.snapshot()
    again, reward, terminated, truncated, info = environment.step(illegal)
    assert environment.match.snapshot() == before
    assert (again == observation).all()
    assert (reward, terminated, truncated) == (0.0, False, False)
    assert info["illegal_action"]


def test_an_unknown_bot_is_refused_when_the_environment_is_made() -> None:
    with pytest.raises(ValueError, match="bot"):
        RingbearerSeatEnv("adventure-game", bot="nobody")


def test_a_match_is_truncated_after_max_decisions_of_agent_and_bots() -> None:
    environment = RingbearerSeatEnv("adventure-game", bot="random", max_decisions=6)
    assert RingbearerSeatEnv("adventure-game").max_decisions == 5000  # the game's cap
    _, info = environment.reset(seed=2)
    truncated = False
    while not truncated:
        action = int(np.flatnonzero(info["action_mask"])[0])
        _, _, terminated, truncated, info = environment.step(action)
        assert not terminated
    assert len(environment.match.log) == 6
    assert not info["action_mask"].any()
    with pytest.raises(RuntimeError, match="truncated"):
        environment.step(0)
