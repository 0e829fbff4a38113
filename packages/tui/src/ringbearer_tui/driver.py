"""Textual's Linux/macOS terminal driver, with output that survives losing the terminal and
input that survives whatever the terminal (or a hostile SSH client) sends."""

from __future__ import annotations

import contextlib
import os
import selectors
import threading
import time
from typing import Any

from textual import constants
from textual.drivers.linux_driver import LinuxDriver

from .terminal_input import InputFilter
from .terminal_watch import ForgivingOutput

READ_SIZE = 4096
MAX_WAITING_EVENTS = 20
"""Messages the app, its screen and the focused widget may have waiting before no more input
is read: a flood of keys then waits in the terminal (and, over SSH, in the client) rather
than in the app's memory, and a hang-up is not queued behind thousands of key presses (it
must save and exit within the server's grace)."""
TICK = 0.1
"""Seconds between looks at a half-read key (a lone escape becomes the Escape key)."""
QUIET = max(0.5, 3 * constants.ESCAPE_DELAY)
"""Seconds after the last input by which every half-read key has been settled: from then on
the input thread sleeps until the terminal or the app wakes it. A hundred games idling at
ten looks a second each spent a tenth of a core."""


class _WakingEvent(threading.Event):
    """The driver's exit event, which also wakes the input thread from its sleep (through
    a pipe the thread opens while it runs)."""

    def __init__(self) -> None:
        super().__init__()
        self._pipe: tuple[int, int] | None = None
        self._lock = threading.Lock()

    def open(self) -> int:
        """The end to watch; the set() that ends the thread writes to it."""
        with self._lock:
            read, write = self._pipe = os.pipe()
            os.set_blocking(write, False)
        return read

    def close(self) -> None:
        with self._lock:
            pipe, self._pipe = self._pipe, None
        for fd in pipe or ():
            with contextlib.suppress(OSError):
                os.close(fd)

    def set(self) -> None:
        super().set()
        with self._lock:
            if self._pipe is not None:
                with contextlib.suppress(OSError):  # full: it is awake already
                    os.write(self._pipe[1], b"x")


class ResilientDriver(LinuxDriver):
    """Writes to a terminal that has gone are dropped, so the app can still exit; input is
    decoded and bounded by :class:`InputFilter` before Textual's parser sees it."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self._file is not None:
            self._file = ForgivingOutput(self._file)  # type: ignore[assignment]
        self.exit_event = self._waking = _WakingEvent()

    def run_input_thread(self) -> None:
        """Read the terminal, filter, parse, and post the events (the driver's input thread).

        In place of Textual's own loop, which decodes strict UTF-8 and hands the parser
        anything; the parser is still Textual's (a private module, as its driver uses)."""
        from textual._parser import ParseError
        from textual._xterm_parser import XTermParser

        fd = self.fileno
        parser = XTermParser(self._debug)
        incoming = InputFilter()
        selector = selectors.SelectSelector()
        selector.register(fd, selectors.EVENT_READ)
        wake = self._waking.open()
        selector.register(wake, selectors.EVENT_READ)
        last_input = time.monotonic()

        def deliver(text: str) -> None:
            if text:
                for event in parser.feed(text):
                    self.process_message(event)

        try:
            while not self.exit_event.is_set():
                self._wait_for_the_app()
                quiet = time.monotonic() - last_input > QUIET
                ready = [key.fd for key, _ in selector.select(None if quiet else TICK)]
                if wake in ready:
                    with contextlib.suppress(OSError):
                        os.read(wake, 64)
                if fd in ready:
                    try:
                        data = os.read(fd, READ_SIZE)
                    except OSError:  # EIO: the terminal hung up
                        data = b""
                    if not data:
                        # The terminal has gone: the app hears of it by SIGHUP or by its own
                        # check, and saves; reading on would only spin.
                        break
                    last_input = time.monotonic()
                    deliver(incoming.feed(data))
                else:
                    deliver(incoming.flush())  # a quiet moment: nothing more of it comes
                for event in parser.tick():
                    self.process_message(event)
        finally:
            selector.close()
            self._waking.close()
            with contextlib.suppress(EOFError, ParseError):
                for _ in parser.feed(""):
                    pass

    def _wait_for_the_app(self) -> None:
        while self._waiting() > MAX_WAITING_EVENTS and not self.exit_event.is_set():
            self.exit_event.wait(0.01)

    def _waiting(self) -> int:
        # Keys go from the app's queue to the screen's and on to the focused widget's.
        app = self._app
        waiting = app.message_queue_size
        with contextlib.suppress(Exception):  # read from this thread: the stack may change
            screen = app.screen
            waiting += screen.message_queue_size
            if screen.focused is not None:
                waiting += screen.focused.message_queue_size
        return waiting
