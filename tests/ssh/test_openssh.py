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


def openssh(port: int, key_path: Path, *options: str) -> list[str]:
    return [
        "ssh",
        "-p",
        str(port),
        "-i",
        str(key_path),
        "-o",
        "IdentitiesOnly=yes",
        "-o",
        "BatchMode=yes",
        "-o",
        "StrictHostKeyChecking=no",
        "-o",
        "UserKnownHostsFile=/dev/null",
        *options,
        "frodo@127.0.0.1",
    ]


def private_key(tmp_path: Path) -> Path:
    key_path = tmp_path / "id_ed25519"
    key_path.write_bytes(asyncssh.generate_private_key("ssh-ed25519").export_private_key())
    key_path.chmod(0o600)
    return key_path


async def test_openssh_gets_no_sha1_key_exchange(make_server: StartServer, tmp_path: Path) -> None:
    server = await make_server()
    run = await asyncio.create_subprocess_exec(
        *openssh(
            server.port,
            private_key(tmp_path),
            "-o",
            "KexAlgorithms=diffie-hellman-group14-sha1",
            "-N",
        ),
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.PIPE,
    )
    _, errors = await asyncio.wait_for(run.communicate(), TIMEOUT)
    assert run.returncode != 0
    assert b"no matching key exchange method" in errors


async def test_openssh_dash_n_is_closed_after_the_login_timeout(
    make_server: StartServer, tmp_path: Path
) -> None:
    server = await make_server(login_timeout=1.0)
    run = await asyncio.create_subprocess_exec(
        *openssh(server.port, private_key(tmp_path), "-N"),
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.DEVNULL,
    )
    began = time.monotonic()
    await asyncio.wait_for(run.wait(), 10.0)
    assert time.monotonic() - began < 8.0


async def test_openssh_prints_the_sentence_of_a_refused_connection(
    make_server: StartServer, tmp_path: Path
) -> None:
    from ringbearer_tui.server.core import RATE_LIMITED

    server = await make_server(connections_per_minute=1)
    key = private_key(tmp_path)
    for _ in range(2):
        run = await asyncio.create_subprocess_exec(
            *openssh(server.port, key, "-T"),
            stdout=asyncio.subprocess.DEVNULL,
            stderr=asyncio.subprocess.PIPE,
        )
        _, errors = await asyncio.wait_for(run.communicate(), TIMEOUT)
    # The second is over the rate: OpenSSH used to report "banner line contains invalid
    # characters" or a broken pipe, as the refusal came before the version line or before
    # the client had finished sending its own.
    assert RATE_LIMITED.encode() in errors
    assert b"invalid characters" not in errors
