"""The mouse wheel scrolls whatever is taller than its panel: a panel of lines scrolls itself,
and a drawing as tall as its lines (a board, a hand) leaves the wheel to the panel that holds
it, in every game. The keys do it too, for the focused panel."""

from __future__ import annotations

from typing import Any

import pytest
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.containers import VerticalScroll
from textual.pilot import Pilot
from textual.widget import Widget

from ringbearer_engine.games.adventure_game.view import AdventureView
from ringbearer_tui.app import RingbearerApp, StartLoaded
from ringbearer_tui.games.adventure_game.board import HandView, TableDrawing
from ringbearer_tui.paths import AppPaths
from ringbearer_tui.screens.game import GameScreen
from ringbearer_tui.widgets.event_log import EventLog
from ringbearer_tui.widgets.lines import Drawing, LinePanel

from .adventure_game import positions


async def wheel(
    pilot: Pilot[Any], over: Widget, event: type[events.MouseEvent], times: int
) -> None:
    """Turn the mouse wheel ``times`` notches with the pointer over the part of ``over``
    that is in view."""
    for _ in range(times):
        x, y = pilot.app.screen.find_widget(over).visible_region.offset
        # The pilot has clicks and hovers but no wheel: its own way of posting mouse events
        # at a place on the screen is the one a wheel goes through too.
        landed = await pilot._post_mouse_events([event], offset=(x + 1, y + 1))
        assert landed
        assert pilot.app.get_widget_at(x + 1, y + 1)[0] is over


class ScrollApp(App[None]):
    CSS = "VerticalScroll { height: 6; } LinePanel { height: 6; }"

    def __init__(self, inner: Widget) -> None:
        super().__init__()
        self.inner = inner

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield self.inner


def lines(count: int) -> list[Text]:
    return [Text(f"line {n}") for n in range(count)]


async def test_the_wheel_over_a_drawing_scrolls_the_panel_that_holds_it() -> None:
    drawing = Drawing()
    app = ScrollApp(drawing)
    async with app.run_test(size=(40, 10)) as pilot:
        drawing.show(lines(20))
        await pilot.pause()
        area = app.query_one(VerticalScroll)
        await wheel(pilot, drawing, events.MouseScrollDown, 3)
        assert area.scroll_y > 0
        down = area.scroll_y
        await wheel(pilot, drawing, events.MouseScrollUp, 1)
        assert area.scroll_y < down


async def test_a_panel_with_lines_out_of_view_keeps_the_wheel_for_itself() -> None:
    panel = LinePanel()
    app = ScrollApp(panel)
    async with app.run_test(size=(40, 10)) as pilot:
        panel.set_items(lines(20))
        await pilot.pause()
        await wheel(pilot, panel, events.MouseScrollDown, 2)
        assert panel.top == 4
        assert app.query_one(VerticalScroll).scroll_y == 0


def late_in_the_game(view: AdventureView) -> bool:
    """Near the end, every player held by a monster, Ann to decide with four different
    cards: the tallest table of this game."""
    return view.to_move == 0 and view.turn > 100 and all(s.held for s in view.seats)


async def test_a_late_adventure_game_hand_is_in_view_and_the_wheel_scrolls_the_board(
    quick_settings: AppPaths, monkeypatch: pytest.MonkeyPatch
) -> None:
    match = positions.reach(late_in_the_game)
    # Each seat keeps to one line, so even this table fits its panel at 80x24: a panel four
    # rows shorter stands in for a table taller than it.
    shorter = "GameScreen #board-area { max-height: 16; }"
    monkeypatch.setattr(GameScreen, "DEFAULT_CSS", GameScreen.DEFAULT_CSS + shorter)
    app = RingbearerApp(quick_settings, StartLoaded(match.save()))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        area = app.screen.query_one("#board-area", VerticalScroll)
        hand = app.screen.query_one(HandView)
        assert area.max_scroll_y > 0, "the table is not taller than its panel here"
        shown = app.screen.find_widget(hand).visible_region
        assert shown.height == hand.region.height == len(hand.items)
        table = app.screen.query_one(TableDrawing)
        await wheel(pilot, table, events.MouseScrollUp, 3)
        assert area.scroll_y == 0
        await wheel(pilot, table, events.MouseScrollDown, 3)
        assert area.scroll_y == area.max_scroll_y


async def test_the_focused_log_scrolls_with_the_arrows_and_page_keys() -> None:
    log = EventLog()

    class LogApp(App[None]):
        CSS = "EventLog { height: 6; }"

        def compose(self) -> ComposeResult:
            yield log

    async with LogApp().run_test(size=(40, 10)) as pilot:
        for n in range(30):
            log.note(f"step {n}")
        await pilot.pause()
        log.focus()
        end = log.top
        assert end > 0, "the log follows its end"
        await pilot.press("up")
        assert log.top == end - 1
        await pilot.press("pageup")
        assert log.top == end - 1 - (log.content_size.height - 1)
        await pilot.press("home")
        assert log.top == 0
        await pilot.press("end")
        assert log.top == end
