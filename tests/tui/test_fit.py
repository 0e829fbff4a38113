"""At the minimum size (80×24) every screen's footer shows all of its keys whole."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot
from textual.widgets._footer import FooterKey

from ringbearer_tui.app import RingbearerApp, StartLoaded
from ringbearer_tui.paths import AppPaths

from .mount_doom import positions


async def settle(pilot: Pilot[Any]) -> None:
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def footer_keys_cut_off(app: RingbearerApp) -> list[str]:
    width = app.size.width
    keys = app.screen.query(FooterKey)
    assert keys, "no footer keys at all"
    return [key.description for key in keys if key.region.right > width or not key.region]


async def test_the_main_menu_footer_fits_80_columns(quick_settings: AppPaths) -> None:
    app = RingbearerApp(quick_settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert footer_keys_cut_off(app) == []


async def test_the_game_screen_footer_fits_80_columns(quick_settings: AppPaths) -> None:
    match = positions.reach(positions.at_start)
    app = RingbearerApp(quick_settings, StartLoaded(match.save()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert footer_keys_cut_off(app) == []
