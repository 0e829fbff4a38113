"""Fixtures for the app's tests: a private data folder, the test game, frozen blink, folders
that cannot be read."""

from __future__ import annotations

import errno
import os
from collections.abc import Callable, Iterator
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


Lock = Callable[[Path, str], None]
"""``lock(folder, how)``: make a folder unreadable as the system would (see :func:`lock`)."""


def denied(path: object) -> OSError:
    return PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))


@pytest.fixture
def lock(monkeypatch: pytest.MonkeyPatch) -> Lock:
    """``lock(folder, how)``: "unsearchable" (0o644: its names can be listed, nothing in it
    can be looked at) or "closed" (0o000: not even listed, and nothing in it looked at)."""
    unsearchable: list[Path] = []
    closed: list[Path] = []
    real_stat, real_lstat, real_scandir, real_open = Path.stat, Path.lstat, os.scandir, os.open

    def inside(path: object, folders: list[Path]) -> bool:
        text = os.fspath(path)  # type: ignore[call-overload]
        return any(Path(text).is_relative_to(folder) and Path(text) != folder for folder in folders)

    def stat(self: Path, *, follow_symlinks: bool = True) -> os.stat_result:
        if inside(self, unsearchable):
            raise denied(self)
        return real_stat(self, follow_symlinks=follow_symlinks)

    def lstat(self: Path) -> os.stat_result:
        if inside(self, unsearchable):
            raise denied(self)
        return real_lstat(self)

    def scandir(path: object = ".") -> object:
        if any(Path(os.fspath(path)) == folder for folder in closed) or inside(  # type: ignore[call-overload]
            path, unsearchable
        ):
            raise denied(path)
        return real_scandir(path)  # type: ignore[call-overload]

    def open_(path: object, flags: int, mode: int = 0o777, **kw: object) -> int:
        if inside(path, unsearchable):
            raise denied(path)
        return real_open(path, flags, mode, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(Path, "stat", stat)
    monkeypatch.setattr(Path, "lstat", lstat)
    monkeypatch.setattr(os, "scandir", scandir)
    monkeypatch.setattr(os, "open", open_)

    def lock_it(folder: Path, how: str) -> None:
        unsearchable.append(folder)
        if how == "closed":
            closed.append(folder)

    return lock_it
