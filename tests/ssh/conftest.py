"""A real SSH server on 127.0.0.1 with a generated host key, and clients that read the
screen through a terminal emulator (pyte). Everything is bounded in time."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import os
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncssh
import pyte
import pytest

from ringbearer_tui.server.config import ServeConfig
from ringbearer_tui.server.core import GameServer

TIMEOUT = 40.0

StartServer = Callable[..., Awaitable[GameServer]]
"""``await make_server(**config)``: a running server on a free loopback port."""


@dataclass
class Client:
    """One SSH connection with a PTY, and the screen it shows."""

    connection: asyncssh.SSHClientConnection
    process: asyncssh.SSHClientProcess[bytes]
    screen: pyte.Screen
    stream: pyte.ByteStream
    _reader: asyncio.Task[None] | None = None
    closed: bool = False
    raw: bytearray = dataclasses.field(default_factory=bytearray)

    def start(self) -> None:
        self._reader = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        try:
            while True:
                data = await self.process.stdout.read(65536)
                if not data:
                    break
                self.raw.extend(data)
                self.stream.feed(data)
        except (asyncssh.Error, OSError):
            pass
        finally:
            self.closed = True

    def text(self) -> str:
        return "\n".join(self.screen.display)

    async def wait_for(self, wanted: str | Callable[[str], bool], timeout: float = TIMEOUT) -> str:
        check = (lambda t: wanted in t) if isinstance(wanted, str) else wanted
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if check(self.text()):
                return self.text()
            await asyncio.sleep(0.05)
        raise AssertionError(f"never saw {wanted!r}; the screen shows:\n{self.text()}")

    async def wait_closed(self, timeout: float = TIMEOUT) -> None:
        deadline = time.monotonic() + timeout
        while not self.closed and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        assert self.closed, "the session did not end"

    def press(self, keys: str) -> None:
        self.process.stdin.write(keys.encode())

    def resize(self, columns: int, rows: int) -> None:
        self.screen.resize(rows, columns)
        self.process.change_terminal_size(columns, rows)

    def drop(self) -> None:
        """A network failure: the connection goes away without a goodbye."""
        self.connection.abort()


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "server"


@pytest.fixture
async def make_server(data_dir: Path) -> AsyncIterator[StartServer]:
    servers: list[GameServer] = []

    async def start(**settings: Any) -> GameServer:
        # Most tests register names as they log in; the invitation tests say otherwise.
        settings.setdefault("registration", "open")
        config = ServeConfig(host="127.0.0.1", port=0, data_dir=data_dir, **settings)
        server = GameServer(config, asyncssh.generate_private_key("ssh-ed25519"))
        await server.start()
        servers.append(server)
        return server

    yield start
    for server in servers:
        await asyncio.wait_for(server.close(), TIMEOUT)


@pytest.fixture
def user_key() -> asyncssh.SSHKey:
    return asyncssh.generate_private_key("ssh-ed25519")


async def connect(
    server: GameServer,
    username: str,
    key: asyncssh.SSHKey | None,
    *,
    size: tuple[int, int] = (80, 24),
    term: str | None = "xterm-256color",
    command: str | None = None,
) -> Client:
    connection = await asyncio.wait_for(
        asyncssh.connect(
            "127.0.0.1",
            server.port,
            username=username,
            client_keys=[key] if key else None,
            known_hosts=None,
            agent_path=None,
            preferred_auth="publickey,none" if key else "none",
        ),
        TIMEOUT,
    )
    process = await connection.create_process(
        command,
        term_type=term,
        term_size=size if term else None,
        encoding=None,
    )
    screen = pyte.Screen(*size)
    client = Client(connection, process, screen, pyte.ByteStream(screen))
    client.start()
    return client


def game_processes(data_dir: Path) -> list[int]:
    """Game processes serving accounts under ``data_dir``: each runs in its account's folder
    there, whether it was started afresh or forked by the zygote (whose command line it
    keeps)."""
    found = []
    root = os.path.realpath(data_dir) + os.sep
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            with contextlib.suppress(OSError):
                if os.readlink(f"/proc/{pid}/cwd").startswith(root):
                    found.append(int(pid))
    return found
