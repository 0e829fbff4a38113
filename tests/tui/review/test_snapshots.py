"""What the Review screen looks like at 80x24 and 120x40: the start, and the blunder.

Update after reviewing the report: ``pytest tests/tui/review --snapshot-update``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.pilot import Pilot

from ringbearer_tui.app import RingbearerApp
from ringbearer_tui.paths import AppPaths
from ringbearer_tui.screens.review import ReviewScreen

from .games import lost_game, lost_game_analysis

Snap = Callable[..., bool]


def reviewing(keys: list[str]) -> Callable[[Pilot[Any]], Any]:
    async def run_before(pilot: Pilot[Any]) -> None:
        await pilot.app.workers.wait_for_complete()
        await pilot.app.push_screen(ReviewScreen(lost_game(), analysis=lost_game_analysis()))
        await pilot.press(*keys)
        await pilot.pause()

    return run_before


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("keys", [[], ["end", "p"]], ids=["start", "blunder"])
def test_review_screen(
    snap_compare: Snap, quick_settings: AppPaths, keys: list[str], size: tuple[int, int]
) -> None:
    app = RingbearerApp(quick_settings)
    assert snap_compare(app, terminal_size=size, run_before=reviewing(keys))
