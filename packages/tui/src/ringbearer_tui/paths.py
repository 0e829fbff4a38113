"""Where the app keeps its files.

Saves and settings live under ``platformdirs.user_data_dir("ringbearer")`` and
``user_config_dir``. The ``--data-dir`` flag or the ``RINGBEARER_DATA_DIR`` environment
variable moves everything (settings included) into one folder: the SSH server gives each
account its own that way.
"""

from __future__ import annotations

import os
from pathlib import Path

import msgspec
import platformdirs

DATA_DIR_ENV = "RINGBEARER_DATA_DIR"
APP_NAME = "ringbearer"


class AppPaths(msgspec.Struct, frozen=True):
    """The folders the app reads and writes."""

    data: Path
    config: Path

    @property
    def saves(self) -> Path:
        return self.data / "saves"

    @property
    def autosaves(self) -> Path:
        return self.data / "autosaves"

    @property
    def campaigns(self) -> Path:
        """Adventure Book campaigns: one file each, the chapter in play included."""
        return self.data / "campaigns"

    @property
    def settings_file(self) -> Path:
        return self.config / "settings.json"


def resolve_paths(data_dir: str | os.PathLike[str] | None = None) -> AppPaths:
    """The app's folders: ``data_dir`` first, then the environment, then platform defaults."""
    chosen = data_dir or os.environ.get(DATA_DIR_ENV)
    if chosen:
        root = Path(chosen).expanduser().resolve()
        return AppPaths(data=root, config=root)
    return AppPaths(
        data=Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)),
        config=Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)),
    )
