"""The game screen's partial repaints (issue 49): what a step sends to the terminal leaves
the screen exactly as a full repaint draws it, and a step draws only the panels it changed,
never the containers around them."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from rich.cells import cell_len
from rich.style import Style
from textual import messages
from textual._compositor import ChopsUpdate
from textual.pilot import Pilot
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget

from ringbearer_tui.app import RingbearerApp, StartNew
from ringbearer_tui.paths import AppPaths
from ringbearer_tui.screens.game import GameScreen
from ringbearer_tui.seats import NewGameRequest, Seat
from ringbearer_tui.widgets.partial_repaint import PartialRepaintCompositor

Cell = tuple[str, Style | None]

SEATS = {
    "mount-doom": [Seat("Ann")],
    "adventure-game": [Seat("Ann"), Seat("Bo", "bot", "heuristic")],
    "adventure-book": [Seat("Ann"), Seat("Bo", "bot", "heuristic")],
}


def cells_of(strip: Strip) -> list[Cell]:
    cells: list[Cell] = []
    for segment in strip:
        if segment.control:
            continue
        for character in segment.text:
            cells.append((character, segment.style))
            cells += [("", segment.style)] * (cell_len(character) - 1)
    return cells


def apply(update: ChopsUpdate, screen: list[list[Cell]]) -> None:
    """Write the cells of ``update``'s changed spans onto ``screen``, as a terminal would."""
    for y, start, end in update.spans:
        for (x, strip), _ in zip(update.chops[y].items(), update.chop_ends[y], strict=True):
            if strip is None:
                continue
            for offset, cell in enumerate(cells_of(strip)):
                if start <= x + offset < end:
                    screen[y][x + offset] = cell


async def game_screen(pilot: Pilot[Any], game_id: str) -> GameScreen:
    await pilot.pause()
    if game_id == "adventure-book":
        await pilot.press("p")  # the campaign's Play chapter
    for _ in range(5):
        await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, GameScreen)
    return screen


async def play(pilot: Pilot[Any], keys: int) -> None:
    for _ in range(keys):
        await pilot.pause(2.0)  # past the guard against a key meant for the screen before
        await pilot.press("1")
        for _ in range(5):
            await pilot.pause()


@pytest.mark.parametrize("game_id", list(SEATS))
async def test_a_step_leaves_the_screen_as_a_full_repaint_draws_it(
    quick_settings: AppPaths, game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    start = StartNew(NewGameRequest(game_id, SEATS[game_id], {}, 1))
    app = RingbearerApp(quick_settings, start)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await game_screen(pilot, game_id)
        compositor = screen._compositor
        assert isinstance(compositor, PartialRepaintCompositor)
        shown = [cells_of(strip) for strip in compositor.render_strips()]
        partial = compositor.render_partial_update
        updates = 0

        def seen() -> ChopsUpdate | None:
            nonlocal updates
            update = partial()
            if update is not None:
                updates += 1
                apply(update, shown)
            return update

        monkeypatch.setattr(compositor, "render_partial_update", seen)
        for _ in range(4):
            await play(pilot, 1)
            assert shown == [cells_of(strip) for strip in compositor.render_strips()]
        assert updates >= 4


async def test_a_step_draws_the_panels_it_changed_and_no_container(
    quick_settings: AppPaths, monkeypatch: pytest.MonkeyPatch
) -> None:
    start = StartNew(NewGameRequest("mount-doom", SEATS["mount-doom"], {}, 1))
    app = RingbearerApp(quick_settings, start)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await game_screen(pilot, "mount-doom")
        drawn: Counter[str] = Counter()
        render_lines = Widget.render_lines

        def counted(widget: Widget, crop: Any) -> list[Strip]:
            drawn[widget.id or type(widget).__name__] += 1
            return render_lines(widget, crop)

        monkeypatch.setattr(Widget, "render_lines", counted)
        await play(pilot, 3)
        assert drawn["choices"]
        assert drawn["log"]
        containers = {"main", "left", "side", "board-area", "board", "GameScreen"}
        assert not containers & set(drawn), drawn
        assert screen.is_current


async def test_a_steps_changed_panels_reach_the_screen_without_a_message_each(
    quick_settings: AppPaths, monkeypatch: pytest.MonkeyPatch
) -> None:
    start = StartNew(NewGameRequest("mount-doom", SEATS["mount-doom"], {}, 1))
    app = RingbearerApp(quick_settings, start)
    async with app.run_test(size=(80, 24)) as pilot:
        await game_screen(pilot, "mount-doom")
        told: list[str] = []
        on_update = Screen._on_update

        async def counted(screen: Screen[Any], message: messages.Update) -> None:
            told.append(message.widget.id or type(message.widget).__name__)
            await on_update(screen, message)

        monkeypatch.setattr(Screen, "_on_update", counted)
        await play(pilot, 2)
        # (The list of choices may still send one: a new "↓ 3 more" on its frame is drawn
        # by Textual in full.)
        assert not {"prompt", "log"} & set(told), told
