"""Fixtures for the app's tests: a private data folder, the test game, frozen blink."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from testgames.pig import PIG

import ringbearer_engine as rb
from ringbearer_tui.paths import DATA_DIR_ENV, AppPaths, resolve_paths


@pytest.fixture(autouse=True, scope="session")
def pig_registered() -> Iterator[None]:
    rb.register(PIG)
    yield
    rb.unregister(PIG.id)


@pytest.fixture
def paths(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AppPaths:
    """Every test gets its own data folder; nothing touches the real home."""
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "data"))
    return resolve_paths()


@pytest.fixture(autouse=True)
def no_blink(monkeypatch: pytest.MonkeyPatch) -> None:
    """The blinking input cursor is the main source of flaky screens: freeze it."""
    from textual.widgets import Input

    monkeypatch.setattr(Input, "_toggle_cursor", lambda self: None)


@pytest.fixture
def quick_settings(paths: AppPaths) -> AppPaths:
    """Bots move at once and nothing asks for confirmation, so flows run fast."""
    from ringbearer_tui.settings import Settings, save_settings

    save_settings(paths.settings_file, Settings(bot_speed="instant", confirm_quit=False))
    return paths
