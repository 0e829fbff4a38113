"""The PTY a game runs in, and the bytes that put a client's terminal right again."""

from __future__ import annotations

import fcntl
import os
import pty
import struct
import termios

from ..environment import CLAIM_TTY_ENV
from ..paths import DATA_DIR_ENV

RESET = (
    b"\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?1015l\x1b[?1016l"
    b"\x1b[?2004l\x1b[?2048l\x1b[?1049l\x1b[?25h\x1b[0m"
)
"""Mouse modes, bracketed paste, in-band resize and the alternate screen off; cursor on."""


def open_pty(columns: int, rows: int) -> tuple[int, int]:
    master, slave = pty.openpty()
    set_size(master, columns, rows)
    return master, slave


def set_size(fd: int, columns: int, rows: int) -> None:
    """Resize the terminal; the kernel tells the game with SIGWINCH."""
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", max(rows, 1), max(columns, 1), 0, 0))


def child_environment(term: str, data_dir: str, extra: dict[str, str]) -> dict[str, str]:
    """A fresh environment: never COLUMNS or LINES, which would freeze the game's size."""
    modern = any(part in term for part in ("256color", "truecolor", "direct", "kitty"))
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "TERM": term,
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
        DATA_DIR_ENV: data_dir,
        "HOME": data_dir,
        # The game runs in a new session and takes the PTY as its controlling terminal.
        CLAIM_TTY_ENV: "1",
    }
    if modern:
        env["COLORTERM"] = "truecolor"
    env.update(extra)
    return env
