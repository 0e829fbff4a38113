"""The engine's command line: games, simulate, replay, check."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from ringbearer_engine import Match
from ringbearer_engine.cli import main


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def save_file(tmp_path: Path) -> Path:
    match = Match.new("pig", ["Ann", "Bo"], seed=2)
    match.script(rolls={"die": [4, 1]})
    match.play("roll")
    match.play("roll")
    path = tmp_path / "game.rbsave"
    path.write_bytes(match.save())
    return path


def test_games_lists_each_game_with_its_bots() -> None:
    code, out, _ = run("games")
    assert code == 0
    assert "pig" in out
    assert "Pig race (competitive, 1-4 players; bots: heuristic, mc, random)" in out


def test_games_in_a_fresh_interpreter_lists_what_is_installed() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "ringbearer_engine", "games"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "pig" not in result.stdout  # the test game is not shipped


def test_simulate_counts_one_game_and_one_player_in_the_singular() -> None:
    code, out, _ = run("simulate", "mount-doom", "--games", "1", "--players", "1")
    assert code == 0
    assert "mount-doom: 1 game, 1 player, bots random" in out


def test_simulate_prints_the_summary() -> None:
    code, out, _ = run("simulate", "pig", "--games", "120", "--bot", "heuristic,random")
    assert code == 0
    assert "pig: 120 games, 2 players, bots heuristic, random, seed 0" in out
    assert "95% CI" in out
    assert "mean length" in out
    assert "target-reached" in out
    assert "games/s" in out


def test_simulate_json_is_machine_readable() -> None:
    code, out, _ = run(
        "simulate", "pig", "--games", "50", "--players", "3", "--json", "--option", "target=10"
    )
    assert code == 0
    report = json.loads(out)
    assert report["games"] == 50
    assert report["players"] == 3
    assert report["options"] == {"target": 10}
    assert {"wins", "seat_wins", "mean_steps", "reasons", "games_per_second"} <= report.keys()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "chess"], "no game called 'chess'"),
        (["simulate", "pig", "--bot", "oracle"], "no bot called 'oracle'"),
        (["simulate", "pig", "--option", "target"], "NAME=VALUE"),
        (
            ["simulate", "pig", "--players", "3", "--bot", "random,random"],
            "2 bots were named for 3",
        ),
    ],
)
def test_simulate_refuses_bad_arguments_clearly(argv: list[str], message: str) -> None:
    code, _, err = run(*argv)
    assert code == 2
    assert message in err


def test_replay_prints_every_step_and_its_events(save_file: Path) -> None:
    code, out, _ = run("replay", str(save_file))
    assert code == 0
    assert "Pig race: Ann, Bo; seed 2" in out
    assert "2. Ann: roll" in out
    assert "Seat 1 rolls a 1." in out


def test_check_accepts_a_good_save(save_file: Path) -> None:
    code, out, _ = run("check", str(save_file))
    assert code == 0
    assert "a good save of Pig race (3 steps; in progress: Bo to play.)" in out


def test_check_refuses_a_damaged_save_with_the_reason(save_file: Path) -> None:
    save_file.write_bytes(save_file.read_bytes()[:40])
    code, _, err = run("check", str(save_file))
    assert code == 1
    assert "not a good save (truncated)" in err


def test_check_of_a_missing_file_says_so(tmp_path: Path) -> None:
    code, _, err = run("check", str(tmp_path / "nope.rbsave"))
    assert code == 1
    assert "cannot read" in err
