"""What the Adventure Game screen looks like, at 80x24 and 120x40, at the moments that matter.

Update after reviewing the report: ``pytest tests/tui/adventure_game --snapshot-update``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.pilot import Pilot

import ringbearer_engine as rb
from ringbearer_tui.app import RingbearerApp, StartLoaded
from ringbearer_tui.paths import AppPaths
from ringbearer_tui.screens.game import GameScreen
from ringbearer_tui.settings import Settings, save_settings

from . import positions

Snap = Callable[..., bool]
SIZES = pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
MOMENTS: dict[str, Callable[[], rb.Match]] = {
    "start": lambda: positions.reach(positions.at_start),
    "held_by_nazgul": lambda: positions.reach(positions.held_by_nazgul),
    "town_swap": lambda: positions.reach(positions.town_swap),
    "attack_die": positions.after_a_fight,
    "mountain_die": lambda: positions.reach(positions.mountain_die_showing),
    "hand_over": lambda: positions.reach(positions.at_start, people=2),
    "bot_thinking": lambda: positions.reach(positions.at_start, first_person=1),
    "game_over": lambda: positions.reach(positions.game_over),
}


async def settle(pilot: Pilot[Any]) -> None:
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause(0.2)


@SIZES
@pytest.mark.parametrize("moment", list(MOMENTS))
def test_adventure_game_screen(
    snap_compare: Snap,
    paths: AppPaths,
    moment: str,
    size: tuple[int, int],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A bot to move stays "thinking" while the picture is taken, however slowly a loaded
    # machine starts the app (a slow bot speed alone let a bot move first now and then).
    monkeypatch.setattr(GameScreen, "_schedule_bot", lambda self: None)
    save_settings(paths.settings_file, Settings(bot_speed="slow", confirm_quit=False))
    app = RingbearerApp(paths, StartLoaded(MOMENTS[moment]().save()))
    assert snap_compare(app, terminal_size=size, run_before=settle)
