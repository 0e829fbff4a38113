"""The server's side of the zygote (see :mod:`.zygote`): ask it for a game, hear how each
game ended, and carry on without it if it dies.

A forked game is the zygote's child, not the server's, so the zygote reports each exit. If
the zygote dies, its games are re-parented to the server, which on Linux asks to be their
"subreaper" beforehand; the server then waits for them itself, and starts later games as
it did before the zygote (one ``python -m ringbearer_tui`` each).
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import os
import socket
import sys
from pathlib import Path
from typing import Protocol

import msgspec

from .logs import log
from .zygote import MESSAGE_LIMIT, Exited, Order, Ready, Refused, Report, Started

READY_WAIT = 30.0
"""Seconds a login waits for a zygote that is still importing (about a CPU-second, much more
wall time on a loaded machine); a zygote not ready by then is given up."""
FORK_WAIT = 10.0
"""Seconds the zygote has to answer an order."""
_PR_SET_CHILD_SUBREAPER = 36


class GameProcess(Protocol):
    """What the server needs of a game's process, however it was started."""

    @property
    def pid(self) -> int: ...

    @property
    def returncode(self) -> int | None: ...

    async def wait(self) -> int: ...


class ForkedGame:
    """A game the zygote forked: its exit comes from the zygote's report (or, once the
    zygote has gone, from the server's own wait)."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.returncode: int | None = None
        self._ended = asyncio.Event()
        self._watch = -1

    def ended(self, status: int) -> None:
        if self.returncode is None:
            self.returncode = status
        self._ended.set()
        self._stop_watching()

    async def wait(self) -> int:
        await self._ended.wait()
        assert self.returncode is not None
        return self.returncode

    def adopt(self) -> None:
        """The zygote has died: watch the game ourselves (it is re-parented to us)."""
        if self._ended.is_set():
            return
        try:
            self._watch = os.pidfd_open(self.pid)
        except OSError:  # gone already, or no pidfd: nobody can tell how it ended
            self.ended(0)
            return
        asyncio.get_running_loop().add_reader(self._watch, self._exited)

    def _exited(self) -> None:
        status = 0
        with contextlib.suppress(ChildProcessError, OSError):
            pid, raw = os.waitpid(self.pid, os.WNOHANG)
            if pid == 0:
                return  # not yet reaped by the kernel's count; the pidfd says again
            status = os.waitstatus_to_exitcode(raw)
        self.ended(status)

    def _stop_watching(self) -> None:
        if self._watch >= 0:
            with contextlib.suppress(ValueError, OSError):
                asyncio.get_running_loop().remove_reader(self._watch)
            os.close(self._watch)
            self._watch = -1


class Zygote:
    """The zygote process and the socket to it."""

    MODULE = "ringbearer_tui.server.zygote"
    """The zygote's program, run as ``python -m MODULE FD``."""

    def __init__(self) -> None:
        self.process: asyncio.subprocess.Process | None = None
        self.ready = asyncio.Event()
        self.dead = asyncio.Event()
        self._socket: socket.socket | None = None
        self._orders: dict[int, asyncio.Future[Started | Refused]] = {}
        self._games: dict[int, ForkedGame] = {}
        self._exits: dict[int, int] = {}
        """Exits reported before the answer to their order was read."""
        self._next = 0
        self._decoder = msgspec.json.Decoder(Report)
        self._closing = False

    async def start(self, env: dict[str, str]) -> None:
        """Start the zygote; it is :attr:`ready` once it has imported the app."""
        _become_subreaper()
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            self.process = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                self.MODULE,
                str(theirs.fileno()),
                stdin=asyncio.subprocess.DEVNULL,
                stdout=asyncio.subprocess.DEVNULL,
                env=env,
                cwd="/",
                pass_fds=[theirs.fileno()],
                # Out of the server's process group: a ^C meant for the server is not its.
                start_new_session=True,
            )
        except BaseException:
            ours.close()
            raise
        finally:
            theirs.close()
        ours.setblocking(False)
        self._socket = ours
        asyncio.get_running_loop().add_reader(ours.fileno(), self._readable)

    async def spawn(
        self, args: list[str], env: dict[str, str], cwd: Path, terminal: int
    ) -> ForkedGame | None:
        """A forked game, with ``terminal`` (the PTY's slave end) as its terminal; ``None``
        when the zygote cannot give one (not ready in time, dead, or refused)."""
        if not self.dead.is_set() and not self.ready.is_set():
            try:
                await asyncio.wait_for(self._ready_or_dead(), READY_WAIT)
            except TimeoutError:
                log("zygote", action="not ready", why=f"not ready after {READY_WAIT:g} s")
                self._give_up()
        if self._socket is None or self.dead.is_set() or not self.ready.is_set():
            return None
        self._next += 1
        number = self._next
        answer: asyncio.Future[Started | Refused] = asyncio.get_running_loop().create_future()
        self._orders[number] = answer
        order = msgspec.json.encode(Order(number, args, env, str(cwd)))
        try:
            await asyncio.wait_for(self._send(order, terminal), FORK_WAIT)
            reply = await asyncio.wait_for(answer, FORK_WAIT)
        except (OSError, TimeoutError, ConnectionError) as error:
            log("zygote", action="no answer", why=f"{type(error).__name__}: {error}")
            return None
        finally:
            self._orders.pop(number, None)
        if isinstance(reply, Refused):
            log("zygote", action="refused", why=reply.why)
            return None
        game = ForkedGame(reply.pid)
        self._games[reply.pid] = game
        if reply.pid in self._exits:
            game.ended(self._exits.pop(reply.pid))
        elif self.dead.is_set():
            game.adopt()
        return game

    async def _send(self, order: bytes, terminal: int) -> None:
        # Many logins at once can fill the socket while the zygote forks: wait for room.
        while True:
            if self._socket is None:
                raise ConnectionError("the zygote has gone")
            try:
                socket.send_fds(self._socket, [order], [terminal])
                return
            except BlockingIOError:
                await asyncio.sleep(0.01)

    async def _ready_or_dead(self) -> None:
        ready = asyncio.ensure_future(self.ready.wait())
        dead = asyncio.ensure_future(self.dead.wait())
        try:
            await asyncio.wait({ready, dead}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            ready.cancel()
            dead.cancel()

    def _readable(self) -> None:
        assert self._socket is not None
        while True:
            try:
                data = self._socket.recv(MESSAGE_LIMIT)
            except (BlockingIOError, InterruptedError):
                return
            except OSError:
                data = b""
            if not data:
                self._died()
                return
            try:
                report = self._decoder.decode(data)
            except msgspec.DecodeError:
                continue
            if isinstance(report, Ready):
                self.ready.set()
                log("zygote", action="ready", pid=report.pid)
            elif isinstance(report, Exited):
                game = self._games.pop(report.pid, None)
                if game is None:
                    self._exits[report.pid] = report.status
                else:
                    game.ended(report.status)
            else:
                waiting = self._orders.get(report.id)
                if waiting is not None and not waiting.done():
                    waiting.set_result(report)

    def _died(self) -> None:
        if self.dead.is_set():
            return
        self.dead.set()
        if self._socket is not None:
            asyncio.get_running_loop().remove_reader(self._socket.fileno())
            self._socket.close()
            self._socket = None
        if self.ready.is_set() and not self._closing:
            log("zygote", action="died", why="games are started one process each from now on")
        for waiting in self._orders.values():
            if not waiting.done():
                waiting.set_exception(ConnectionError("the zygote has gone"))
        for game in self._games.values():
            game.adopt()

    def _give_up(self) -> None:
        """Stop waiting for a zygote that does not answer: every game starts afresh now."""
        if self.process is not None and self.process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                self.process.kill()
        self._died()

    async def close(self) -> None:
        """Stop the zygote (it exits when its socket closes); running games go on."""
        self._closing = True
        if self._socket is not None:
            self._died()
        if self.process is not None and self.process.returncode is None:
            try:
                await asyncio.wait_for(self.process.wait(), 5.0)
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError):
                    self.process.kill()
                await self.process.wait()


def _become_subreaper() -> None:
    """Ask Linux to give this process the orphans of its children (a dead zygote's games),
    so it can wait for them; elsewhere nothing is done and such an exit reads as 0."""
    if not sys.platform.startswith("linux"):
        return
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
