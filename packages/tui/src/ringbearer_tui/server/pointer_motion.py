"""Pointer motion thinned before it reaches a game: only the pointer's latest position matters.

The app asks the terminal for every movement of the pointer (SGR mouse reports with the
motion bit), so a player sweeping the mouse sends a report every few milliseconds. Each one
is an event the game must handle and that the key budget pays for: unthinned, a few seconds
of moving the mouse would spend the budget and hold the player's next keys back. So:

- of reports that follow each other with nothing between them, only the last is passed
  (the pointer got there; where it passed on the way changes nothing);
- a motion report arriving sooner than ``interval`` after the last one passed is held, and
  passed once the interval is over unless a newer one replaces it first;
- anything else (a key, a click, a release) sends a held report ahead of it, so the order
  the player acted in is kept: a click always finds the pointer where it was.

The reports the app asks for are the SGR ones (``ESC [ < b ; x ; y M``); other encodings pass
untouched. A report split across two reads is joined first, so it is thinned like any other.
"""

from __future__ import annotations

import re

_REPORT = re.compile(rb"\x1b\[<(\d{1,4});\d{1,5};\d{1,5}([Mm])")
"""A complete SGR mouse report: button code, column, row, and M (press or motion) or m."""
_UNFINISHED = re.compile(rb"\x1b\[<[\d;]{0,15}\Z")
"""The start of an SGR mouse report that the next read will finish. Only from ``ESC [ <``
on: a read ending in a lone ESC may be the Escape key, which must not wait for more."""
_MOTION_BIT = 32


def _is_motion(report: re.Match[bytes]) -> bool:
    return int(report[1]) & _MOTION_BIT != 0 and report[2] == b"M"


class MotionCoalescer:
    """Passes a session's input on with its pointer motion thinned (see the module)."""

    def __init__(self, interval: float) -> None:
        self.interval = interval
        """The shortest time between two motion reports passed on their own."""
        self._held: bytes | None = None
        self._last_passed = float("-inf")
        self._tail = b""

    def feed(self, data: bytes, now: float) -> bytes:
        """The bytes of ``data`` to pass on now; a motion report may be kept for later."""
        data, self._tail = self._tail + data, b""
        unfinished = _UNFINISHED.search(data)
        if unfinished is not None:
            data, self._tail = data[: unfinished.start()], data[unfinished.start() :]
        out = bytearray()
        latest = self._held  # the last motion report of the run now going on
        self._held = None
        position = 0
        for report in _REPORT.finditer(data):
            between = data[position : report.start()]
            position = report.end()
            if _is_motion(report) and not between:
                latest = report[0]
                continue
            if latest is not None:
                out += self._pass(latest, now)
                latest = None
            out += between
            if _is_motion(report):
                latest = report[0]
            else:
                out += report[0]
        rest = data[position:]
        if latest is not None and rest:
            out += self._pass(latest, now)
            latest = None
        out += rest
        if latest is not None:
            if now - self._last_passed >= self.interval:
                out += self._pass(latest, now)
            else:
                self._held = latest
        return bytes(out)

    def due_in(self, now: float) -> float | None:
        """Seconds until a held motion report is to be passed; None if none is held."""
        if self._held is None:
            return None
        return max(0.0, self._last_passed + self.interval - now)

    def release(self, now: float) -> bytes:
        """The held motion report, once its time has come (else nothing)."""
        wait = self.due_in(now)
        if wait is None or wait > 0:
            return b""
        held, self._held = self._held, None
        assert held is not None
        return self._pass(held, now)

    def _pass(self, report: bytes, now: float) -> bytes:
        self._last_passed = now
        return report
