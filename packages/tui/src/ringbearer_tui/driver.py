"""Textual's Linux/macOS terminal driver, with output that survives losing the terminal and
input that survives whatever the terminal (or a hostile SSH client) sends."""

from __future__ import annotations

import contextlib
import os
import selectors
from typing import Any

from textual.drivers.linux_driver import LinuxDriver

from .terminal_input import InputFilter
from .terminal_watch import ForgivingOutput

READ_SIZE = 4096
MAX_WAITING_EVENTS = 20
"""Messages the app, its screen and the focused widget may have waiting before no more input
is read: a flood of keys then waits in the terminal (and, over SSH, in the client) rather
than in the app's memory, and a hang-up is not queued behind thousands of key presses (it
must save and exit within the server's grace)."""


class ResilientDriver(LinuxDriver):
    """Writes to a terminal that has gone are dropped, so the app can still exit; input is
    decoded and bounded by :class:`InputFilter` before Textual's parser sees it."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self._file is not None:
            self._file = ForgivingOutput(self._file)  # type: ignore[assignment]

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

        def deliver(text: str) -> None:
            if text:
                for event in parser.feed(text):
                    self.process_message(event)

        try:
            while not self.exit_event.is_set():
                self._wait_for_the_app()
                if selector.select(0.1):
                    try:
                        data = os.read(fd, READ_SIZE)
                    except OSError:  # EIO: the terminal hung up
                        data = b""
                    if not data:
                        # The terminal has gone: the app hears of it by SIGHUP or by its own
                        # check, and saves; reading on would only spin.
                        break
                    deliver(incoming.feed(data))
                else:
                    deliver(incoming.flush())  # a quiet moment: nothing more of it comes
                for event in parser.tick():
                    self.process_message(event)
        finally:
            selector.close()
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
