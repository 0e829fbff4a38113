"""Textual's Linux/macOS terminal driver, with output that survives losing the terminal."""

from __future__ import annotations

from typing import Any

from textual.drivers.linux_driver import LinuxDriver

from .terminal_watch import ForgivingOutput


class ResilientDriver(LinuxDriver):
    """Writes to a terminal that has gone are dropped, so the app can still exit."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self._file is not None:
            self._file = ForgivingOutput(self._file)  # type: ignore[assignment]
