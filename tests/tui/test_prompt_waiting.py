"""The prompt's waiting look (issue 49): while a bot thinks the prompt is drawn in its
waiting style without its CSS classes changing, so Textual does not style it again from the
whole stylesheet on every key. (The look itself is in the snapshots: bot_thinking.)"""

from __future__ import annotations

from typing import Any

import pytest
from textual.app import App
from textual.dom import DOMNode

from ringbearer_tui.app import RingbearerApp, StartNew
from ringbearer_tui.paths import AppPaths
from ringbearer_tui.screens.game import GameScreen
from ringbearer_tui.seats import NewGameRequest, Seat
from ringbearer_tui.widgets.prompt import Prompt


async def test_waiting_for_a_bot_restyles_no_widget_from_the_stylesheet(
    quick_settings: AppPaths, monkeypatch: pytest.MonkeyPatch
) -> None:
    seats = [Seat("Ann"), Seat("Bo", "bot", "heuristic")]
    app = RingbearerApp(quick_settings, StartNew(NewGameRequest("adventure-game", seats, {}, 1)))
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(5):
            await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        prompt = screen.query_one(Prompt)
        restyled: list[DOMNode] = []
        update_styles = App.update_styles

        def counted(self: App[Any], node: DOMNode, animate: bool = True) -> None:
            restyled.append(node)
            update_styles(self, node, animate)

        monkeypatch.setattr(App, "update_styles", counted)
        steps = len(screen.session.match.log)
        for _ in range(4):
            await pilot.pause(2.0)  # past the guard against a key meant for the menu
            await pilot.press("1")
            for _ in range(20):
                await pilot.pause()
        assert len(screen.session.match.log) >= steps + 4  # Ann's keys and the bot's replies
        assert prompt not in restyled
        assert not prompt.classes


async def test_the_waiting_style_is_dropped_when_the_player_is_asked_again() -> None:
    class PromptApp(App[None]):
        CSS = "Prompt .prompt--waiting { text-style: italic; }"

        def compose(self) -> Any:
            yield Prompt(id="prompt")

    app = PromptApp()
    async with app.run_test(size=(40, 5)) as pilot:
        prompt = app.query_one(Prompt)
        own = prompt.lines_style()
        prompt.set_waiting(True)
        await pilot.pause()
        assert prompt.lines_style() != own
        prompt.set_waiting(False)
        await pilot.pause()
        assert prompt.lines_style() == own
