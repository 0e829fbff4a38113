"""A screen's worker threads hand their results back to the app only while the screen is
in the app and the app runs: a bot that finishes thinking after its game screen has gone
(the player left, the app is closing) must not end the app."""

from __future__ import annotations

import asyncio
import threading

from textual.app import App, ComposeResult
from textual.widgets import Static

from ringbearer_tui.screens.thread_results import hand_back


def from_a_thread(node: Static, results: list[int]) -> bool:
    """``hand_back`` called from a thread of its own, as a worker calls it."""
    handed: list[bool] = []
    thread = threading.Thread(target=lambda: handed.append(hand_back(node, results.append, 7)))
    thread.start()
    thread.join(5)
    return handed[0]


def test_a_result_for_a_widget_that_is_in_no_app_is_dropped() -> None:
    results: list[int] = []
    assert from_a_thread(Static(), results) is False
    assert results == []


class OneLine(App[None]):
    def compose(self) -> ComposeResult:
        yield Static("line")


async def test_a_result_for_a_widget_in_a_running_app_reaches_the_app() -> None:
    app = OneLine()
    results: list[int] = []
    async with app.run_test() as pilot:
        line = app.query_one(Static)
        # The thread waits for the app's loop to run the callback: the loop must be free.
        handed = await asyncio.to_thread(hand_back, line, results.append, 7)
        await pilot.pause()
        assert handed is True
        assert results == [7]


async def test_a_result_for_a_widget_removed_from_the_app_is_dropped() -> None:
    app = OneLine()
    results: list[int] = []
    async with app.run_test() as pilot:
        line = app.query_one(Static)
        await line.remove()
        await pilot.pause()
        assert from_a_thread(line, results) is False
        assert results == []
