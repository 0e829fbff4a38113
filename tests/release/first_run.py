"""Start an installed ``ringbearer`` in a terminal of its own, as a person would, wait for
the main menu, and leave by the menu's own keys (Quit, then Yes).

``python first_run.py COMMAND [ARG...]`` runs the command in a new 80x24 PTY (its
controlling terminal, as a terminal emulator gives), reads the screen through pyte, and
exits 0 only if the menu was drawn and the app then exited 0 by itself. The release
rehearsal (``nox -s release-rehearsal``) runs it on each copy it installs from the local
index. It needs nothing but pyte: it never imports the app, so it checks the copy under
test and not the workspace.
"""

from __future__ import annotations

import fcntl
import os
import select
import signal
import struct
import sys
import termios
import time
from collections.abc import Callable, Sequence

import pyte

COLUMNS, ROWS = 80, 24
MENU = ("New game", "Quit  (q)")
"""What the main menu shows once it is drawn."""
QUIT_QUESTION = "Quit Ringbearer?"
TIMEOUT = 60.0
"""Seconds for each step: a cold start on a busy two-core machine takes a few."""


class FirstRunError(Exception):
    """The app did not show its menu, or did not leave as asked."""


class Terminal:
    """One command in a new PTY, and the screen it draws."""

    def __init__(self, command: Sequence[str]) -> None:
        self.screen = pyte.Screen(COLUMNS, ROWS)
        self.stream = pyte.ByteStream(self.screen)
        env = {**os.environ, "TERM": "xterm-256color", "COLORTERM": "truecolor"}
        # A set size would freeze the app's idea of the terminal: the PTY's size is the one.
        env.pop("COLUMNS", None)
        env.pop("LINES", None)
        pid, master = os.forkpty()
        if pid == 0:  # the child: size its terminal, then become the command
            try:
                fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
                os.execvpe(command[0], list(command), env)
            except BaseException as error:  # shown on the screen, so in the failure
                os.write(2, f"cannot start {command[0]}: {error}\n".encode())
            os._exit(127)
        self.pid, self.master = pid, master
        self.status: int | None = None

    def text(self) -> str:
        """The screen, without the blanks at the ends of its lines and below them."""
        return "\n".join(line.rstrip() for line in self.screen.display).rstrip()

    def _pump(self, timeout: float) -> None:
        ready, _, _ = select.select([self.master], [], [], timeout)
        if ready:
            try:
                data = os.read(self.master, 65536)
            except OSError:  # the child closed its side: it has exited
                data = b""
            self.stream.feed(data)

    def _exited(self) -> bool:
        if self.status is None:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.status = os.waitstatus_to_exitcode(status)
        return self.status is not None

    def wait_for(self, what: str, check: Callable[[str], bool]) -> None:
        deadline = time.monotonic() + TIMEOUT
        while not check(self.text()):
            if self._exited():
                raise FirstRunError(f"exited ({self.status}) before {what}:\n{self.text()}")
            if time.monotonic() > deadline:
                raise FirstRunError(f"no {what} after {TIMEOUT:.0f} s:\n{self.text()}")
            self._pump(0.05)

    def wait_for_exit(self) -> int:
        deadline = time.monotonic() + TIMEOUT
        while not self._exited():
            if time.monotonic() > deadline:
                raise FirstRunError(f"still running {TIMEOUT:.0f} s after Yes:\n{self.text()}")
            self._pump(0.05)
        assert self.status is not None
        return self.status

    def press(self, key: bytes) -> None:
        os.write(self.master, key)

    def close(self) -> None:
        """Leave nothing running, whatever happened."""
        if not self._exited():
            os.killpg(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        os.close(self.master)


def first_run(command: Sequence[str]) -> str:
    """The main menu as drawn; raises :class:`FirstRunError` if anything went wrong."""
    terminal = Terminal(command)
    try:
        terminal.wait_for("main menu", lambda text: all(part in text for part in MENU))
        menu = terminal.text()
        terminal.press(b"q")
        terminal.wait_for("question before quitting", lambda text: QUIT_QUESTION in text)
        terminal.press(b"y")
        status = terminal.wait_for_exit()
        if status != 0:
            raise FirstRunError(f"exited with {status} after Quit, Yes:\n{terminal.text()}")
        return menu
    finally:
        terminal.close()


def main(argv: Sequence[str]) -> int:
    if not argv:
        print("usage: first_run.py COMMAND [ARG...]", file=sys.stderr)
        return 2
    try:
        menu = first_run(argv)
    except FirstRunError as error:
        print(f"{' '.join(argv)}: {error}", file=sys.stderr)
        return 1
    print(menu)
    print(f"{' '.join(argv)}: main menu shown, left by Quit and Yes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
