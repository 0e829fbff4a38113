"""What the screens look like (pytest-textual-snapshot). Update after reviewing the report:
``pytest tests/tui/test_snapshots.py --snapshot-update``."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import pytest
from testgames.pig import PigState
from textual.pilot import Pilot

import ringbearer_engine as rb
from ringbearer_tui.app import RingbearerApp, StartNew
from ringbearer_tui.dialogs.new_game import NewGameDialog
from ringbearer_tui.paths import AppPaths
from ringbearer_tui.screens.game import GameScreen
from ringbearer_tui.seats import NewGameRequest, Seat, seats_to_meta
from ringbearer_tui.storage import SaveStore

Snap = Callable[..., bool]
FIXED_TIME = 1_780_000_000  # 2026-05-28, so listed dates never change


def saves_with_a_damaged_one(paths: AppPaths) -> None:
    store = SaveStore(paths.saves, paths.autosaves)
    seats = seats_to_meta([Seat("Ann"), Seat("Bo", "bot", "heuristic")])
    good = rb.Match.new("pig", ["Ann", "Bo"], seed=1, meta={"seats": seats, "id": "a" * 32})
    good.play("hold")
    store.save_as(good, "Before the river")
    broken = rb.Match.new("pig", ["Cy", "Di"], seed=2, meta={"id": "b" * 32})
    path = store.save_as(broken, "Lost in Moria")
    store.save_as(broken, "Lost in Moria")
    path.write_bytes(path.read_bytes()[:40])
    for entry in store.entries():
        os.utime(entry.path, (FIXED_TIME, FIXED_TIME))


async def pause(pilot: Pilot[Any]) -> None:
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


@pytest.mark.parametrize("size", [(60, 15), (80, 24), (120, 40)], ids=["60x15", "80x24", "120x40"])
def test_main_menu(snap_compare: Snap, quick_settings: AppPaths, size: tuple[int, int]) -> None:
    assert snap_compare(RingbearerApp(quick_settings), terminal_size=size, run_before=pause)


def test_load_list_with_a_damaged_save(snap_compare: Snap, quick_settings: AppPaths) -> None:
    saves_with_a_damaged_one(quick_settings)
    assert snap_compare(RingbearerApp(quick_settings), press=["l"], terminal_size=(100, 24))


def test_settings(snap_compare: Snap, quick_settings: AppPaths) -> None:
    assert snap_compare(RingbearerApp(quick_settings), press=["s"], terminal_size=(80, 24))


def test_rules(snap_compare: Snap, quick_settings: AppPaths) -> None:
    async def open_rules(pilot: Pilot[Any]) -> None:
        await pilot.press("r")
        await pilot.pause(0.3)

    assert snap_compare(RingbearerApp(quick_settings), run_before=open_rules)


def test_help_on_the_main_menu(snap_compare: Snap, quick_settings: AppPaths) -> None:
    assert snap_compare(RingbearerApp(quick_settings), press=["question_mark"])


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_confirm_dialog_wraps_its_question(
    snap_compare: Snap, quick_settings: AppPaths, size: tuple[int, int]
) -> None:
    from ringbearer_tui.dialogs.confirm import ConfirmDialog

    async def ask(pilot: Pilot[Any]) -> None:
        await pause(pilot)
        pilot.app.push_screen(
            ConfirmDialog("Back to the menu? The game is saved; Continue resumes it.")
        )
        await pause(pilot)

    assert snap_compare(RingbearerApp(quick_settings), terminal_size=size, run_before=ask)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_new_game_dialog(
    snap_compare: Snap, quick_settings: AppPaths, size: tuple[int, int]
) -> None:
    async def open_dialog(pilot: Pilot[Any]) -> None:
        await pause(pilot)
        await pilot.press("n")
        await pilot.pause(0.3)

    assert snap_compare(RingbearerApp(quick_settings), terminal_size=size, run_before=open_dialog)


def test_new_game_dialog_shows_which_drop_down_has_focus_and_the_bot_it_seats(
    snap_compare: Snap, quick_settings: AppPaths
) -> None:
    """Tab from Start reaches the top of the form; the Adventure Game seats a Shrewd bot."""

    async def open_dialog(pilot: Pilot[Any]) -> None:
        await pause(pilot)
        settings = pilot.app.settings  # type: ignore[attr-defined]
        pilot.app.push_screen(NewGameDialog(settings, "adventure-game"))
        await pilot.pause(0.3)
        await pilot.press("tab")
        await pilot.pause()

    app = RingbearerApp(quick_settings)
    assert snap_compare(app, terminal_size=(80, 24), run_before=open_dialog)


def test_game_over_offers_the_board_the_same_game_again_and_the_menu(
    snap_compare: Snap, quick_settings: AppPaths
) -> None:
    async def finish(pilot: Pilot[Any]) -> None:
        await pause(pilot)
        app = pilot.app
        assert isinstance(app, RingbearerApp)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        state = screen.session.match.state
        assert isinstance(state, PigState)
        state.scores[0], state.turn_total = 15, 5  # Ann holds 20: she wins
        screen.play(screen.session.match.parse("hold"))
        await pause(pilot)
        await pilot.pause(0.3)

    seats = [Seat("Ann"), Seat("Bo", "bot", "heuristic")]
    start = StartNew(NewGameRequest("pig", seats, {"target": 20}, 3))
    app = RingbearerApp(quick_settings, start)
    assert snap_compare(app, terminal_size=(80, 24), run_before=finish)


def test_a_hint_shows_once_over_the_foot_of_the_log(
    snap_compare: Snap, quick_settings: AppPaths
) -> None:
    async def ask_twice(pilot: Pilot[Any]) -> None:
        await pause(pilot)
        for _ in range(2):
            await pilot.press("h")
            await pause(pilot)

    seats = [Seat("Ann"), Seat("Bo")]
    start = StartNew(NewGameRequest("pig", seats, {"target": 20}, 3))
    app = RingbearerApp(quick_settings, start)
    assert snap_compare(app, terminal_size=(80, 24), run_before=ask_twice)


def test_opening_a_book_table_asks_the_chapter_and_the_corruption(
    snap_compare: Snap, quick_settings: AppPaths
) -> None:
    async def open_dialog(pilot: Pilot[Any]) -> None:
        await pause(pilot)
        settings = pilot.app.settings  # type: ignore[attr-defined]
        pilot.app.push_screen(NewGameDialog(settings, "adventure-book", for_table=True))
        await pilot.pause(0.3)

    app = RingbearerApp(quick_settings)
    assert snap_compare(app, terminal_size=(80, 24), run_before=open_dialog)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_load_list_fits_and_marks_autosaves(
    snap_compare: Snap, quick_settings: AppPaths, size: tuple[int, int]
) -> None:
    store = SaveStore(quick_settings.saves, quick_settings.autosaves)
    seats = seats_to_meta([Seat("Annabelle"), Seat("Boromir", "bot", "heuristic")])
    meta = {"seats": seats, "id": "c" * 32}
    match = rb.Match.new("mount-doom", ["Annabelle", "Boromir"], seed=1, meta=meta)
    store.save_as(match, "race at bree")
    store.autosave(match)
    for entry in store.entries():
        os.utime(entry.path, (FIXED_TIME, FIXED_TIME))
    assert snap_compare(RingbearerApp(quick_settings), press=["l"], terminal_size=size)
