"""The Review screen: stepping, jumping, marks, the analysis in the background, the ways in."""

from __future__ import annotations

import os

import pytest
from textual.widgets import Static
from textual.widgets._footer import FooterKey

import ringbearer_engine as rb
from ringbearer_tui.app import RingbearerApp
from ringbearer_tui.paths import AppPaths
from ringbearer_tui.screens.review import ReviewScreen
from ringbearer_tui.storage import SaveStore
from ringbearer_tui.widgets.estimate_chart import EstimateChart

from .games import BLUNDER, TINY, lost_game, lost_game_analysis, pig_game


def text_of(screen: ReviewScreen, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


async def reviewing(app: RingbearerApp, screen: ReviewScreen) -> None:
    await app.workers.wait_for_complete()
    await app.push_screen(screen)
    await app.workers.wait_for_complete()


@pytest.mark.asyncio
async def test_arrows_step_and_home_and_end_jump(quick_settings: AppPaths) -> None:
    app = RingbearerApp(quick_settings)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = ReviewScreen(lost_game(), analysis=lost_game_analysis())
        await reviewing(app, screen)
        assert screen.position == 0
        assert text_of(screen, "#where") == "Step 1 of 42: Ann"
        await pilot.press("right", "right")
        assert screen.position == 2
        assert screen.session.match.log == lost_game().log[:2]
        await pilot.press("left")
        assert screen.position == 1
        await pilot.press("end")
        assert screen.position == BLUNDER + 1
        assert "quest fails" in text_of(screen, "#verdict")
        await pilot.press("right")
        assert screen.position == BLUNDER + 1  # nothing after the end
        await pilot.press("home")
        assert screen.position == 0
        await pilot.press("left")
        assert screen.position == 0


@pytest.mark.asyncio
async def test_n_and_p_jump_to_the_marked_steps(quick_settings: AppPaths) -> None:
    app = RingbearerApp(quick_settings)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = ReviewScreen(lost_game(), analysis=lost_game_analysis())
        await reviewing(app, screen)
        await pilot.press("n")
        marked = [review.step for review in lost_game_analysis().marked]
        assert screen.position == marked[0]
        await pilot.press("end", "p")
        assert screen.position == BLUNDER
        verdict = text_of(screen, "#verdict")
        assert "Bo chose: Use Faramir: Move 2 spaces, wins 0%" in verdict
        assert "The hint advised: Use Faramir" in verdict
        assert "A blunder:" in verdict
        assert "faramir" not in verdict  # words, not notation


@pytest.mark.asyncio
async def test_the_buttons_and_the_chart_step_with_the_mouse(quick_settings: AppPaths) -> None:
    app = RingbearerApp(quick_settings)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = ReviewScreen(lost_game(), analysis=lost_game_analysis())
        await reviewing(app, screen)
        await pilot.pause()
        await pilot.click("#forward")
        await pilot.click("#forward")
        await pilot.click("#back")
        assert screen.position == 1
        chart = screen.query_one(EstimateChart)
        await pilot.click(EstimateChart, offset=(chart.gutter.left + 5, 2))
        assert screen.position == chart._columns()[5][0]  # 43 positions in fewer columns
        assert screen.position > 1


@pytest.mark.asyncio
async def test_the_analysis_runs_in_the_background_and_fills_in(quick_settings: AppPaths) -> None:
    app = RingbearerApp(quick_settings)
    async with app.run_test(size=(80, 24)) as pilot:
        match = pig_game(finished=True)
        screen = ReviewScreen(match, advisor=TINY, futures=2)
        await reviewing(app, screen)
        await pilot.pause()
        assert screen.analysis is not None
        assert screen.analysis.complete
        assert len(screen.analysis.steps) == len(match.log)
        assert not text_of(screen, "#status").startswith("Analysing")
        assert not screen.check_action("stop", ())


def footer_keys_cut_off(app: RingbearerApp) -> list[str]:
    keys = app.screen.query(FooterKey)
    assert keys
    return [key.description for key in keys if key.region.right > app.size.width]


@pytest.mark.asyncio
async def test_x_stops_the_analysis(quick_settings: AppPaths) -> None:
    app = RingbearerApp(quick_settings)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = ReviewScreen(lost_game(), advisor=rb.analysis.monte_carlo(200), futures=4)
        await pilot.pause()
        await app.push_screen(screen)
        await pilot.pause()
        assert footer_keys_cut_off(app) == []  # at 80 columns, while the analysis runs
        await pilot.press("x")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.analysis is None or not screen.analysis.complete
        assert text_of(screen, "#status").startswith("Analysis stopped at")
        await pilot.press("right")
        assert screen.position == 1  # the replay goes on without it


@pytest.mark.asyncio
async def test_an_unfinished_game_of_secret_hands_shows_only_the_reviewers_side(
    quick_settings: AppPaths,
) -> None:
    from ringbearer_tui.seats import Seat, seats_to_meta

    meta = {"seats": seats_to_meta([Seat("Ann", "bot", "heuristic"), Seat("Bo")])}
    match = rb.Match.new("adventure-game", ["Ann", "Bo"], seed=3, meta=meta)
    for _ in range(6):
        match.play(match.actions()[0])
    app = RingbearerApp(quick_settings)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = ReviewScreen(match, analysis=rb.Analysis(
            game=match.game_id, players=list(match.players), view=1, seed=0, advisor="none",
            steps=[], turning_points=[],
        ))  # fmt: skip
        await reviewing(app, screen)
        assert screen.seat == 1
        for _ in range(6):
            assert screen.session.viewer == 1
            await pilot.press("right")


@pytest.mark.asyncio
async def test_a_finished_game_shows_each_deciders_side(quick_settings: AppPaths) -> None:
    match = pig_game(finished=True)
    app = RingbearerApp(quick_settings)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = ReviewScreen(match, analysis=rb.analyse(match, TINY, futures=2))
        await reviewing(app, screen)
        assert screen.seat is None
        seen = set()
        for _ in range(len(match.log)):
            assert screen.session.viewer == screen.session.match.to_move
            seen.add(screen.session.viewer)
            await pilot.press("right")
        assert seen == {0, 1}


@pytest.mark.asyncio
async def test_v_on_the_load_list_reviews_the_save(quick_settings: AppPaths) -> None:
    store = SaveStore(quick_settings.saves, quick_settings.autosaves)
    store.save_as(pig_game(4), "Half a race")
    app = RingbearerApp(quick_settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        await pilot.press("v")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        assert app.screen.match.log == pig_game(4).log
        await app.workers.wait_for_complete()
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen.__class__.__name__ == "LoadScreen"


@pytest.mark.asyncio
async def test_the_app_reviews_a_match_it_is_handed(quick_settings: AppPaths) -> None:
    """What the end of a game calls: ``host.review(match)``."""
    app = RingbearerApp(quick_settings)
    async with app.run_test(size=(80, 24)) as pilot:
        app.review(pig_game(finished=True))
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        await app.workers.wait_for_complete()
    assert os.environ  # the app closed cleanly


@pytest.mark.asyncio
async def test_a_game_with_no_step_yet_says_so(quick_settings: AppPaths) -> None:
    app = RingbearerApp(quick_settings)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = ReviewScreen(pig_game(0), advisor=TINY, futures=1)
        await reviewing(app, screen)
        await pilot.press("right", "n")
        assert screen.position == 0
        assert text_of(screen, "#status") == "No step has been played yet."


@pytest.mark.asyncio
async def test_the_end_of_a_game_offers_its_review_and_its_ways_on_again_after(
    quick_settings: AppPaths,
) -> None:
    """Game over: "Review" opens the game's review; leaving it brings the same offers back."""
    from ringbearer_tui.dialogs.game_over import GameOverDialog
    from ringbearer_tui.screens.game import GameScreen

    app = RingbearerApp(quick_settings)
    async with app.run_test(size=(80, 24)) as pilot:
        almost = rb.Match.from_log(
            "mount-doom", ["Ann", "Bo"], 45, None, list(lost_game().log[:-1]),
            meta=lost_game().meta,
        )  # fmt: skip
        app.open_match(almost)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        screen.play(almost.parse(lost_game().log[-1]))
        for _ in range(20):
            await pilot.pause()
            if isinstance(app.screen, GameOverDialog):
                break
        assert isinstance(app.screen, GameOverDialog)
        await pilot.pause()  # laid out, so the click lands on the button
        await pilot.click("#way-review")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        await pilot.press("x", "escape")
        for _ in range(20):
            await pilot.pause()
            if isinstance(app.screen, GameOverDialog):
                break
        assert isinstance(app.screen, GameOverDialog)
        await app.workers.wait_for_complete()


@pytest.mark.asyncio
async def test_the_marks_found_so_far_show_while_the_analysis_runs(
    quick_settings: AppPaths,
) -> None:
    """The review judges the likeliest marks first and says at once what it has found."""
    import msgspec

    app = RingbearerApp(quick_settings)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = ReviewScreen(lost_game(), analysis=lost_game_analysis())
        await reviewing(app, screen)
        partial = msgspec.structs.replace(lost_game_analysis(), complete=False)
        screen._judged(partial, 3, len(lost_game().log))
        await pilot.pause()
        status = text_of(screen, "#status")
        assert status.startswith("Analysing 3/42 steps")
        assert "So far: 1 blunder; n jumps." in status
        await pilot.press("n")
        assert screen.position == BLUNDER
