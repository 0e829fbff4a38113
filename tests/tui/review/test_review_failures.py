"""The Review when its analysis cannot go on (issue 46): the app never ends, the player stays
where they were, and the review says what went wrong; old saves are reviewed as they load."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import Static

import ringbearer_engine as rb
from ringbearer_engine.analysis import Advisor
from ringbearer_engine.game import Game
from ringbearer_engine.names import MAX_NAME_LENGTH
from ringbearer_engine.saves import encode_envelope, read_envelope, seal
from ringbearer_tui.app import RingbearerApp
from ringbearer_tui.paths import AppPaths
from ringbearer_tui.screens.review import ReviewScreen
from ringbearer_tui.storage import SaveStore

from .games import pig_game


def status_of(screen: ReviewScreen) -> str:
    return str(screen.query_one("#status", Static).render())


def advisor_that_breaks(game: Game[Any], seed: int) -> Advisor:
    raise RuntimeError("the advisor broke")


@pytest.mark.asyncio
async def test_an_analysis_that_raises_leaves_the_player_on_the_review_and_says_why(
    quick_settings: AppPaths,
) -> None:
    app = RingbearerApp(quick_settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.workers.wait_for_complete()
        screen = ReviewScreen(pig_game(finished=True), advisor=advisor_that_breaks, futures=2)
        await app.push_screen(screen)
        await pilot.press("right", "right")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.screen is screen
        assert screen.position == 2
        assert status_of(screen).startswith("Analysis failed at 0/")
        assert "RuntimeError: the advisor broke" in status_of(screen)
        assert not screen.check_action("stop", ())
        await pilot.press("right")
        assert screen.position == 3  # the replay goes on without the analysis
    assert app.return_code in (None, 0)


def with_old_names(match: rb.Match, players: list[str]) -> bytes:
    """``match``'s save with names from before the name checks."""
    envelope, fmt = read_envelope(match.save("json"))
    envelope.players = envelope.state["players"] = players
    return encode_envelope(seal(envelope), fmt)


@pytest.mark.asyncio
@pytest.mark.parametrize(
    "players",
    [["A" * (MAX_NAME_LENGTH + 50), "Bo"], ["Ann\x1b[2J", "Bo\x07"]],
    ids=["longer-than-allowed", "control-characters"],
)
async def test_v_on_an_old_save_whose_names_predate_the_checks_reviews_it(
    quick_settings: AppPaths, players: list[str]
) -> None:
    old = rb.Match.load(with_old_names(pig_game(4), players))
    SaveStore(quick_settings.saves, quick_settings.autosaves).save_as(old, "Old race")
    app = RingbearerApp(quick_settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        await pilot.press("v")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.analysis is not None
        assert screen.analysis.complete
        assert screen.analysis.players == players
