"""Below the minimum terminal size every screen gives way to a notice naming the minimum;
the app's state waits behind it, and only quitting works until the terminal is enlarged."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from ringbearer_tui.app import RingbearerApp, StartLoaded, StartNew
from ringbearer_tui.paths import AppPaths
from ringbearer_tui.screens.game import GameScreen
from ringbearer_tui.screens.main_menu import MainMenu
from ringbearer_tui.seats import NewGameRequest, Seat
from ringbearer_tui.widgets.size_notice import SizeNotice

from .mount_doom import positions


async def settle(pilot: Pilot[Any]) -> None:
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def notice_on(app: RingbearerApp) -> str | None:
    notices = app.screen.query_children(SizeNotice)
    return str(notices.first().render()) if notices else None


async def test_the_size_notice_names_the_minimum_and_goes_away_on_resize(
    quick_settings: AppPaths,
) -> None:
    app = RingbearerApp(quick_settings)
    async with app.run_test(size=(60, 15)) as pilot:
        await settle(pilot)
        text = notice_on(app)
        assert text is not None
        assert "at least 80×24" in text
        assert "this terminal is 60×15" in text
        await pilot.resize_terminal(79, 30)
        await settle(pilot)
        assert "this terminal is 79×30" in (notice_on(app) or "")
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert notice_on(app) is None
        assert isinstance(app.screen, MainMenu)


async def test_keys_do_nothing_behind_the_notice_and_the_game_waits(
    quick_settings: AppPaths,
) -> None:
    match = positions.reach(positions.at_start)
    app = RingbearerApp(quick_settings, StartLoaded(match.save()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        match = screen.session.match
        steps = len(match.log)
        await pilot.resize_terminal(60, 15)
        await settle(pilot)
        assert notice_on(app) is not None
        await pilot.press("1", "enter", "escape", "question_mark", "ctrl+s")
        await settle(pilot)
        assert app.screen is screen
        assert len(match.log) == steps
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert notice_on(app) is None
        await pilot.press("1")
        await settle(pilot)
        assert len(match.log) == steps + 1


async def test_a_screen_opened_while_too_small_is_covered_too(quick_settings: AppPaths) -> None:
    match = positions.reach(positions.at_start)
    app = RingbearerApp(quick_settings, StartLoaded(match.save()))
    async with app.run_test(size=(60, 15)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert notice_on(app) is not None


async def test_quit_works_behind_the_notice(paths: AppPaths) -> None:
    app = RingbearerApp(paths)  # confirm_quit on: no dialog can be seen, so none is asked
    async with app.run_test(size=(60, 15)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert app.return_code == 0
        assert not app.is_running


async def test_bots_wait_behind_the_notice_and_move_once_it_is_gone(
    quick_settings: AppPaths,
) -> None:
    seats = [Seat("Ann", "bot", "heuristic"), Seat("Bo", "bot", "heuristic")]
    app = RingbearerApp(quick_settings, StartNew(NewGameRequest("mount-doom", seats, {}, 3)))
    async with app.run_test(size=(60, 15)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        match = screen.session.match
        await pilot.pause(0.6)
        await settle(pilot)
        assert len(match.log) == 0
        await pilot.resize_terminal(80, 24)
        await pilot.pause(0.6)
        await settle(pilot)
        assert len(match.log) > 0
