"""The Account screen of a served game, at 80x24: its keys and "Invite a friend" on a server
that registers by invitation, and the invitation it makes (issue 48)."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import asyncssh
import pytest
from textual.pilot import Pilot

from ringbearer_tui.app import RingbearerApp
from ringbearer_tui.dialogs.message import MessageDialog
from ringbearer_tui.environment import (
    ACCOUNT_ENV,
    KEYS_FILE_ENV,
    REGISTRATION_ENV,
    SSH_HOST_ENV,
    SSH_PORT_ENV,
    TABLE_SOCKET_ENV,
    TABLE_TOKEN_ENV,
)
from ringbearer_tui.paths import AppPaths
from ringbearer_tui.server.table_socket import TableSocket
from ringbearer_tui.server.tables import TableService

Snap = Callable[..., bool]
KEY = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGZ1c3P7rZ0mV0h8cB3u1y5Gm1x5u3kq1bq6x3m0Xc2n ann@laptop"


def serve_invitations(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kept: list[object]
) -> Callable[[], Any]:
    """What the app finds when served by a server registering by invitation; the socket is
    started in the app's loop (its first step)."""
    keys_file = tmp_path / "authorized_keys"
    asyncssh.import_public_key(KEY)  # a real key: the screen lists it
    keys_file.write_text(KEY + "\n")
    monkeypatch.setenv(KEYS_FILE_ENV, str(keys_file))
    monkeypatch.setenv(ACCOUNT_ENV, "ann")
    monkeypatch.setenv(REGISTRATION_ENV, "invite")
    monkeypatch.setenv(SSH_HOST_ENV, "games.example.org")
    monkeypatch.setenv(SSH_PORT_ENV, "2222")

    async def start() -> None:
        service = TableService(tmp_path / "server", lambda name: None)

        def inviter(username: str) -> tuple[str, float, int]:
            return "k3j9fx2q7a", 1_800_000_000.0, 1

        socket = TableSocket(service, tmp_path / "t.sock", inviter)
        await socket.start()
        monkeypatch.setenv(TABLE_SOCKET_ENV, str(socket.path))
        monkeypatch.setenv(TABLE_TOKEN_ENV, service.issue_token("ann"))
        kept.extend([service, socket])

    return start


def test_the_account_screen_with_invite_a_friend(
    snap_compare: Snap, quick_settings: AppPaths, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kept: list[object] = []
    start = serve_invitations(tmp_path, monkeypatch, kept)

    async def open_account(pilot: Pilot[Any]) -> None:
        await start()
        await pilot.pause()
        await pilot.press("a")
        await pilot.pause(0.3)

    assert snap_compare(
        RingbearerApp(quick_settings), run_before=open_account, terminal_size=(80, 24)
    )


def test_an_invitation_for_a_friend(
    snap_compare: Snap, quick_settings: AppPaths, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()  # the expiry is shown in local time: UTC here, wherever the test runs
    kept: list[object] = []
    start = serve_invitations(tmp_path, monkeypatch, kept)

    async def invite(pilot: Pilot[Any]) -> None:
        await start()
        await pilot.pause()
        await pilot.press("a")
        await pilot.pause()
        await pilot.press("i")
        for _ in range(100):
            if isinstance(pilot.app.screen, MessageDialog):
                break
            await pilot.pause(0.05)
        await pilot.pause(0.3)

    try:
        assert snap_compare(
            RingbearerApp(quick_settings), run_before=invite, terminal_size=(80, 24)
        )
    finally:
        monkeypatch.undo()
        time.tzset()
