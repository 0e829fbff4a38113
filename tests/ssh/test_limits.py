"""The server against hostile and careless clients, round two (issue 28): the limits hold
against real asyncssh clients on 127.0.0.1, with the limits scaled down to prove the point."""

from __future__ import annotations

import asyncio
import logging
import os
import stat
import time
from pathlib import Path
from typing import Any

import asyncssh
import pytest

from ringbearer_tui.server.core import GameServer
from ringbearer_tui.tables.protocol import SeatPlan

from .conftest import TIMEOUT, Client, StartServer, connect, game_processes


async def settle(done: object, seconds: float = 15.0) -> None:
    assert callable(done)
    deadline = time.monotonic() + seconds
    while not done() and time.monotonic() < deadline:
        await asyncio.sleep(0.05)


def logged(caplog: pytest.LogCaptureFixture, event: str) -> list[dict[str, object]]:
    return [
        record.fields  # type: ignore[attr-defined]
        for record in caplog.records
        if record.getMessage() == event
    ]


async def login(
    server: GameServer, username: str, key: asyncssh.SSHKey, **options: Any
) -> asyncssh.SSHClientConnection:
    return await asyncio.wait_for(
        asyncssh.connect(
            "127.0.0.1",
            server.port,
            username=username,
            client_keys=[key],
            known_hosts=None,
            agent_path=None,
            preferred_auth="publickey",
            **options,
        ),
        TIMEOUT,
    )


async def screen_of(connection: asyncssh.SSHClientConnection, command: str | None = None) -> Client:
    import pyte

    process = await connection.create_process(
        command, term_type="xterm-256color", term_size=(80, 24), encoding=None
    )
    screen = pyte.Screen(80, 24)
    client = Client(connection, process, screen, pyte.ByteStream(screen))
    client.start()
    return client


# -- 1. one slot per game, taken in one step ----------------------------------------------------


async def test_many_channels_on_one_connection_get_one_game(
    make_server: StartServer, user_key: asyncssh.SSHKey, data_dir: Path
) -> None:
    server = await make_server(max_sessions=3)
    connection = await login(server, "ann", user_key)
    opened = await asyncio.gather(
        *(screen_of(connection) for _ in range(6)), return_exceptions=True
    )
    # Refused as they are opened (issue 48), before anything is made for them.
    refused = [o for o in opened if isinstance(o, asyncssh.ChannelOpenError)]
    assert len(refused) == 5
    assert all("One session per connection" in error.reason for error in refused)
    # The one game may still be starting (the zygote imports the app as the server starts):
    # wait for it, then give a wrongly admitted second game a second to show.
    await settle(lambda: len(game_processes(data_dir)) >= 1)
    await asyncio.sleep(1.0)
    assert len(game_processes(data_dir)) == 1
    connection.abort()


async def test_logins_at_once_never_pass_the_session_limit(
    make_server: StartServer, data_dir: Path
) -> None:
    server = await make_server(max_sessions=2)
    keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(6)]
    clients = await asyncio.gather(
        *(connect(server, f"player{n}", key) for n, key in enumerate(keys))
    )
    await settle(lambda: sum(client.closed for client in clients) >= 4)
    await settle(lambda: len(game_processes(data_dir)) >= 2)  # both may still be starting
    await asyncio.sleep(1.0)
    assert len(game_processes(data_dir)) == 2
    assert sum(b"The server is full (2 players)" in client.raw for client in clients) == 4
    for client in clients:
        client.drop()


async def test_one_account_logging_in_at_once_gets_one_game(
    make_server: StartServer, user_key: asyncssh.SSHKey, data_dir: Path
) -> None:
    server = await make_server()
    clients = await asyncio.gather(*(connect(server, "ann", user_key) for _ in range(4)))

    def each_settled() -> bool:
        return all(
            client.closed or "New game" in client.text() or "Take that game over" in client.text()
            for client in clients
        )

    await settle(each_settled)
    await asyncio.sleep(1.0)
    assert len(game_processes(data_dir)) == 1
    assert sum("New game" in client.text() for client in clients) == 1
    for client in clients:
        client.drop()


# -- 2. output to a client that does not read ---------------------------------------------------


async def test_a_client_that_stops_reading_is_held_to_the_buffer_then_dropped(
    make_server: StartServer, user_key: asyncssh.SSHKey, data_dir: Path
) -> None:
    limit = 64 * 1024
    server = await make_server(output_buffer=limit, output_stall_timeout=2.0)
    connection = await login(server, "ann", user_key)
    # A small window and nobody reading: the server's side of the channel fills at once.
    process = await connection.create_process(
        term_type="xterm-256color", term_size=(300, 100), encoding=None, window=8192
    )
    peak = 0
    deadline = time.monotonic() + 20
    while not game_processes(data_dir) and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    for n in range(60):  # each size change redraws the whole screen
        process.change_terminal_size(300 - n % 2, 100)
        await asyncio.sleep(0.05)
        peak = max([peak, *(channel_backlog(server))])
        if not server.live:
            break
    await settle(lambda: not server.live)
    assert not server.live, "the client that reads nothing was never dropped"
    assert peak <= limit + 65536  # at most one read of the game's output past the limit
    await settle(lambda: not game_processes(data_dir))
    assert not game_processes(data_dir)
    connection.abort()


def channel_backlog(server: GameServer) -> list[int]:
    return [game.peak_backlog for game in server.live.values()]


# -- 3. descriptors under a flood ---------------------------------------------------------------


async def test_bare_connections_past_the_login_caps_are_closed_at_once(
    make_server: StartServer, user_key: asyncssh.SSHKey, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="ringbearer.serve")
    server = await make_server(max_unauthenticated_per_address=3, connections_per_minute=1000)
    opened = [await asyncio.open_connection("127.0.0.1", server.port) for _ in range(10)]

    async def closed_soon(reader: asyncio.StreamReader) -> bool:
        try:
            while True:
                line = await asyncio.wait_for(reader.read(1024), 4.0)
                if not line:
                    return True
        except TimeoutError:
            return False
        except OSError:
            return True

    closed = await asyncio.gather(*(closed_soon(reader) for reader, _ in opened))
    # Only three may wait to log in from one address; the others are closed once they have
    # read the refusal, or after a second when they send nothing.
    assert sum(closed) == 7
    refusals = [f for f in logged(caplog, "refused") if "this address" in str(f["why"])]
    assert len(refusals) == 1  # a flood is logged once
    for _, writer in opened:
        writer.close()
    await asyncio.sleep(0.5)
    # With the flood gone, a real login gets in.
    client = await connect(server, "ann", user_key)
    await client.wait_for("New game")
    client.drop()


async def test_a_login_that_opens_no_session_is_closed_after_the_login_timeout(
    make_server: StartServer, user_key: asyncssh.SSHKey
) -> None:
    server = await make_server(login_timeout=1.0)
    connection = await login(server, "ann", user_key)  # as ``ssh -N`` does
    await asyncio.wait_for(connection.wait_closed(), 5.0)


def test_the_documented_unit_raises_the_open_file_limit() -> None:
    docs = Path(__file__).parents[2] / "docs" / "ssh.md"
    assert "LimitNOFILE=" in docs.read_text()


# -- 6. each game's limits ----------------------------------------------------------------------


async def test_input_past_the_rate_waits(
    make_server: StartServer, user_key: asyncssh.SSHKey
) -> None:
    rate = 2000
    server = await make_server(input_rate=rate)
    client = await connect(server, "ann", user_key)
    await client.wait_for("New game")
    began = time.monotonic()
    client.process.stdin.write(b"\x1b[A" * 30_000)  # 90 kB of arrow keys
    await asyncio.sleep(2.0)
    [game] = server.live.values()
    allowed = 2 * rate + rate * (time.monotonic() - began)
    assert game.input_bytes <= allowed + 4096
    client.drop()


async def test_each_game_is_held_to_its_memory_limit(
    make_server: StartServer, user_key: asyncssh.SSHKey, data_dir: Path
) -> None:
    server = await make_server(game_memory=1536)
    client = await connect(server, "ann", user_key)
    await client.wait_for("New game")
    [pid] = game_processes(data_dir)
    limits = Path(f"/proc/{pid}/limits").read_text()
    [line] = [line for line in limits.splitlines() if line.startswith("Max address space")]
    assert line.split()[3:5] == [str(1536 * 1024 * 1024)] * 2
    client.drop()


async def test_a_flooded_game_still_saves_at_hang_up(
    make_server: StartServer, user_key: asyncssh.SSHKey, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="ringbearer.serve")
    server = await make_server(hangup_grace=5.0)
    client = await connect(server, "ann", user_key, command="mount-doom")
    await client.wait_for("Choices")
    client.process.stdin.write(b"1" * 2_000_000)
    await asyncio.sleep(3.0)
    client.drop()
    await settle(lambda: logged(caplog, "disconnect"), 20)
    [ending] = logged(caplog, "disconnect")
    assert ending["exit"] == 0  # saved and exited by itself, not killed
    account = server.accounts.find("ann")
    assert account is not None
    assert list((account.data).rglob("*.rbsave"))


# -- 8. algorithms and keys as current OpenSSH --------------------------------------------------


async def test_a_connection_gets_six_tries_at_a_key(make_server: StartServer) -> None:
    server = await make_server()
    right = asyncssh.generate_private_key("ssh-ed25519")
    (await connect(server, "ann", right)).drop()
    wrong = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(6)]
    with pytest.raises((asyncssh.PermissionDenied, asyncssh.DisconnectError, OSError)):
        await asyncio.wait_for(
            asyncssh.connect(
                "127.0.0.1",
                server.port,
                username="ann",
                client_keys=[*wrong, right],
                known_hosts=None,
                agent_path=None,
                preferred_auth="publickey",
            ),
            TIMEOUT,
        )


@pytest.mark.parametrize(
    "key",
    [
        asyncssh.generate_private_key("ssh-dss"),
        asyncssh.generate_private_key("ssh-rsa", key_size=1024),
    ],
    ids=["dsa", "rsa-1024"],
)
async def test_weak_keys_are_refused(make_server: StartServer, key: asyncssh.SSHKey) -> None:
    server = await make_server()
    with pytest.raises(asyncssh.PermissionDenied):
        await login(server, "ann", key)
    assert server.accounts.usernames() == []


async def test_rsa_keys_sign_with_sha2_only(make_server: StartServer) -> None:
    server = await make_server()
    key = asyncssh.generate_private_key("ssh-rsa", key_size=2048)
    with pytest.raises(asyncssh.PermissionDenied):
        await login(server, "ann", key, signature_algs=["ssh-rsa"])
    connection = await login(server, "ann", key, signature_algs=["rsa-sha2-256"])
    connection.close()


@pytest.mark.parametrize(
    "options",
    [{"kex_algs": ["diffie-hellman-group14-sha1"]}, {"mac_algs": ["hmac-sha1"]}],
    ids=["sha1-kex", "sha1-mac"],
)
async def test_sha1_key_exchange_and_macs_are_not_offered(
    make_server: StartServer, user_key: asyncssh.SSHKey, options: dict[str, list[str]]
) -> None:
    server = await make_server()
    with pytest.raises((asyncssh.KeyExchangeFailed, asyncssh.DisconnectError)):
        await login(server, "ann", user_key, encryption_algs=["aes128-ctr"], **options)


# -- 9. files for the server's user only --------------------------------------------------------


async def test_files_are_private_whatever_the_umask(
    make_server: StartServer, user_key: asyncssh.SSHKey, data_dir: Path
) -> None:
    previous = os.umask(0o022)
    try:
        server = await make_server()
        server.tables.open(
            "ann",
            "adventure-game",
            [SeatPlan("Ann"), SeatPlan("Bo")],
            seed=1,
            open_to_all=True,
            spectators=True,
        )
        client = await connect(server, "ann", user_key, command="mount-doom")
        await client.wait_for("Choices")
        client.drop()
        await settle(lambda: not server.live)
    finally:
        os.umask(previous)
    paths = [data_dir, *data_dir.rglob("*")]
    assert any(path.name == "match.rbsave" for path in paths)
    assert any(path.name == "authorized_keys" for path in paths)
    open_ones = [
        (str(path), oct(path.lstat().st_mode & 0o777))
        for path in paths
        if not path.is_symlink()
        and path.lstat().st_mode & 0o077
        and not stat.S_ISSOCK(path.lstat().st_mode)
    ]
    assert open_ones == []


async def test_a_data_folder_open_to_others_is_warned_about(
    make_server: StartServer, data_dir: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="ringbearer.serve")
    data_dir.mkdir(mode=0o755)
    data_dir.chmod(0o755)
    await make_server()
    assert [f for f in logged(caplog, "warning") if f["path"] == str(data_dir)]


# -- 10. shutting down, and watching --------------------------------------------------------------


async def test_shutting_down_does_not_wait_for_a_take_over_question(
    make_server: StartServer, user_key: asyncssh.SSHKey, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="ringbearer.serve")
    server = await make_server()
    first = await connect(server, "ann", user_key)
    await first.wait_for("New game")
    second = await connect(server, "ann", user_key)
    await second.wait_for("Take that game over here?")
    began = time.monotonic()
    await asyncio.wait_for(server.close(), TIMEOUT)
    assert time.monotonic() - began < server.config.hangup_grace + 2
    await second.wait_closed()
    assert b"The server is shutting down." in second.raw
    whys = [fields["why"] for fields in logged(caplog, "disconnect")]
    assert "the server is shutting down" in whys
    assert "refused" not in whys


async def test_a_spectator_is_not_idle_while_the_table_moves(
    make_server: StartServer, user_key: asyncssh.SSHKey
) -> None:
    server = await make_server(idle_timeout=6.0, table_bot_delay=0.3)
    table = server.tables.open(
        "bob",
        "mount-doom",
        [SeatPlan("Bob"), SeatPlan("Hal", bot="heuristic")],
        seed=3,
        open_to_all=True,
        spectators=True,
    )
    server.tables._give_to_bot(table, 0)  # nobody but bots: it moves on and on
    watcher = await connect(server, "ann", user_key, size=(100, 30), command=f"watch {table.name}")
    await watcher.wait_for("Watching table")
    await asyncio.sleep(8.0)
    assert not watcher.closed, watcher.text()
    assert b"idle for too long" not in watcher.raw
    watcher.drop()


# -- 4. bytes no terminal should send -----------------------------------------------------------


async def test_bad_bytes_and_escape_sequences_do_not_end_a_game(
    make_server: StartServer, user_key: asyncssh.SSHKey, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="ringbearer.serve")
    server = await make_server()
    client = await connect(server, "ann", user_key)
    await client.wait_for("New game")
    # (The DCS body is a key the main menu leaves alone: its first 256 reach the app.)
    for data in (b"\xe9", b"\x1b[999999999999999999999A", b"\x1bP" + b"z" * 60_000 + b"\x1b\\"):
        client.process.stdin.write(data)
    client.press("s")
    await client.wait_for("Default name, seat 1")
    assert not client.closed
    assert not logged(caplog, "disconnect")
    client.drop()
