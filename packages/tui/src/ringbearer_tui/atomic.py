"""Writing files so that a crash or a hang-up never leaves a half-written one."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path


def backup_of(path: Path) -> Path:
    return path.with_name(path.name + ".bak")


def write_atomic(path: Path, data: bytes, *, keep_backup: bool = True) -> None:
    """Replace ``path`` with ``data`` all at once, keeping the previous version as a backup.

    The data goes to a temporary file in the same folder, is flushed to disk, and is then
    renamed over the target: readers see the old file or the new one, never a mix. With
    ``keep_backup`` the old file is first renamed to ``<name>.bak``.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(temporary, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if keep_backup and path.exists():
            os.replace(path, backup_of(path))
        os.replace(temporary, path)
    finally:
        with contextlib.suppress(FileNotFoundError):
            temporary.unlink()
    _sync_folder(path.parent)


def _sync_folder(folder: Path) -> None:
    # The renames are durable only once the folder itself is flushed (POSIX).
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)
