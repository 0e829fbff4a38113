"""Whole campaigns played by bots (`python -m ringbearer_engine campaign`)."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest

from ringbearer_engine.cli import main
from ringbearer_engine.games.adventure_book import (
    Campaign,
    add_chapter,
    campaign_runs,
    page,
    remove_chapter,
)
from ringbearer_engine.games.adventure_book.campaign_runs import play_campaign, simulate_campaigns

from .tiny_chapter import TinyRules, tiny_chapter

RANDOM_TEAM = ["random", "random"]


@pytest.fixture
def only_chapter_one(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(campaign_runs, "pages", lambda: {1: page(1)})


@pytest.fixture
def tiny_last_chapter() -> Iterator[None]:
    add_chapter(tiny_chapter(8), TinyRules())
    yield
    remove_chapter(8)


@pytest.mark.usefixtures("tiny_last_chapter")
def test_a_campaign_that_wins_chapter_eight_is_won() -> None:
    start = Campaign(chapter=8, corruption=4, chapters_won=tuple(range(1, 8)))
    run = play_campaign(["heuristic"], seed=1, start=start)
    assert run.status == "won"
    assert run.chapter == 8
    assert run.starts == (4,) * 8
    assert run.attempts[:7] == (0,) * 7
    assert run.attempts[7] >= 1


@pytest.mark.usefixtures("only_chapter_one")
def test_a_campaign_stops_at_the_first_chapter_this_version_lacks() -> None:
    run = play_campaign(["heuristic", "heuristic"], seed=3)
    assert run.status == "unavailable"
    assert run.chapter == 2
    assert len(run.starts) == 1


def test_random_play_loses_the_campaign_to_corruption() -> None:
    run = play_campaign(RANDOM_TEAM, seed=2)
    assert run.status == "lost"
    assert run.corruption == 15
    assert run.chapter == len(run.starts)


def test_a_campaign_that_never_wins_stops_at_the_attempt_cap() -> None:
    run = play_campaign(RANDOM_TEAM, seed=2, attempt_cap=2)
    assert run.status == "stuck"
    assert run.attempts == (2,)


def test_a_run_is_the_same_whatever_the_number_of_workers() -> None:
    one = simulate_campaigns(3, RANDOM_TEAM, seed=5, workers=1)
    two = simulate_campaigns(3, RANDOM_TEAM, seed=5, workers=2)
    assert one.runs == two.runs
    assert one.outcomes == {"lost": 3}
    assert one.chapters[0].reached == 3
    assert sum(row.lost_here for row in one.chapters) == 3


def test_the_report_counts_corruption_at_each_chapter_start() -> None:
    report = simulate_campaigns(4, RANDOM_TEAM, seed=7)
    first = report.chapters[0]
    assert first.chapter == 1
    assert first.mean_start == 0.0
    assert first.mean_attempts == pytest.approx(
        sum(r.attempts[0] for r in report.runs) / len(report.runs)
    )


def test_the_campaign_command_prints_the_summary() -> None:
    out, err = io.StringIO(), io.StringIO()
    status = main(["campaign", "--campaigns", "2", "--bot", "random", "--seed", "1"], out, err)
    assert status == 0
    text = out.getvalue()
    assert "adventure-book campaigns: 2, 2 players, bots random, random, seed 1" in text
    assert "outcomes       lost 2" in text
    assert "chapter  reached  corruption at start" in text


def test_the_campaign_command_refuses_an_unknown_bot() -> None:
    out, err = io.StringIO(), io.StringIO()
    assert main(["campaign", "--campaigns", "1", "--bot", "genius"], out, err) == 2
    assert err.getvalue().startswith("error: ")


def test_the_campaign_command_refuses_five_seats() -> None:
    out, err = io.StringIO(), io.StringIO()
    assert main(["campaign", "--players", "5"], out, err) == 2
    assert "1 to 4 seats, not 5" in err.getvalue()
