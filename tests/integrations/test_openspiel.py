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
