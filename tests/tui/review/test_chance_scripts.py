"""The Review over a log that holds chance scripts (issue 46): a script is no position of its
own, so every way to ask for one (the start, the chart, a jump) shows the step it fixes."""

from __future__ import annotations

import pytest
from textual.widgets import Static

import ringbearer_engine as rb
from ringbearer_tui.app import RingbearerApp
from ringbearer_tui.games import look_for
from ringbearer_tui.paths import AppPaths
from ringbearer_tui.replay import Replay
from ringbearer_tui.screens.review import ReviewScreen
from ringbearer_tui.widgets.estimate_chart import EstimateChart

from .games import TINY

MIDDLE_SCRIPT = 4
"""The log index of the script in the middle of :func:`scripted_game`."""


def scripted_game(*, from_the_start: bool = True) -> rb.Match:
    """A Mount Doom game with a script in the middle of its log, and ``from_the_start`` one
    as its first step, as a lesson's autosave has."""
    match = rb.Match.new("mount-doom", ["Ann"], seed=5)
    if from_the_start:
        match.script(rolls={"black": [1]})
    while len(match.log) < MIDDLE_SCRIPT:
        match.play(match.actions()[0])
    match.script(rolls={"black": [2]})
    for _ in range(3):
        match.play(match.actions()[0])
    assert match.log[MIDDLE_SCRIPT].startswith("!script")
    return match


def test_a_scripts_index_shows_the_step_whose_chance_it_fixes() -> None:
    replay = Replay(scripted_game(), look_for("mount-doom").describe)
    assert replay.position_of(0) == 1
    assert replay.position_of(MIDDLE_SCRIPT) == MIDDLE_SCRIPT + 1
    assert replay.position_of(2) == 2
    assert replay.position_of(replay.last) == replay.last


@pytest.mark.asyncio
async def test_a_review_of_a_log_that_starts_with_a_script_opens_at_the_first_step(
    quick_settings: AppPaths,
) -> None:
    app = RingbearerApp(quick_settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.workers.wait_for_complete()
        screen = ReviewScreen(scripted_game(), advisor=TINY, futures=2)
        await app.push_screen(screen)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.position == 1
        assert str(screen.query_one("#where", Static).render()) == "Step 1 of 6: Ann"
        await pilot.press("end", "home")
        assert screen.position == 1


@pytest.mark.asyncio
async def test_clicking_the_chart_column_of_a_script_shows_the_step_after_it(
    quick_settings: AppPaths,
) -> None:
    app = RingbearerApp(quick_settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.workers.wait_for_complete()
        screen = ReviewScreen(scripted_game(from_the_start=False), advisor=TINY, futures=2)
        await app.push_screen(screen)
        await app.workers.wait_for_complete()
        await pilot.pause()
        chart = screen.query_one(EstimateChart)
        assert chart._columns()[MIDDLE_SCRIPT] == [MIDDLE_SCRIPT]  # one column a log step
        await pilot.click(EstimateChart, offset=(chart.gutter.left + MIDDLE_SCRIPT, 2))
        await pilot.pause()
        assert screen.position == MIDDLE_SCRIPT + 1
        assert str(screen.query_one("#where", Static).render()) == "Step 5 of 7: Ann"
