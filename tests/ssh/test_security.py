"""What the server refuses: strangers' keys, other accounts' files, commands, forwarding."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import asyncssh
import pytest

from ringbearer_tui.server.accounts import AccountStore
from ringbearer_tui.server.terminal import RESET

from .conftest import TIMEOUT, StartServer, connect, game_processes


async def test_an_unknown_key_for_a_registered_username_is_refused(
    make_server: StartServer, user_key: asyncssh.SSHKey
) -> None:
    server = await make_server()
    first = await connect(server, "ann", user_key)
    await first.wait_for("New game")
    first.drop()
    stranger = asyncssh.generate_private_key("ssh-ed25519")
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(server, "ann", stranger)


async def test_the_registered_key_logs_in_again(
    make_server: StartServer, user_key: asyncssh.SSHKey
) -> None:
    server = await make_server()
    for _ in range(2):
        client = await connect(server, "ann", user_key)
        await client.wait_for("New game")
        client.drop()
        await asyncio.sleep(0.3)


@pytest.mark.parametrize("name", ["../bob", "Ann", "a b", "guest", "x" * 40, "-dash"])
async def test_usernames_that_could_name_a_path_are_refused(
    make_server: StartServer, user_key: asyncssh.SSHKey, name: str
) -> None:
    server = await make_server()
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(server, name, user_key)


async def test_each_account_gets_its_own_folder_named_by_the_server(
    make_server: StartServer, data_dir: Path
) -> None:
    server = await make_server()
    keys = {name: asyncssh.generate_private_key("ssh-ed25519") for name in ("ann", "bob")}
    for name, key in keys.items():
        client = await connect(server, name, key)
        await client.wait_for("New game")
        client.drop()
    store = AccountStore(data_dir)
    ann, bob = store.find("ann"), store.find("bob")
    assert ann is not None
    assert bob is not None
    assert ann.folder != bob.folder
    assert "ann" not in str(ann.folder)
    assert "bob" not in str(bob.folder)
    assert not ann.data.is_relative_to(bob.folder)
    assert not bob.data.is_relative_to(ann.folder)


async def test_a_password_cannot_log_in(make_server: StartServer) -> None:
    server = await make_server()
    with pytest.raises(asyncssh.PermissionDenied):
        await asyncio.wait_for(
            asyncssh.connect(
                "127.0.0.1",
                server.port,
                username="ann",
                password="mellon",
                known_hosts=None,
                client_keys=None,
                agent_path=None,
            ),
            TIMEOUT,
        )


async def test_guests_only_when_allowed(make_server: StartServer) -> None:
    closed = await make_server()
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(closed, "guest", None)


async def test_a_guest_plays_in_a_throw_away_folder(
    make_server: StartServer, data_dir: Path
) -> None:
    server = await make_server(allow_guests=True)
    client = await connect(server, "guest", None)
    await client.wait_for("New game")
    assert list((data_dir / "guests").iterdir())
    client.drop()
    for _ in range(100):
        if not list((data_dir / "guests").iterdir()):
            break
        await asyncio.sleep(0.1)
    assert not list((data_dir / "guests").iterdir())


async def test_a_session_without_a_terminal_is_told_to_use_one(
    make_server: StartServer, user_key: asyncssh.SSHKey
) -> None:
    server = await make_server()
    client = await connect(server, "ann", user_key, term=None)
    await client.wait_closed()
    assert b"needs an interactive terminal" in client.raw
    assert b"ssh -t" in client.raw


@pytest.mark.parametrize("command", ["sh", "ls /", "rm -rf /", "mount-doom; sh", "../x"])
async def test_commands_other_than_a_game_are_refused(
    make_server: StartServer, user_key: asyncssh.SSHKey, command: str
) -> None:
    server = await make_server()
    client = await connect(server, "ann", user_key, command=command)
    await client.wait_closed()
    assert b"You can ask for one of these games" in client.raw
    assert client.process.exit_status == 1


async def test_port_forwarding_is_refused(
    make_server: StartServer, user_key: asyncssh.SSHKey
) -> None:
    server = await make_server()
    client = await connect(server, "ann", user_key)
    with pytest.raises(asyncssh.ChannelOpenError):
        await client.connection.create_connection(asyncssh.SSHTCPSession, "127.0.0.1", 22)
    client.drop()


async def test_sftp_is_refused(make_server: StartServer, user_key: asyncssh.SSHKey) -> None:
    server = await make_server()
    client = await connect(server, "ann", user_key)
    with pytest.raises((asyncssh.SFTPError, asyncssh.ChannelOpenError, asyncssh.Error)):
        await asyncio.wait_for(client.connection.start_sftp_client(), TIMEOUT)
    client.drop()


async def test_the_session_limit_refuses_politely(make_server: StartServer) -> None:
    server = await make_server(max_sessions=1)
    first = await connect(server, "ann", asyncssh.generate_private_key("ssh-ed25519"))
    await first.wait_for("New game")
    second = await connect(server, "bob", asyncssh.generate_private_key("ssh-ed25519"))
    await second.wait_closed()
    assert b"The server is full (1 players)" in second.raw
    first.drop()


async def test_the_idle_timeout_saves_and_ends_the_session(
    make_server: StartServer, user_key: asyncssh.SSHKey, data_dir: Path
) -> None:
    server = await make_server(idle_timeout=5.0)  # start-up alone takes 2 s on a busy machine
    client = await connect(server, "ann", user_key)
    await client.wait_for("New game")
    await client.wait_closed(timeout=15)
    assert b"idle for too long" in client.raw
    assert RESET in client.raw
    assert not game_processes(data_dir)


async def test_the_session_time_limit_holds(
    make_server: StartServer, user_key: asyncssh.SSHKey
) -> None:
    server = await make_server(max_session_time=5.0)
    client = await connect(server, "ann", user_key)
    await client.wait_for("New game")
    client.press("s")
    await client.wait_closed(timeout=15)
    assert b"the session time is up" in client.raw


async def test_too_many_connections_from_one_address_are_refused(make_server: StartServer) -> None:
    server = await make_server(connections_per_minute=2)
    key = asyncssh.generate_private_key("ssh-ed25519")
    for _ in range(2):
        client = await connect(server, "ann", key)
        await client.wait_for("New game")
        client.drop()
        await asyncio.sleep(0.3)
    # Closed at once, as OpenSSH closes a connection past MaxStartups: kept open, each such
    # connection would hold a file descriptor until its login timed out.
    with pytest.raises((OSError, asyncssh.Error)):
        await connect(server, "ann", key)


async def test_a_game_that_dies_leaves_a_tidy_terminal(
    make_server: StartServer, user_key: asyncssh.SSHKey, data_dir: Path
) -> None:
    import os
    import signal

    server = await make_server()
    client = await connect(server, "ann", user_key)
    await client.wait_for("New game")
    [pid] = game_processes(data_dir)
    os.kill(pid, signal.SIGKILL)
    await client.wait_closed()
    assert client.raw.endswith(RESET + b"\r\nThe game stopped unexpectedly; it was saved.\r\n")


async def test_a_second_login_may_take_the_game_over(
    make_server: StartServer, user_key: asyncssh.SSHKey, data_dir: Path
) -> None:
    server = await make_server()
    first = await connect(server, "ann", user_key)
    await first.wait_for("New game")
    second = await connect(server, "ann", user_key)
    await second.wait_for("Take that game over here?")
    second.press("y")
    await first.wait_closed()
    assert b"taken over by a new login" in first.raw
    await second.wait_for("New game")
    assert len(game_processes(data_dir)) == 1
    second.drop()


async def test_a_second_login_may_leave_the_game_alone(
    make_server: StartServer, user_key: asyncssh.SSHKey
) -> None:
    server = await make_server()
    first = await connect(server, "ann", user_key)
    await first.wait_for("New game")
    second = await connect(server, "ann", user_key)
    await second.wait_for("Take that game over here?")
    second.press("n")
    await second.wait_closed()
    assert b"Leaving the other game as it is" in second.raw
    assert not first.closed
    first.drop()


async def test_shutting_down_saves_every_game_first(
    make_server: StartServer, user_key: asyncssh.SSHKey, data_dir: Path
) -> None:
    server = await make_server()
    client = await connect(server, "ann", user_key)
    await client.wait_for("New game")
    await asyncio.wait_for(server.close(), TIMEOUT)
    await client.wait_closed()
    assert b"the server is shutting down" in client.raw
    assert not game_processes(data_dir)


async def test_every_connection_is_logged(
    make_server: StartServer, user_key: asyncssh.SSHKey, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="ringbearer.serve")
    server = await make_server()
    client = await connect(server, "ann", user_key, size=(90, 30))
    await client.wait_for("New game")
    client.drop()
    for _ in range(100):
        if any(r.getMessage() == "disconnect" for r in caplog.records):
            break
        await asyncio.sleep(0.1)
    events = [r.getMessage() for r in caplog.records]
    assert events[:2] == ["connect", "auth"]
    assert "session" in events
    [end] = [r for r in caplog.records if r.getMessage() == "disconnect"]
    fields = end.fields  # type: ignore[attr-defined]
    assert fields["account"] == "ann"
    assert fields["address"] == "127.0.0.1"
    assert fields["term"] == "xterm-256color"
    assert fields["size"] == "90x30"
    assert fields["why"] == "disconnected"


async def test_reconnecting_after_a_drop_does_not_ask_to_take_over(
    make_server: StartServer, user_key: asyncssh.SSHKey
) -> None:
    server = await make_server()
    first = await connect(server, "ann", user_key)
    await first.wait_for("New game")
    first.drop()
    second = await connect(server, "ann", user_key)
    await second.wait_for("New game")
    assert b"Take that game over" not in second.raw
    second.drop()
