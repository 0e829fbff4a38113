"""End to end with the system's OpenSSH client in a real terminal (tmux)."""

from __future__ import annotations

import asyncio
import shutil
import subprocess
import time
import uuid
from pathlib import Path

import asyncssh
import pytest

from .conftest import TIMEOUT, StartServer

pytestmark = pytest.mark.skipif(
    shutil.which("ssh") is None or shutil.which("tmux") is None,
    reason="needs the OpenSSH client and tmux (Debian: openssh-client, tmux)",
)


def tmux(*args: str) -> str:
    return subprocess.run(
        ["tmux", *args], capture_output=True, text=True, check=False, timeout=10
    ).stdout


async def test_openssh_in_tmux_shows_the_menu_and_takes_keys(
    make_server: StartServer, tmp_path: Path
) -> None:
    server = await make_server()
    key_path = tmp_path / "id_ed25519"
    key_path.write_bytes(asyncssh.generate_private_key("ssh-ed25519").export_private_key())
    key_path.chmod(0o600)
    session = f"rb-{uuid.uuid4().hex[:8]}"
    command = (
        f"ssh -tt -p {server.port} -i {key_path} -o IdentitiesOnly=yes "
        "-o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR "
        "frodo@127.0.0.1"
    )
    tmux("new-session", "-d", "-s", session, "-x", "90", "-y", "28", command)
    try:

        async def screen_shows(text: str) -> str:
            deadline = time.monotonic() + TIMEOUT
            while time.monotonic() < deadline:
                shown = tmux("capture-pane", "-p", "-t", session)
                if text in shown:
                    return shown
                await asyncio.sleep(0.2)
            raise AssertionError(f"never saw {text!r}:\n{shown}")

        await screen_shows("New game")
        tmux("send-keys", "-t", session, "r")
        await screen_shows("Adventure to Mount Doom")
    finally:
        tmux("kill-session", "-t", session)
