"""What the Mount Doom screen looks like, at 80x24 and 120x40, at the moments that matter.

Update after reviewing the report: ``pytest tests/tui/mount_doom --snapshot-update``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.pilot import Pilot

from ringbearer_tui.app import RingbearerApp, StartLoaded
from ringbearer_tui.paths import AppPaths

from . import positions

Snap = Callable[..., bool]
WHERE = ["at_start", "in_battle", "army_of_the_dead", "final_stage", "won", "lost"]


async def settle(pilot: Pilot[Any]) -> None:
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause(0.2)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("where", WHERE)
def test_mount_doom_screen(
    snap_compare: Snap, quick_settings: AppPaths, where: str, size: tuple[int, int]
) -> None:
    match = positions.reach(getattr(positions, where))
    app = RingbearerApp(quick_settings, StartLoaded(match.save()))
    assert snap_compare(app, terminal_size=size, run_before=settle)


def test_mount_doom_screen_below_the_minimum_size(
    snap_compare: Snap, quick_settings: AppPaths
) -> None:
    match = positions.reach(positions.at_start)
    app = RingbearerApp(quick_settings, StartLoaded(match.save()))
    assert snap_compare(app, terminal_size=(60, 15), run_before=settle)
