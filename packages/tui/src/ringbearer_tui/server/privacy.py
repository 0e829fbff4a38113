"""The server's files are its user's alone: the saves hold every hidden hand of every table,
and the database and key files say who may log in."""

from __future__ import annotations

import stat
from pathlib import Path

PRIVATE_UMASK = 0o077
"""Files are made 0600 and folders 0700, whatever umask the server was started with."""


def open_to_others(data_dir: Path) -> list[Path]:
    """The data folder and what lies directly in it, where other users may read or enter."""
    found: list[Path] = []
    if not data_dir.is_dir():
        return found
    for path in [data_dir, *sorted(data_dir.iterdir())]:
        try:
            mode = path.lstat().st_mode
        except OSError:
            continue
        if not stat.S_ISLNK(mode) and mode & 0o077:
            found.append(path)
    return found
