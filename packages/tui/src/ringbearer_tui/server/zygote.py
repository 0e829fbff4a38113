"""The zygote: one process that has imported the app, forking a fresh game per session.

Starting ``python -m ringbearer_tui`` costs about a CPU-second, most of it the interpreter
importing Textual, Rich and the games; a hundred logins would spend that a hundred times.
The server starts this program once instead (``python -m ringbearer_tui.server.zygote FD``).
It imports what a game needs, and then, for each session the server asks for over the
socket FD, forks: the child becomes the session leader of the session's PTY (passed along
with the request), takes its arguments, environment and folder, and runs
``python -m ringbearer_tui`` as if it had just been started; the parent tells the server the
child's pid, and later how it exited.

The zygote itself starts no thread and no event loop (a fork copies only the thread that
calls it, and a loop's selector would be shared), and holds nothing of any session.
"""

from __future__ import annotations

import atexit
import contextlib
import gc
import importlib
import os
import runpy
import selectors
import signal
import socket
import sys
import threading
from typing import NoReturn

import msgspec

PRELOAD = (
    "ringbearer_engine",
    "ringbearer_tui.cli",
    "ringbearer_tui.app",
    "ringbearer_tui.driver",
    "ringbearer_tui.screens.game",
    "ringbearer_tui.screens.main_menu",
    "ringbearer_tui.screens.hand_over",
    "ringbearer_tui.screens.settings",
    "ringbearer_tui.screens.load",
    "ringbearer_tui.screens.review",
    "ringbearer_tui.screens.campaign",
    "ringbearer_tui.screens.account",
    "ringbearer_tui.screens.rules",
    "textual.drivers.linux_driver",
    "textual._xterm_parser",
    "textual.widgets",
)
"""What a game imports on its way to its first screen, imported here once for all."""
TEXTUAL_WIDGETS = (
    "Button",
    "Footer",
    "Header",
    "Input",
    "Label",
    "ListView",
    "ListItem",
    "OptionList",
    "Static",
    "Switch",
    "Select",
    "Markdown",
    "RadioSet",
    "RadioButton",
    "Checkbox",
    "DataTable",
    "TabbedContent",
)
"""Textual imports its widgets when first named; these are named here before any fork."""
GAME_NAME = "ringbearer-game"
"""A forked game's process name (its command line stays the zygote's)."""
MESSAGE_LIMIT = 1 << 16
"""The largest request: arguments and an environment, far below this."""


class Order(msgspec.Struct, frozen=True):
    """A session to start: ``python -m ringbearer_tui ARGS`` in ``cwd`` with ``env``."""

    id: int
    args: list[str]
    env: dict[str, str]
    cwd: str


class Started(msgspec.Struct, frozen=True, tag="started"):
    id: int
    pid: int


class Refused(msgspec.Struct, frozen=True, tag="refused"):
    id: int
    why: str


class Exited(msgspec.Struct, frozen=True, tag="exited"):
    pid: int
    status: int
    """As :attr:`asyncio.subprocess.Process.returncode`: the exit code, or minus the signal."""


class Ready(msgspec.Struct, frozen=True, tag="ready"):
    pid: int


Report = Started | Refused | Exited | Ready
"""What the zygote tells the server."""


def preload() -> None:
    for name in PRELOAD:
        importlib.import_module(name)
    widgets = importlib.import_module("textual.widgets")
    for name in TEXTUAL_WIDGETS:
        with contextlib.suppress(AttributeError, ImportError):
            getattr(widgets, name)
    importlib.import_module("ringbearer_engine").list_games()  # the built-in games load
    # What is imported now lives as long as every game: left out of the collector's
    # passes, its pages are not written to (and so stay shared) when a child collects.
    gc.collect()
    gc.freeze()


def _send(control: socket.socket, report: Report) -> None:
    with contextlib.suppress(OSError):  # the server has gone: the loop sees it next
        control.send(msgspec.json.encode(report))


def _fork(control: socket.socket, order: Order, terminal: int) -> Order | None:
    """The order in the new child, which is to run it; ``None`` in the zygote."""
    try:
        pid = os.fork()
    except OSError as error:
        os.close(terminal)
        _send(control, Refused(order.id, f"fork failed: {error.strerror}"))
        return None
    if pid == 0:
        os.dup2(terminal, 0)
        os.dup2(terminal, 1)
        os.dup2(terminal, 2)
        os.close(terminal)
        return order
    os.close(terminal)
    _send(control, Started(order.id, pid))
    return None


def _reap(control: socket.socket) -> None:
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        _send(control, Exited(pid, os.waitstatus_to_exitcode(status)))


def serve(control: socket.socket) -> Order | None:
    """Fork a game for each order until the server closes the socket (a SOCK_SEQPACKET
    pair: each order is one message, with its PTY). Returns in each child, with the order
    it is to run (the zygote's files closed on the way out), and in the zygote when the
    server has gone, with ``None``."""
    decoder = msgspec.json.Decoder(Order)
    wake_read, wake_write = os.pipe()
    os.set_blocking(wake_write, False)
    signal.set_wakeup_fd(wake_write)
    signal.signal(signal.SIGCHLD, lambda number, frame: None)
    try:
        with selectors.DefaultSelector() as selector:
            selector.register(control, selectors.EVENT_READ)
            selector.register(wake_read, selectors.EVENT_READ)
            _send(control, Ready(os.getpid()))
            while True:
                for key, _ in selector.select():
                    if key.fd == wake_read:
                        with contextlib.suppress(BlockingIOError, InterruptedError):
                            os.read(wake_read, 4096)
                    else:
                        data, fds, _, _ = socket.recv_fds(control, MESSAGE_LIMIT, 4)
                        if not data:
                            return None  # the server has gone; games end with their PTYs
                        order = _take(control, decoder, data, fds)
                        if order is not None:
                            return order
                _reap(control)
    finally:
        signal.set_wakeup_fd(-1)
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        os.close(wake_read)
        os.close(wake_write)


def _take(
    control: socket.socket, decoder: msgspec.json.Decoder[Order], data: bytes, fds: list[int]
) -> Order | None:
    try:
        order = decoder.decode(data)
    except msgspec.DecodeError:
        order = None
    if order is None or len(fds) != 1:
        for fd in fds:
            os.close(fd)
        if order is not None:
            _send(control, Refused(order.id, "an order needs exactly one terminal"))
        return None
    return _fork(control, order, fds[0])


def become(order: Order) -> NoReturn:
    """In the forked child: this session's own process state, then the game itself."""
    control_fds = [fd for fd in range(3, 256) if _is_open(fd)]
    for fd in control_fds:  # nothing of the zygote or other sessions stays open
        with contextlib.suppress(OSError):
            os.close(fd)
    os.setsid()  # a new session, whose controlling terminal the game claims
    # Its name in top and ps -o comm, not the zygote's.
    with contextlib.suppress(OSError), open("/proc/self/comm", "w", encoding="ascii") as name:
        name.write(GAME_NAME)
    os.chdir(order.cwd)
    os.environ.clear()
    os.environ.update(order.env)
    # Python chose block buffering when these were not a terminal; a terminal's is by line.
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(AttributeError, ValueError):
            stream.reconfigure(line_buffering=True)  # type: ignore[union-attr]
    # The zygote's objects stay frozen in the game too: a full collection would otherwise
    # walk (and so copy) them all, again and again. 11 MiB less memory of its own per game,
    # and a fifth less CPU per key.
    sys.argv = [sys.argv[0], *order.args]
    try:
        runpy.run_module("ringbearer_tui", run_name="__main__", alter_sys=True)
        status = 0
    except SystemExit as leaving:
        status = _exit_status(leaving.code)
    _end_quickly(status)


def _exit_status(code: object) -> int:
    """What the interpreter makes of ``sys.exit(code)``."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=sys.stderr)
    return 1


def _end_quickly(status: int) -> NoReturn:
    """End the game as the interpreter would, less its teardown: the threads are waited for,
    the exit handlers run and the streams flushed, but the objects are not freed one by one.
    Freeing them would write to nearly every page the game still shares with the zygote,
    copying each, only for the process to end (its files are closed by the system)."""
    shutdown = getattr(threading, "_shutdown", None)
    if shutdown is not None:
        shutdown()  # what the interpreter calls first: waits for the non-daemon threads
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    os._exit(status)


def _is_open(fd: int) -> bool:
    try:
        os.fstat(fd)
    except OSError:
        return False
    return True


def main() -> None:
    control = socket.socket(fileno=int(sys.argv[1]))
    preload()
    assert threading.active_count() == 1, "a zygote must not fork with threads running"
    try:
        with control:
            order = serve(control)
    except OSError:
        sys.exit(1)
    if order is not None:  # a forked child: the game runs, and its exit ends this process
        become(order)


if __name__ == "__main__":
    main()
