"""A choice's key (issue 49): pressed on the list, the list plays it at once; pressed
anywhere else on the game screen, the screen's binding plays it. Either way the choice is
played once, and the arrival guard and the bot's turn hold as for the binding."""

from __future__ import annotations

from typing import Any

import pytest
from textual.app import App

from ringbearer_tui.app import RingbearerApp, StartNew
from ringbearer_tui.paths import AppPaths
from ringbearer_tui.screens.game import GameScreen
from ringbearer_tui.seats import NewGameRequest, Seat
from ringbearer_tui.widgets.action_menu import ActionMenu
from ringbearer_tui.widgets.event_log import EventLog

from .test_partial_repaint import game_screen


def mount_doom(paths: AppPaths) -> RingbearerApp:
    return RingbearerApp(paths, StartNew(NewGameRequest("mount-doom", [Seat("Ann")], {}, 1)))


def record_choices(monkeypatch: pytest.MonkeyPatch) -> tuple[list[int], list[str]]:
    """The screen's choice numbers played from now on, and the keys whose binding the app
    looked up."""
    chosen: list[int] = []
    looked_up: list[str] = []
    choose = GameScreen.action_choose
    check_bindings = App._check_bindings

    def counted_choose(screen: GameScreen, number: int) -> None:
        chosen.append(number)
        choose(screen, number)

    async def counted_check(app: App[Any], key: str, priority: bool = False) -> bool:
        if not priority:
            looked_up.append(key)
        return await check_bindings(app, key, priority)

    monkeypatch.setattr(GameScreen, "action_choose", counted_choose)
    monkeypatch.setattr(App, "_check_bindings", counted_check)
    return chosen, looked_up


async def test_a_choice_key_pressed_on_the_list_plays_once_without_the_apps_binding(
    quick_settings: AppPaths, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = mount_doom(quick_settings)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await game_screen(pilot, "mount-doom")
        assert screen.focused is screen.query_one(ActionMenu)
        steps = len(screen.session.match.log)
        chosen, looked_up = record_choices(monkeypatch)
        await pilot.pause(2.0)  # past the guard against a key meant for the screen before
        await pilot.press("2")
        await pilot.pause()
        assert chosen == [2]
        assert "2" not in looked_up
        assert len(screen.session.match.log) == steps + 1


async def test_a_choice_key_pressed_on_the_log_plays_through_the_screens_binding(
    quick_settings: AppPaths, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = mount_doom(quick_settings)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await game_screen(pilot, "mount-doom")
        screen.query_one(EventLog).focus()
        steps = len(screen.session.match.log)
        chosen, looked_up = record_choices(monkeypatch)
        await pilot.pause(2.0)
        await pilot.press("1")
        await pilot.pause()
        assert chosen == [1]
        assert "1" in looked_up
        assert len(screen.session.match.log) == steps + 1


async def test_a_choice_key_on_the_list_right_after_arriving_plays_nothing(
    quick_settings: AppPaths,
) -> None:
    app = mount_doom(quick_settings)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await game_screen(pilot, "mount-doom")
        steps = len(screen.session.match.log)
        screen._arrival_keys = frozenset({"1"})  # as if the menu's key 1 brought us here
        await pilot.press("1")
        await pilot.pause()
        assert len(screen.session.match.log) == steps
