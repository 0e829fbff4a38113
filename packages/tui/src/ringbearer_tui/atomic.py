"""Writing files so that a crash or a hang-up never leaves a half-written one."""

from __future__ import annotations

import contextlib
import errno
import os
import re
import shutil
import stat
import time
from pathlib import Path

STALE_AFTER_SECONDS = 10 * 60
"""A temporary file this old is stale even if its process id is in use (ids are reused)."""

_TEMPORARY = re.compile(r"^\.(?P<name>.+)\.(?P<pid>\d+)\.tmp$")


def backup_of(path: Path) -> Path:
    return path.with_name(path.name + ".bak")


def temporary_of(path: Path, pid: int | None = None) -> Path:
    return path.with_name(f".{path.name}.{os.getpid() if pid is None else pid}.tmp")


def write_atomic(path: Path, data: bytes, *, keep_backup: bool = True) -> None:
    """Replace ``path`` with ``data`` all at once, keeping the previous version as a backup.

    The data goes to a temporary file in the same folder and is flushed to disk. With
    ``keep_backup`` the current file is then linked (or copied) to ``<name>.bak`` by way of a
    second temporary and a rename, so the backup too is always whole. Last, the temporary is
    renamed over the target. Nothing ever removes the target first: at every instant
    ``path`` holds the old complete file or the new one.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = temporary_of(path)
    try:
        with open(temporary, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if keep_backup:
            _keep_backup(path)
        os.replace(temporary, path)
    finally:
        with contextlib.suppress(FileNotFoundError):
            temporary.unlink()
    _sync_folder(path.parent)


def _keep_backup(path: Path) -> None:
    backup = backup_of(path)
    staging = temporary_of(backup)
    with contextlib.suppress(FileNotFoundError):
        staging.unlink()
    try:
        try:
            try:
                os.link(path, staging)
            except FileNotFoundError:
                raise
            except OSError:  # a file system without hard links
                shutil.copyfile(path, staging)
        except FileNotFoundError:
            return  # a first write: nothing to back up
        os.replace(staging, backup)
    finally:
        with contextlib.suppress(FileNotFoundError):
            staging.unlink()


def recover_from_backup(path: Path) -> bool:
    """Put ``<name>.bak`` back under ``path`` when ``path`` is missing; whether it did.

    Older versions renamed the target to the backup before renaming the new file in, so a
    write cut off between the two left only the backup. The link never replaces a file that
    appeared meanwhile.
    """
    backup = backup_of(path)
    try:
        if path.exists() or path.is_symlink() or not backup.is_file():
            return False
    except OSError:  # the folder cannot be searched: nothing can be put back
        return False
    try:
        os.link(backup, path)
    except FileExistsError:
        return False
    except OSError:
        try:
            shutil.copyfile(backup, temporary_of(path))
            os.replace(temporary_of(path), path)
        except OSError:
            return False
    _sync_folder(path.parent)
    return True


def read_regular_file(path: Path, limit: int, what: str) -> bytes:
    """The bytes of the file at ``path``, refusing what could block or flood the reader.

    Only a regular file (a link to one is followed) of at most ``limit`` bytes is read; a
    FIFO, a device or a folder raises :class:`OSError` without being opened for a blocking
    read, and so does a larger file (``what`` names the file in that message: "a save").
    """
    too_large = f"too large for {what} (over {limit / 2**20:g} MB)"
    info = path.stat()
    if not stat.S_ISREG(info.st_mode):
        raise OSError(errno.EINVAL, "not a regular file", str(path))
    if info.st_size > limit:
        raise OSError(errno.EFBIG, too_large, str(path))
    # O_NONBLOCK: should the file be swapped for a FIFO after the check, opening it cannot hang.
    descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    with os.fdopen(descriptor, "rb") as handle:
        if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
            raise OSError(errno.EINVAL, "not a regular file", str(path))
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise OSError(errno.EFBIG, too_large, str(path))
    return data


def is_temporary(path: Path) -> bool:
    return _TEMPORARY.match(path.name) is not None


def clean_stale_temporaries(
    folder: Path, *, now: float | None = None, of: str | None = None
) -> list[Path]:
    """Remove the temporary files that no running write will finish; the ones removed.

    A temporary is stale when the process named in it is gone, or when it is older than
    :data:`STALE_AFTER_SECONDS` (a write takes milliseconds; process ids get reused).
    ``of``: only the temporaries of the file of that name (in a folder shared with others).
    """
    removed: list[Path] = []
    now = time.time() if now is None else now
    try:
        candidates = list(folder.iterdir())
    except OSError:
        return removed
    for candidate in candidates:
        found = _TEMPORARY.match(candidate.name)
        if found is None or (of is not None and found["name"] != of):
            continue
        try:
            info = candidate.lstat()
        except OSError:
            continue
        pid = int(found["pid"])
        if _process_alive(pid) and now - info.st_mtime < STALE_AFTER_SECONDS:
            continue
        with contextlib.suppress(OSError):
            candidate.unlink()
            removed.append(candidate)
    return removed


def _process_alive(pid: int) -> bool:
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process: alive
        return True
    except (OSError, OverflowError):
        return False
    return True


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
