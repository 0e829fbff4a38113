"""What a lesson looks like at 80x24 (pytest-textual-snapshot). Update after reviewing the
report: ``pytest tests/tui/lessons/test_lesson_snapshots.py --snapshot-update``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.pilot import Pilot

from ringbearer_tui import app as app_module
from ringbearer_tui.app import RingbearerApp, StartLesson
from ringbearer_tui.lessons import load_lesson
from ringbearer_tui.paths import AppPaths

Snap = Callable[..., bool]


async def settle(pilot: Pilot[Any]) -> None:
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def test_the_intro_before_the_first_step(snap_compare: Snap, quick_settings: AppPaths) -> None:
    app = RingbearerApp(quick_settings, StartLesson("mount-doom"))
    assert snap_compare(app, terminal_size=(80, 24), run_before=settle)


def test_the_coach_at_the_first_step(snap_compare: Snap, quick_settings: AppPaths) -> None:
    async def begin(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await pilot.press("1")
        await settle(pilot)

    app = RingbearerApp(quick_settings, StartLesson("mount-doom"))
    assert snap_compare(app, terminal_size=(80, 24), run_before=begin)


def test_the_coach_pointing_at_the_encounter_row(
    snap_compare: Snap, quick_settings: AppPaths
) -> None:
    async def second_step(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await pilot.press("1")  # past the intro
        await settle(pilot)
        await pilot.press("2")  # Frodo and Aragorn, as the coach asks
        await settle(pilot)

    app = RingbearerApp(quick_settings, StartLesson("mount-doom"))
    assert snap_compare(app, terminal_size=(80, 24), run_before=second_step)


def test_a_refused_choice_explained_by_the_coach(
    snap_compare: Snap, quick_settings: AppPaths
) -> None:
    async def wrong(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await pilot.press("1")
        await settle(pilot)
        await pilot.press("1")  # Frodo and Merry: not the lesson's dice
        await settle(pilot)

    app = RingbearerApp(quick_settings, StartLesson("mount-doom"))
    assert snap_compare(app, terminal_size=(80, 24), run_before=wrong)


def test_learn_to_play_from_the_main_menu(
    snap_compare: Snap, quick_settings: AppPaths, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The Mount Doom lesson alone, so the picture does not change as lessons are added.
    monkeypatch.setattr(app_module, "shipped_lessons", lambda: [load_lesson("mount-doom")])

    async def learn(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)

    assert snap_compare(RingbearerApp(quick_settings), terminal_size=(80, 24), run_before=learn)
