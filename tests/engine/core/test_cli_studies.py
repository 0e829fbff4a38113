"""How ``simulate`` and ``campaign`` run on the command line: progress, Ctrl+C, workers."""

from __future__ import annotations

import io
import sys
from collections.abc import Callable

import pytest

from ringbearer_engine import cli
from ringbearer_engine.cli import main


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_bar_on_a_terminal_counts_the_games_as_they_come_back() -> None:
    err = Terminal()
    status = main(["simulate", "pig", "--games", "40"], out=io.StringIO(), err=err)
    assert status == 0
    frames = err.getvalue().split("\r")
    assert f"[{'#' * cli.BAR_WIDTH}] 40/40 games" in frames
    assert any(frame.startswith("[####") and "/40 games" in frame for frame in frames[:-3])
    assert frames[-1] == ""  # the bar is wiped before the report


def test_no_bar_when_errors_go_to_a_file() -> None:
    err = io.StringIO()
    assert (
        main(["campaign", "--campaigns", "1", "--bot", "random"], out=io.StringIO(), err=err) == 0
    )
    assert err.getvalue() == ""


def test_ctrl_c_stops_the_study_with_status_130(monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(err: object, unit: str) -> Callable[[int, int], None]:
        def show(done: int, total: int) -> None:
            raise KeyboardInterrupt

        return show

    monkeypatch.setattr(cli, "_progress", interrupted)
    out, err = io.StringIO(), io.StringIO()
    status = main(["simulate", "pig", "--games", "40", "--workers", "2"], out=out, err=err)
    assert status == 130
    assert "cancelled" in err.getvalue()
    assert out.getvalue() == ""


@pytest.mark.parametrize("command", [["simulate", "pig"], ["campaign"]])
def test_workers_must_be_at_least_one(command: list[str]) -> None:
    err = io.StringIO()
    assert main([*command, "--workers", "0"], out=io.StringIO(), err=err) == 2
    assert "--workers must be at least 1, not 0" in err.getvalue()


@pytest.mark.parametrize(
    ("command", "message"),
    [
        (["simulate", "pig", "--bot", "oracle"], "no bot called 'oracle'"),
        (["simulate", "pig", "--games", "0"], "at least one game"),
        (["campaign", "--players", "9"], "seats, not 9"),
    ],
)
def test_a_bad_study_is_refused_before_any_cluster_starts(
    monkeypatch: pytest.MonkeyPatch, command: list[str], message: str
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # no cluster could start anyway
    err = io.StringIO()
    assert main([*command, "--scheduler", "local"], out=io.StringIO(), err=err) == 2
    assert message in err.getvalue()
