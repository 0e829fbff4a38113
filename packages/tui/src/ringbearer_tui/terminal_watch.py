"""Noticing that the terminal has gone, whether or not a SIGHUP says so.

A terminal closed in the first moments of start-up can be gone before the app makes it its
controlling terminal (``ringbearer serve`` claims the PTY in ``__main__``), and then no SIGHUP
ever comes: the app must look for itself. And once the terminal is gone, every write to it
fails; Textual's output thread dies at the first failure, after which the app blocks for
good on its full output queue, deaf even to SIGTERM. So writes to a lost terminal are
dropped instead.
"""

from __future__ import annotations

import select
from typing import TextIO

_GONE = select.POLLHUP | select.POLLERR | select.POLLNVAL


def terminal_gone(fd: int) -> bool:
    """Whether the terminal on ``fd`` has hung up (its other end closed)."""
    poller = select.poll()
    poller.register(fd, select.POLLIN)  # hang-ups and errors are always reported
    try:
        events = poller.poll(0)
    except OSError:
        return True
    return any(mask & _GONE for _, mask in events)


class ForgivingOutput:
    """A terminal's output stream whose writes, once the terminal is gone, are dropped."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream
        self.lost = False

    def write(self, text: str) -> int:
        if not self.lost:
            try:
                return self._stream.write(text)
            except OSError:
                self.lost = True
        return len(text)

    def flush(self) -> None:
        if not self.lost:
            try:
                self._stream.flush()
            except OSError:
                self.lost = True

    def fileno(self) -> int:
        return self._stream.fileno()

    def isatty(self) -> bool:
        return self._stream.isatty()
