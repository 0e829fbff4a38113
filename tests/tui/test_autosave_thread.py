"""A step's autosave (issue 49): written on the game screen's own saving thread, not by a
Textual worker (whose messages cost four times the write), and waited for when the screen
closes, so the menu's Continue finds the last step."""

from __future__ import annotations

from typing import Any

import pytest
from textual.worker_manager import WorkerManager

from ringbearer_tui.app import RingbearerApp, StartNew
from ringbearer_tui.paths import AppPaths
from ringbearer_tui.screens.game import GameScreen
from ringbearer_tui.screens.main_menu import MainMenu
from ringbearer_tui.seats import NewGameRequest, Seat
from ringbearer_tui.storage import SaveStore


async def test_a_step_is_autosaved_without_a_worker_and_found_after_leaving(
    quick_settings: AppPaths, monkeypatch: pytest.MonkeyPatch
) -> None:
    start = StartNew(NewGameRequest("mount-doom", [Seat("Ann")], {}, 1))
    app = RingbearerApp(quick_settings, start)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(5):
            await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        workers: list[str] = []
        add_worker = WorkerManager.add_worker

        def counted(self: WorkerManager, worker: Any, *args: Any, **kwargs: Any) -> None:
            workers.append(worker.group)
            add_worker(self, worker, *args, **kwargs)

        monkeypatch.setattr(WorkerManager, "add_worker", counted)
        for _ in range(3):
            await pilot.pause(2.0)  # past the guard against a key meant for the menu
            await pilot.press("1")
            for _ in range(5):
                await pilot.pause()
        log = tuple(screen.session.match.log)
        assert len(log) >= 3
        assert workers == []
        await pilot.press("escape")  # back to the menu (no question in quick settings)
        for _ in range(5):
            await pilot.pause()
        assert isinstance(app.screen, MainMenu)
        store = SaveStore(quick_settings.saves, quick_settings.autosaves)
        latest = store.latest_autosave()
        assert latest is not None
        assert tuple(store.load(latest).log) == log
