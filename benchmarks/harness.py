"""Run the app in a real PTY and read its screen through a terminal emulator (pyte)."""

from __future__ import annotations

import os
import select
import subprocess
import sys
import time
from collections.abc import Callable, Sequence

import pyte

from ringbearer_tui.environment import CLAIM_TTY_ENV
from ringbearer_tui.server.terminal import open_pty


class Terminal:
    """``python -m ringbearer_tui ARGS`` (or another command) in a PTY of the given size."""

    def __init__(
        self,
        args: Sequence[str],
        columns: int = 80,
        rows: int = 24,
        command: Sequence[str] = (sys.executable, "-m", "ringbearer_tui"),
    ) -> None:
        self.started = time.perf_counter()
        master, slave = open_pty(columns, rows)
        env = {
            **os.environ,
            "TERM": "xterm-256color",
            "COLORTERM": "truecolor",
            CLAIM_TTY_ENV: "1",
        }
        env.pop("COLUMNS", None)
        env.pop("LINES", None)
        self.child = subprocess.Popen(
            [*command, *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            start_new_session=True,
            close_fds=True,
        )
        os.close(slave)
        self.master = master
        self.screen = pyte.Screen(columns, rows)
        self.stream = pyte.ByteStream(self.screen)

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def pump(self, timeout: float) -> bool:
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return False
        try:
            data = os.read(self.master, 65536)
        except OSError:
            return False
        self.stream.feed(data)
        return bool(data)

    def wait_for(self, check: Callable[[str], bool], timeout: float = 30.0) -> float:
        """Seconds until the screen satisfies ``check``."""
        began = time.perf_counter()
        while not check(self.text()):
            if time.perf_counter() - began > timeout:
                raise TimeoutError(f"screen never matched; it shows:\n{self.text()}")
            self.pump(0.05)
        return time.perf_counter() - began

    def settle(self, quiet: float = 0.3) -> None:
        """Read until the app has drawn nothing for ``quiet`` seconds."""
        while self.pump(quiet):
            pass

    def press(self, keys: bytes) -> None:
        os.write(self.master, keys)

    def close(self) -> None:
        os.close(self.master)
        try:
            self.child.wait(5)
        except subprocess.TimeoutExpired:
            self.child.kill()
            self.child.wait()


def percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]
