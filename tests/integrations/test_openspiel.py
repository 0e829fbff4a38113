"""The OpenSpiel adapter passes OpenSpiel's own random simulation test, serialising states,
for every game."""

from __future__ import annotations

import pickle
import subprocess
import sys

import pytest

pytest.importorskip("pyspiel")

import pyspiel

from ringbearer_engine.integrations import openspiel

from .conftest import CASES, case_id


@pytest.fixture(scope="module", autouse=True)
def registered() -> None:
    openspiel.register()


def load(game: str, players: int, options: dict[str, int]) -> pyspiel.Game:
    return pyspiel.load_game(openspiel.short_name(game), {"players": players, **options})


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_random_sim_test_passes_with_serialisation(case: tuple[str, int, dict[str, int]]) -> None:
    pyspiel.random_sim_test(load(*case), num_sims=2, serialize=True, verbose=False)


def test_every_game_is_registered_by_its_name() -> None:
    names = set(openspiel.register())
    assert names == {
        "ringbearer_mount_doom",
        "ringbearer_adventure_game",
        "ringbearer_adventure_book",
    }


def test_a_decision_that_rolls_is_followed_by_chance_nodes_for_its_dice() -> None:
    game = load("mount-doom", 1, {})
    state = game.new_initial_state()
    state.apply_action(0)  # the deal
    assert not state.is_chance_node()
    state.apply_action(state.legal_actions()[0])  # the first roll
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert sum(probability for _, probability in outcomes) == pytest.approx(1.0)


def test_a_state_survives_pickling_mid_game() -> None:
    game = load("adventure-game", 2, {})
    state = game.new_initial_state()
    for _ in range(30):
        if state.is_terminal():
            break
        actions = state.legal_actions()
        state.apply_action(actions[len(actions) // 2])
    copy = pickle.loads(pickle.dumps(state))
    assert str(copy) == str(state)
    assert copy.information_state_string(0) == state.information_state_string(0)


def test_a_program_that_registers_and_plays_exits_cleanly() -> None:
    """OpenSpiel frees its registry after Python has shut down; nothing of ours may be freed
    then (a creator freed without the interpreter's lock ended the process with a fatal
    error, not exit status 0)."""
    program = (
        "import pyspiel\n"
        "from ringbearer_engine.integrations import openspiel\n"
        "openspiel.register()\n"
        "game = pyspiel.load_game('ringbearer_mount_doom')\n"
        "pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, timeout=300, check=False
    )
    assert (done.returncode, done.stderr) == (0, "")


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_python_answers_are_the_answers_openspiel_gets_through_cpp(
    case: tuple[str, int, dict[str, int]],
) -> None:
    # From Python the state answers without crossing into C++ (tensors as numpy arrays);
    # the base class's methods go through C++ and the observers: both must agree.
    import random

    import numpy as np

    game = load(*case)
    state = game.new_initial_state()
    rng = random.Random(3)
    for _ in range(150):
        assert state.is_chance_node() == pyspiel.State.is_chance_node(state)
        assert state.is_terminal() == pyspiel.State.is_terminal(state)
        assert state.legal_actions() == pyspiel.State.legal_actions(state)
        for player in range(game.num_players()):
            assert state.legal_actions(player) == pyspiel.State.legal_actions(state, player)
            tensor = state.observation_tensor(player)
            assert tensor.dtype == np.float32
            assert tensor.tolist() == pyspiel.State.observation_tensor(state, player)
            recall = state.information_state_tensor(player)
            assert recall.tolist() == pyspiel.State.information_state_tensor(state, player)
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    with pytest.raises(pyspiel.SpielError):
        state.observation_tensor(game.num_players())


def test_a_clone_mid_chance_is_independent_of_its_original() -> None:
    game = load("adventure-game", 2, {})
    state = game.new_initial_state()
    while not state.is_chance_node() or state.history() == []:
        state.apply_action(state.legal_actions()[-1])
    before = (str(state), state.information_state_string(0), state.chance_outcomes())
    copy = state.clone()
    while not copy.is_terminal() and len(copy.history()) < len(state.history()) + 80:
        copy.apply_action(copy.legal_actions()[0])
    assert (str(state), state.information_state_string(0), state.chance_outcomes()) == before
    assert copy.information_state_string(0) != before[1]


def test_the_default_max_game_length_is_the_games_cap() -> None:
    import ringbearer_engine as rb

    for game_id in ("mount-doom", "adventure-game", "adventure-book"):
        assert load(game_id, 2, {}).max_game_length() == rb.game_info(game_id).max_game_length
    short = load("adventure-game", 2, {"max_game_length": 3})
    state = short.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if not state.is_chance_node():
            decisions += 1
        state.apply_action(state.legal_actions()[0])
    assert decisions == 3
    assert state.returns() == [0.0, 0.0]
