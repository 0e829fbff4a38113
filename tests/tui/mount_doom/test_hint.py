"""The Mount Doom hint at 80x24: the advice marked where it stands, the choices in their
places with their cards' own words, and no figure clearly above the advice."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from textual.pilot import Pilot

from ringbearer_tui.app import RingbearerApp, StartLoaded
from ringbearer_tui.paths import AppPaths
from ringbearer_tui.screens.game import GameScreen
from ringbearer_tui.widgets.action_menu import ActionMenu

from . import positions

Snap = Callable[..., bool]
FIGURE = re.compile(r"wins (\d+)% ± (\d+)")


async def settle(pilot: Pilot[Any]) -> None:
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause(0.2)


async def hinted(pilot: Pilot[Any]) -> None:
    await settle(pilot)
    await pilot.press("h")
    await settle(pilot)


async def test_the_hint_keeps_the_choices_in_place_with_their_own_words(
    quick_settings: AppPaths,
) -> None:
    match = positions.reach(positions.in_battle)
    app = RingbearerApp(quick_settings, StartLoaded(match.save()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        menu = screen.query_one(ActionMenu)
        before_actions = list(menu.actions)
        before_lines = [item.plain for item in menu.items]
        await pilot.press("h")
        await settle(pilot)
        assert screen.advice is not None
        assert menu.actions == before_actions, "the hint must not renumber the choices"
        lines = [item.plain for item in menu.items]
        for before, after in zip(before_lines, lines, strict=True):
            assert after.startswith(before.rstrip()), "a choice's own words must stay"
        [advised] = [n for n, line in enumerate(lines) if "advised" in line]
        assert menu.actions[advised] == screen.advice.advised
        top = FIGURE.search(lines[advised])
        if top is not None:
            for n, line in enumerate(lines):
                other = FIGURE.search(line)
                if n != advised and other and int(other.group(1)) > int(top.group(1)):
                    assert "about the same" in line
        assert "(rough)" not in " ".join(lines)


def test_the_hint_at_80x24(snap_compare: Snap, quick_settings: AppPaths) -> None:
    match = positions.reach(positions.in_battle)
    app = RingbearerApp(quick_settings, StartLoaded(match.save()))
    assert snap_compare(app, terminal_size=(80, 24), run_before=hinted)
