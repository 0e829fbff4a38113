"""The PTY a game runs in, and the bytes that put a client's terminal right again."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import struct
import termios

import msgspec

from ..environment import CLAIM_TTY_ENV
from ..paths import DATA_DIR_ENV

RESET = (
    b"\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?1015l\x1b[?1016l"
    b"\x1b[?2004l\x1b[?2048l\x1b[?1049l\x1b[?25h\x1b[0m"
)
"""Mouse modes, bracketed paste, in-band resize and the alternate screen off; cursor on."""


MAX_COLUMNS = 1000
MAX_ROWS = 500
"""The largest window served: beyond any real screen, and cheap to draw (a Mount Doom game
at 1000x500 holds 79 MiB and idles at 0% CPU; at 65535x65535 a game took a whole core and
0.3-0.7 GB)."""
DEFAULT_TERM = "xterm-256color"
DEFAULT_SIZE = (80, 24)
"""For a client that asks for a terminal but leaves the type or the size out (SSH sends 0)."""

_TERM_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]{0,63}")
"""What terminfo names look like (xterm-256color, screen.xterm-256color, rxvt-unicode)."""


class TerminalRefusal(msgspec.Struct, frozen=True):
    """Why a client's terminal cannot be served: ``message`` for the player, ``reason`` for
    the log."""

    reason: str
    message: str


def check_terminal(term: str, columns: int, rows: int) -> TerminalRefusal | None:
    """Why a client's terminal cannot be served, or ``None`` when it can."""
    if term and not _TERM_NAME.fullmatch(term):
        return TerminalRefusal(
            "TERM is not a terminal name",
            "Your terminal type (TERM) is not a name Ringbearer can pass on: it may hold "
            "letters, digits, '.', '_', '+' and '-', at most 64 of them.",
        )
    if columns > MAX_COLUMNS or rows > MAX_ROWS:
        return TerminalRefusal(
            f"window {columns}x{rows} over {MAX_COLUMNS}x{MAX_ROWS}",
            f"Your window is {columns}x{rows} characters; Ringbearer serves windows up to "
            f"{MAX_COLUMNS}x{MAX_ROWS}. Make it smaller and connect again.",
        )
    return None


def served_size(columns: int, rows: int) -> tuple[int, int]:
    """The PTY size for a client's window: an unknown (0) side gets the default, and a
    window over the limits is held to them. Later window changes are clamped rather than
    refused, so the game goes on and draws in the top-left part of a larger window."""
    return (
        min(columns or DEFAULT_SIZE[0], MAX_COLUMNS),
        min(rows or DEFAULT_SIZE[1], MAX_ROWS),
    )


def open_pty(columns: int, rows: int) -> tuple[int, int]:
    """A new PTY pair (master, slave) of this size; nothing is left open if that fails."""
    master, slave = pty.openpty()
    try:
        set_size(master, columns, rows)
    except BaseException:
        os.close(master)
        os.close(slave)
        raise
    return master, slave


def set_size(fd: int, columns: int, rows: int) -> None:
    """Resize the terminal (see :func:`served_size`); the kernel tells the game with
    SIGWINCH."""
    columns, rows = served_size(columns, rows)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))


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
