"""The server's files are its user's alone: the saves hold every hidden hand of every table,
and the database and key files say who may log in."""

from __future__ import annotations

import stat
from pathlib import Path

PRIVATE_UMASK = 0o077
"""Files are made 0600 and folders 0700, whatever umask the server was started with."""


def open_to_others(data_dir: Path) -> list[Path]:
    """The data folder and what lies directly in it, where other users may read or enter."""
    return [path for path in _own_and_direct(data_dir) if _mode(path) & 0o077]


def writable_by_others(data_dir: Path) -> list[Path]:
    """The data folder and what lies directly in it, where other users may write: another
    user could then swap the database, a key file or a save under the server."""
    return [path for path in _own_and_direct(data_dir) if _mode(path) & 0o022]


def _own_and_direct(data_dir: Path) -> list[Path]:
    if not data_dir.is_dir():
        return []
    return [data_dir, *sorted(data_dir.iterdir())]


def _mode(path: Path) -> int:
    """The permission bits of a file or folder (0 for a link, or one that went away)."""
    try:
        mode = path.lstat().st_mode
    except OSError:
        return 0
    return 0 if stat.S_ISLNK(mode) else stat.S_IMODE(mode)
