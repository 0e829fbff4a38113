"""The Review's summary of the marks (issue 46): plurals in English, and the whole line shown
in the side column at 80x24 however many marks there are."""

from __future__ import annotations

import msgspec
import pytest
from textual.geometry import Size
from textual.widgets import Static

import ringbearer_engine as rb
from ringbearer_tui.app import RingbearerApp
from ringbearer_tui.paths import AppPaths
from ringbearer_tui.screens.review import ReviewScreen, counted

from .games import lost_game, lost_game_analysis


@pytest.mark.parametrize(
    ("number", "mark", "words"),
    [
        (1, "inaccuracy", "1 inaccuracy"),
        (11, "inaccuracy", "11 inaccuracies"),
        (1, "mistake", "1 mistake"),
        (2, "mistake", "2 mistakes"),
        (3, "blunder", "3 blunders"),
    ],
)
def test_a_count_of_marks_is_in_english(number: int, mark: str, words: str) -> None:
    assert counted(number, mark) == words


def many_marks() -> rb.Analysis:
    """An analysis of the lost game's first steps: eleven inaccuracies, a mistake, a blunder."""
    analysis = lost_game_analysis()
    marks = ["inaccuracy"] * 11 + ["mistake", "blunder"]
    template = analysis.steps[0]
    steps = [msgspec.structs.replace(template, step=n, mark=m) for n, m in enumerate(marks)]
    return msgspec.structs.replace(analysis, steps=steps, turning_points=[])


@pytest.mark.asyncio
async def test_the_summary_of_many_marks_is_shown_whole_at_80_by_24(
    quick_settings: AppPaths,
) -> None:
    analysis = many_marks()
    app = RingbearerApp(quick_settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.workers.wait_for_complete()
        screen = ReviewScreen(lost_game(), analysis=analysis)
        await app.push_screen(screen)
        await pilot.pause()
        status = screen.query_one("#status", Static)
        text = str(status.render())
        assert text == "Marked: 11 inaccuracies, 1 mistake, 1 blunder; n, p jump."
        width = status.content_size.width
        needed = status.get_content_height(Size(width, 24), Size(80, 24), width)
        assert needed <= status.content_size.height, f"{text!r} needs {needed} rows"
