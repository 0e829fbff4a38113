"""Clients that send what no honest terminal sends: the server refuses or limits it, leaks
nothing, registers nothing it should not, and logs it safely."""

from __future__ import annotations

import asyncio
import fcntl
import json
import logging
import os
import struct
import termios
from collections.abc import Callable, Iterator
from pathlib import Path

import asyncssh
import pytest
from asyncssh.public_key import SSHLocalKeyPair

from ringbearer_tui.server.accounts import AccountStore, read_keys
from ringbearer_tui.server.core import GameServer
from ringbearer_tui.server.logs import LOGGER, setup_logging
from ringbearer_tui.server.terminal import MAX_COLUMNS, MAX_ROWS

from .conftest import TIMEOUT, StartServer, connect, game_processes


def open_fds() -> int:
    """File descriptors open in this process, which runs the server."""
    return len(os.listdir("/proc/self/fd"))


async def poll_until(done: Callable[[], bool], seconds: float = 5.0) -> None:
    """Wait until ``done()`` holds or ``seconds`` pass; the caller asserts what it expects."""
    for _ in range(round(seconds / 0.05)):
        if done():
            return
        await asyncio.sleep(0.05)


async def settle_fds(limit: int) -> int:
    """The open descriptors once they fall to ``limit`` (or after five seconds)."""
    await poll_until(lambda: open_fds() <= limit)
    return open_fds()


async def disconnect_record(caplog: pytest.LogCaptureFixture) -> logging.LogRecord:
    for _ in range(200):
        records = [r for r in caplog.records if r.getMessage() == "disconnect"]
        if records:
            return records[-1]
        await asyncio.sleep(0.05)
    raise AssertionError("no disconnect was logged")


class PublicKeyOnly(SSHLocalKeyPair):
    """What ``ssh -i key.pub`` offers when the private key is gone: the public key, asked
    about without a signature, and then no signature at all."""

    def __init__(self, key: asyncssh.SSHKey) -> None:
        super().__init__(key, None, None, None)

    def sign(self, data: bytes) -> bytes:
        raise ValueError("the private key is not at hand")


# -- item 13: sizes and TERM that cannot be used ------------------------------------------------


@pytest.mark.parametrize(
    ("term", "size", "reason"),
    [
        ("xterm-256color", (65536, 24), "window 65536x24 over 1000x500"),
        ("xterm-256color", (80, 70000), "window 80x70000 over 1000x500"),
        ("xterm\x00-256color", (80, 24), "TERM is not a terminal name"),
    ],
    ids=["width-65536", "height-70000", "nul-in-term"],
)
async def test_an_unusable_terminal_is_refused_before_anything_is_opened(
    make_server: StartServer,
    user_key: asyncssh.SSHKey,
    data_dir: Path,
    caplog: pytest.LogCaptureFixture,
    term: str,
    size: tuple[int, int],
    reason: str,
) -> None:
    caplog.set_level(logging.INFO, logger="ringbearer.serve")
    server = await make_server()
    before = open_fds()
    client = await connect(server, "ann", user_key, term=term, size=size)
    await client.wait_closed(timeout=10)
    assert client.process.exit_status == 1
    assert b"Make it smaller" in client.raw or b"terminal type (TERM)" in client.raw
    assert not game_processes(data_dir)
    why = (await disconnect_record(caplog)).fields["why"]  # type: ignore[attr-defined]
    assert why == f"bad terminal: {reason}"
    client.connection.close()
    await client.connection.wait_closed()
    assert await settle_fds(before) <= before  # no descriptor left open by the session


# -- item 14: absurd sizes ----------------------------------------------------------------------


async def test_a_window_over_the_limit_is_refused_with_the_limit(
    make_server: StartServer, user_key: asyncssh.SSHKey, data_dir: Path
) -> None:
    server = await make_server()
    client = await connect(server, "ann", user_key, size=(MAX_COLUMNS + 1, 24))
    await client.wait_closed(timeout=10)
    assert f"up to {MAX_COLUMNS}x{MAX_ROWS}".encode() in client.raw
    assert not game_processes(data_dir)


def pty_size(fd: int) -> tuple[int, int]:
    rows, columns, _, _ = struct.unpack("HHHH", fcntl.ioctl(fd, termios.TIOCGWINSZ, bytes(8)))
    return columns, rows


async def test_a_later_window_change_over_the_limit_is_clamped(
    make_server: StartServer, user_key: asyncssh.SSHKey
) -> None:
    server = await make_server()
    client = await connect(server, "ann", user_key)
    await client.wait_for("New game")
    [game] = server.live.values()
    client.process.change_terminal_size(65535, 65535)
    await poll_until(lambda: pty_size(game.master) != (80, 24))
    assert pty_size(game.master) == (MAX_COLUMNS, MAX_ROWS)
    client.process.change_terminal_size(100, 30)  # the session goes on and still follows
    await poll_until(lambda: pty_size(game.master) == (100, 30))
    assert pty_size(game.master) == (100, 30)
    assert not client.closed
    client.drop()


async def test_a_window_enlarged_during_the_take_over_question_is_clamped(
    make_server: StartServer, user_key: asyncssh.SSHKey
) -> None:
    server = await make_server()
    first = await connect(server, "ann", user_key)
    await first.wait_for("New game")
    second = await connect(server, "ann", user_key)
    await second.wait_for("Take that game over here?")
    second.process.change_terminal_size(5000, 3000)
    await asyncio.sleep(0.2)
    second.press("y")
    await first.wait_closed()
    await poll_until(
        lambda: bool(server.live) and not next(iter(server.live.values())).ended.is_set(),
        seconds=10.0,
    )
    [game] = server.live.values()
    assert pty_size(game.master) == (MAX_COLUMNS, MAX_ROWS)
    second.drop()


# -- item 15: registering only proven, admitted logins ------------------------------------------


async def test_asking_about_a_key_without_signing_registers_nothing(
    make_server: StartServer, user_key: asyncssh.SSHKey, data_dir: Path
) -> None:
    server = await make_server()
    with pytest.raises(asyncssh.PermissionDenied):
        await asyncio.wait_for(
            asyncssh.connect(
                "127.0.0.1",
                server.port,
                username="ann",
                client_keys=[PublicKeyOnly(user_key)],
                known_hosts=None,
                agent_path=None,
                preferred_auth="publickey",
            ),
            TIMEOUT,
        )
    assert AccountStore(data_dir).find("ann") is None
    # The name is still free for whoever proves a key first.
    other = asyncssh.generate_private_key("ssh-ed25519")
    client = await connect(server, "ann", other)
    await client.wait_for("New game")
    client.drop()


async def test_the_key_registered_is_the_one_that_signed(
    make_server: StartServer, user_key: asyncssh.SSHKey, data_dir: Path
) -> None:
    server = await make_server()
    unsigned = asyncssh.generate_private_key("ssh-ed25519")
    connection = await asyncio.wait_for(
        asyncssh.connect(
            "127.0.0.1",
            server.port,
            username="ann",
            client_keys=[PublicKeyOnly(unsigned), user_key],
            known_hosts=None,
            agent_path=None,
            preferred_auth="publickey",
        ),
        TIMEOUT,
    )
    connection.close()
    account = AccountStore(data_dir).find("ann")
    assert account is not None
    assert read_keys(account.keys_file) == [user_key.convert_to_public()]


async def test_a_connection_told_to_wait_registers_nothing(
    make_server: StartServer, data_dir: Path
) -> None:
    server = await make_server(connections_per_minute=1)
    first = await connect(server, "bob", asyncssh.generate_private_key("ssh-ed25519"))
    await first.wait_for("New game")
    with pytest.raises((OSError, asyncssh.Error)):  # closed at once, before any login
        await connect(server, "ann", asyncssh.generate_private_key("ssh-ed25519"))
    store = AccountStore(data_dir)
    assert store.usernames() == ["bob"]
    first.drop()


# -- item 16: guests who never play -------------------------------------------------------------


async def test_a_guest_who_opens_no_session_leaves_no_folder(
    make_server: StartServer, data_dir: Path
) -> None:
    server = await make_server(allow_guests=True)
    connection = await asyncio.wait_for(
        asyncssh.connect(
            "127.0.0.1",
            server.port,
            username="guest",
            client_keys=None,
            known_hosts=None,
            agent_path=None,
            preferred_auth="none",
        ),
        TIMEOUT,
    )
    guests = data_dir / "guests"
    assert not guests.exists() or not list(guests.iterdir())
    connection.close()
    await connection.wait_closed()
    await asyncio.sleep(0.2)
    assert not guests.exists() or not list(guests.iterdir())


# -- item 17: what clients send cannot forge or flood the log -----------------------------------


@pytest.fixture
def server_log(capsys: pytest.CaptureFixture[str]) -> Iterator[Callable[[str], list[str]]]:
    """Switch the server's log to a format, as ``ringbearer serve`` does; read its lines."""
    saved = LOGGER.handlers[:], LOGGER.level, LOGGER.propagate

    def lines(fmt: str) -> list[str]:
        if fmt:
            setup_logging(fmt)
            return []
        return capsys.readouterr().err.splitlines()

    yield lines
    LOGGER.handlers[:], LOGGER.level, LOGGER.propagate = saved


FORGED = "xterm\nFAKE auth address=10.0.0.1 account=root result=ok"


async def until_disconnect_logged(read: Callable[[str], list[str]]) -> list[str]:
    lines: list[str] = []
    for _ in range(200):
        lines += read("")
        if any(" disconnect " in line or '"disconnect"' in line for line in lines):
            return lines
        await asyncio.sleep(0.05)
    raise AssertionError(f"no disconnect was logged: {lines}")


async def hostile_logins(server: GameServer, key: asyncssh.SSHKey) -> None:
    """A forged TERM, a 100 kB TERM and a username that looks like more fields."""
    for term in (FORGED, "x" * 100_000):
        client = await connect(server, "ann", key, term=term, size=(80, 24))
        await client.wait_closed(timeout=10)
        client.connection.close()
    # asyncssh allows no control characters in a username, but spaces and '=' it does.
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(server, "root result=ok", key)


async def test_a_client_cannot_forge_or_flood_text_log_lines(
    make_server: StartServer, user_key: asyncssh.SSHKey, server_log: Callable[[str], list[str]]
) -> None:
    server = await make_server()
    server_log("text")
    await hostile_logins(server, user_key)
    lines = await until_disconnect_logged(server_log)
    events = [line.split(" ")[2] for line in lines]  # after the date and the time
    assert set(events) <= {"connect", "auth", "disconnect"}, lines
    assert not any(line.startswith("FAKE") for line in lines)
    assert any("xterm\\nFAKE auth" in line for line in lines)
    assert any('account="root result=ok" result=refused' in line for line in lines)
    assert max(len(line) for line in lines) < 2000
    # A value with spaces is quoted, so it cannot pass for more fields.
    assert any(
        'term="xterm\\nFAKE auth address=10.0.0.1 account=root result=ok"' in line for line in lines
    )


async def test_a_client_cannot_forge_or_flood_json_log_lines(
    make_server: StartServer, user_key: asyncssh.SSHKey, server_log: Callable[[str], list[str]]
) -> None:
    server = await make_server()
    server_log("json")
    await hostile_logins(server, user_key)
    lines = await until_disconnect_logged(server_log)
    records = [json.loads(line) for line in lines]
    assert {record["event"] for record in records} <= {"connect", "auth", "disconnect"}
    assert max(len(line) for line in lines) < 2000
    assert any(
        record.get("term") == "xterm\\nFAKE auth address=10.0.0.1 account=root result=ok"
        for record in records
    )


# -- also: how a game process ends and where it runs --------------------------------------------


async def test_a_hung_up_game_exits_cleanly_after_saving(
    make_server: StartServer, user_key: asyncssh.SSHKey, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="ringbearer.serve")
    server = await make_server()
    client = await connect(server, "ann", user_key)
    await client.wait_for("New game")
    client.drop()
    fields = (await disconnect_record(caplog)).fields  # type: ignore[attr-defined]
    assert fields["why"] == "disconnected"
    assert fields["exit"] == 0


async def test_a_game_runs_in_its_accounts_folder(
    make_server: StartServer, user_key: asyncssh.SSHKey, data_dir: Path
) -> None:
    server = await make_server()
    client = await connect(server, "ann", user_key)
    await client.wait_for("New game")
    [pid] = game_processes(data_dir)
    account = AccountStore(data_dir).find("ann")
    assert account is not None
    assert Path(os.readlink(f"/proc/{pid}/cwd")) == account.data.resolve()
    client.drop()


async def test_a_game_that_cannot_start_leaves_nothing_open(
    make_server: StartServer,
    user_key: asyncssh.SSHKey,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    caplog.set_level(logging.INFO, logger="ringbearer.serve")

    async def cannot_start(*args: object, **kwargs: object) -> None:
        raise OSError(24, "Too many open files")

    # A game started afresh, as each is when the zygote is off or has gone.
    server = await make_server(zygote=False)
    before = open_fds()
    monkeypatch.setattr(asyncio, "create_subprocess_exec", cannot_start)
    client = await connect(server, "ann", user_key)
    await client.wait_closed(timeout=10)
    why = (await disconnect_record(caplog)).fields["why"]  # type: ignore[attr-defined]
    assert why == "error: OSError: [Errno 24] Too many open files"
    assert not server.live
    client.connection.close()
    await client.connection.wait_closed()
    assert await settle_fds(before) <= before  # no descriptor left open by the session
