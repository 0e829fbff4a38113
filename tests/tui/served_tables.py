"""A real table service and its socket in the test's own process, for the app to sit at.

The app under test finds the socket and its token in the environment, as a served session
does; ``connection`` opens another player's connection to the same tables.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import TypeVar

import pytest

from ringbearer_tui.environment import TABLE_SOCKET_ENV, TABLE_TOKEN_ENV
from ringbearer_tui.paths import AppPaths
from ringbearer_tui.server.table_socket import TableSocket
from ringbearer_tui.server.tables import TableService
from ringbearer_tui.settings import Settings, save_settings
from ringbearer_tui.tables.client import TableConnection


class Served:
    def __init__(self, service: TableService, socket: TableSocket) -> None:
        self.service = service
        self.socket = socket

    async def connection(self, account: str) -> TableConnection:
        return await TableConnection.open(self.socket.path, self.service.issue_token(account))


S = TypeVar("S", bound=Served)


@contextlib.asynccontextmanager
async def served_tables(
    kind: type[S],
    tmp_path: Path,
    paths: AppPaths,
    monkeypatch: pytest.MonkeyPatch,
    settings: Settings,
) -> AsyncIterator[S]:
    """Tables served for the app, which sits at them as ``bo`` with ``settings``."""
    service = TableService(tmp_path, lambda name: None, bot_delay=0.01)
    socket = TableSocket(service, tmp_path / "t.sock")
    await socket.start()
    monkeypatch.setenv(TABLE_SOCKET_ENV, str(socket.path))
    monkeypatch.setenv(TABLE_TOKEN_ENV, service.issue_token("bo"))
    save_settings(paths.settings_file, settings)
    try:
        yield kind(service, socket)
    finally:
        await socket.close()
        await service.close_all()


async def until(condition: Callable[[], object], seconds: float = 15.0) -> None:
    """Wait for the screen to catch up with what a test did."""
    for _ in range(int(seconds / 0.05)):
        if condition():
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the screen never caught up")
