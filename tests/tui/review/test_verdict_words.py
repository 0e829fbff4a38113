"""The Review's words for a decision say how it stands against the hint: followed, a deeper
look that prefers another, a tie, or a sure loss with its size."""

from __future__ import annotations

import msgspec
import pytest

import ringbearer_engine as rb
from ringbearer_tui.app import RingbearerApp
from ringbearer_tui.paths import AppPaths
from ringbearer_tui.screens.review import ReviewScreen

from .games import BLUNDER, lost_game, lost_game_analysis
from .test_stepping import reviewing, text_of


def with_blunder_step(**changes: object) -> rb.Analysis:
    """The lost game's analysis with its blunder step's review changed."""
    analysis = lost_game_analysis()
    steps = [
        msgspec.structs.replace(review, **changes) if review.step == BLUNDER else review
        for review in analysis.steps
    ]
    return msgspec.structs.replace(analysis, steps=steps)


async def verdict_at_the_blunder(settings: AppPaths, analysis: rb.Analysis) -> str:
    app = RingbearerApp(settings)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = ReviewScreen(lost_game(), analysis=analysis)
        await reviewing(app, screen)
        await pilot.press("end", "left")
        assert screen.position == BLUNDER
        return " ".join(text_of(screen, "#verdict").split())


@pytest.mark.asyncio
async def test_a_step_that_followed_the_hint_says_so(quick_settings: AppPaths) -> None:
    step = lost_game_analysis().at(BLUNDER)
    assert step is not None
    analysis = with_blunder_step(hint=step.chosen, best=step.chosen, mark=None, loss=0.0)
    assert "The hint advised this too." in await verdict_at_the_blunder(quick_settings, analysis)


@pytest.mark.asyncio
async def test_a_deeper_look_that_prefers_another_choice_names_it(
    quick_settings: AppPaths,
) -> None:
    step = lost_game_analysis().at(BLUNDER)
    assert step is not None
    assert step.best is not None
    analysis = with_blunder_step(hint=step.chosen, mark=None, loss=0.0)
    words = await verdict_at_the_blunder(quick_settings, analysis)
    points = round(((step.best_win or 0.0) - (step.chosen_win or 0.0)) * 100)
    assert "The hint advised this; a deeper look prefers Use Faramir" in words
    assert f"by about {points} points" in words


@pytest.mark.asyncio
async def test_a_stray_without_a_sure_loss_is_a_tie(quick_settings: AppPaths) -> None:
    analysis = with_blunder_step(mark=None, loss=0.03, loss_low=-0.01, loss_high=0.07)
    words = await verdict_at_the_blunder(quick_settings, analysis)
    assert "The hint advised: Use Faramir" in words
    assert "No clear loss" in words


@pytest.mark.asyncio
async def test_a_marked_stray_gives_the_loss_and_how_sure_it_is(quick_settings: AppPaths) -> None:
    step = lost_game_analysis().at(BLUNDER)
    assert step is not None
    words = await verdict_at_the_blunder(quick_settings, lost_game_analysis())
    assert f"A blunder: about {round(step.loss * 100)} points of chance given up" in words
    assert f"(surely {round(step.loss_low * 100)} points or more)" in words


@pytest.mark.asyncio
async def test_a_small_sure_loss_is_named_but_not_marked(quick_settings: AppPaths) -> None:
    analysis = with_blunder_step(mark=None, loss=0.03, loss_low=0.01, loss_high=0.045)
    words = await verdict_at_the_blunder(quick_settings, analysis)
    assert "A small loss, not marked: about 3 points" in words
    assert "No clear loss" not in words


@pytest.mark.asyncio
async def test_a_sure_loss_that_may_reach_the_bar_says_it_is_not_sure_of_it(
    quick_settings: AppPaths,
) -> None:
    analysis = with_blunder_step(mark=None, loss=0.05, loss_low=0.01, loss_high=0.09)
    words = await verdict_at_the_blunder(quick_settings, analysis)
    assert "surely some but not surely the 5 points of an inaccuracy" in words


@pytest.mark.asyncio
async def test_a_stray_as_good_in_every_imagined_game_is_a_tie(quick_settings: AppPaths) -> None:
    analysis = with_blunder_step(mark=None, loss=0.0, loss_low=0.0, loss_high=0.0)
    words = await verdict_at_the_blunder(quick_settings, analysis)
    assert "exactly as well as the hint's advice in every imagined game" in words
