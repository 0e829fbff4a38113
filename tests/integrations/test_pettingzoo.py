"""The PettingZoo adapter passes PettingZoo's own conformance tests for every game."""

from __future__ import annotations

import numpy as np
import pytest

from .conftest import CASES, case_id

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test

import ringbearer_engine as rb
from ringbearer_engine import IllegalActionError
from ringbearer_engine.integrations.pettingzoo import env


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_pettingzoo_api_test_passes(case: tuple[str, int, dict[str, int]]) -> None:
    game, players, options = case
    api_test(env(game, players=players, options=options), num_cycles=200)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_pettingzoo_seed_test_passes(case: tuple[str, int, dict[str, int]]) -> None:
    game, players, options = case
    seed_test(lambda: env(game, players=players, options=options), num_cycles=100)


def test_only_the_agent_to_act_has_legal_actions() -> None:
    aec = env("adventure-game", players=3)
    aec.reset(seed=5)
    acting = aec.agent_selection
    for agent in aec.agents:
        mask = aec.observe(agent)["action_mask"]
        assert mask.any() == (agent == acting)


def test_an_illegal_id_is_refused_and_changes_nothing() -> None:
    aec = env("mount-doom", players=2)
    aec.reset(seed=1)
    mask = aec.observe(aec.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = aec.match.snapshot()
    with pytest.raises(IllegalActionError):
        aec.step(illegal)
    assert aec.match.snapshot() == before


def test_a_finished_episode_pays_each_seat_its_utility() -> None:
    aec = env("adventure-game", players=2)
    aec.reset(seed=3)
    rewards: dict[str, float] = dict.fromkeys(aec.possible_agents, 0.0)
    for agent in aec.agent_iter():
        _, reward, terminated, truncated, _ = aec.last()
        rewards[agent] += reward
        if terminated or truncated:
            aec.step(None)
            continue
        mask = aec.observe(agent)["action_mask"]
        aec.step(int(np.flatnonzero(mask)[0]))
    outcome = aec.match.outcome
    assert outcome is not None
    assert [rewards[agent] for agent in aec.possible_agents] == [
        outcome.utility(seat) for seat in range(2)
    ]
    assert sum(rewards.values()) == 1.0


def test_max_steps_truncates_every_agent() -> None:
    aec = env("adventure-game", players=2, max_steps=5)
    aec.reset(seed=3)
    for _ in range(5):
        mask = aec.observe(aec.agent_selection)["action_mask"]
        aec.step(int(np.flatnonzero(mask)[0]))
    assert all(aec.truncations.values())


@pytest.mark.parametrize("game_id", ["mount-doom", "adventure-game", "adventure-book"])
def test_an_episode_is_truncated_at_the_games_length_cap_by_default(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # No game has a proven bound on its length: the env enforces the cap GameInfo gives.
    info = rb.game_info(game_id)
    assert info.max_game_length == 5000
    assert not info.max_game_length_proven
    assert env(game_id).max_steps == 5000
    monkeypatch.setattr(type(rb.get_game(game_id)), "max_game_length", 4)
    aec = env(game_id)
    aec.reset(seed=1)
    for _ in range(4):
        assert not any(aec.truncations.values())
        mask = aec.observe(aec.agent_selection)["action_mask"]
        aec.step(int(np.flatnonzero(mask)[0]))
    assert all(aec.truncations.values())
