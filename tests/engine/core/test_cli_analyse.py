"""``python -m ringbearer_engine analyse``: the table, the JSON document, the seat option."""

from __future__ import annotations

import io
import json
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
    for _ in range(6):
        match.play(match.actions()[0])
    path = tmp_path / "game.rbsave"
    path.write_bytes(match.save())
    return path


def test_analyse_prints_a_table_of_the_steps(save_file: Path) -> None:
    code, out, err = run("analyse", str(save_file))
    assert code == 0
    lines = out.splitlines()
    assert lines[1].split() == ["step", "who", "chose", "best", "chosen", "best", "mark"]
    assert lines[2].split()[:2] == ["1", "Ann"]
    assert "blunders" in lines[-2]
    assert err == ""  # no progress bar when not on a terminal


def test_analyse_json_is_the_documented_document(save_file: Path) -> None:
    code, out, _ = run("analyse", str(save_file), "--json")
    assert code == 0
    document = json.loads(out)
    assert document["game"] == "pig"
    assert [step["step"] for step in document["steps"]] == list(range(6))
    assert {"seat", "kind", "chosen", "best", "chosen_win", "best_win", "mark"} <= set(
        document["steps"][0]
    )
    assert "turning_points" in document


def test_analyse_is_repeatable(save_file: Path) -> None:
    assert run("analyse", str(save_file), "--json") == run("analyse", str(save_file), "--json")


def test_analyse_for_one_seat_judges_only_its_decisions(save_file: Path) -> None:
    code, out, _ = run("analyse", str(save_file), "--json", "--seat", "2")
    assert code == 0
    document = json.loads(out)
    assert document["view"] == 1
    assert all(s["best"] is None for s in document["steps"] if s["seat"] == 0)


def test_analyse_refuses_a_seat_that_is_not_there(save_file: Path) -> None:
    code, _, err = run("analyse", str(save_file), "--seat", "5")
    assert code == 2
    assert "no seat 5" in err


def test_analyse_of_a_file_that_is_not_a_save_says_so(tmp_path: Path) -> None:
    path = tmp_path / "junk"
    path.write_bytes(b"not a save")
    code, _, err = run("analyse", str(path))
    assert code == 1
    assert "not a good save" in err
