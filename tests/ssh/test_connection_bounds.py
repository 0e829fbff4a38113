"""What one connection may make the server do (issue 48): key exchanges, env requests,
channel requests and window changes are bounded, with real asyncssh clients on 127.0.0.1.

A few clients here do what no honest client does, through asyncssh's internals (a re-key on
demand): the point is to send the server exactly what a hostile client would."""

from __future__ import annotations

import asyncio
import logging
import stat
from pathlib import Path
from typing import Any

import asyncssh
import pytest
from asyncssh.public_key import SSHLocalKeyPair

from ringbearer_tui.server import core
from ringbearer_tui.server.config import ServeConfig
from ringbearer_tui.server.connection_guard import ONE_SESSION, Guard, check_supported
from ringbearer_tui.server.core import RATE_LIMITED, GameServer, ServeError
from ringbearer_tui.server.terminal import set_size as real_set_size

from .conftest import TIMEOUT, StartServer, connect
from .test_limits import logged, login, settle


def start_key_exchange(connection: asyncssh.SSHClientConnection) -> None:
    """Make the client start a new key exchange now, as a hostile client may at any time."""
    connection._send_kexinit()
    connection._kexinit_sent = True  # as asyncssh's own re-key


async def key_exchange_done(connection: asyncssh.SSHClientConnection) -> None:
    await settle(lambda: bool(connection._kex_complete), 10.0)
    assert connection._kex_complete


class RekeysWhileSigning(SSHLocalKeyPair):
    """A key that starts a new key exchange as it signs its login, before the server has
    accepted it."""

    def __init__(self, key: asyncssh.SSHKey) -> None:
        super().__init__(key, None, None, None)
        self.connections: list[asyncssh.SSHClientConnection] = []

    def sign(self, data: bytes) -> bytes:
        start_key_exchange(self.connections[0])
        return super().sign(data)


class Remembered(asyncssh.SSHClient):
    def __init__(self, into: list[asyncssh.SSHClientConnection]) -> None:
        self.into = into

    def connection_made(self, conn: asyncssh.SSHClientConnection) -> None:
        self.into.append(conn)


# -- key exchanges ------------------------------------------------------------------------------


async def test_a_new_key_exchange_before_login_cuts_the_connection(
    make_server: StartServer, user_key: asyncssh.SSHKey, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    server = await make_server()
    key = RekeysWhileSigning(user_key)
    with pytest.raises(asyncssh.DisconnectError, match="before logging in"):
        await asyncio.wait_for(
            asyncssh.connect(
                "127.0.0.1",
                server.port,
                username="ann",
                client_factory=lambda: Remembered(key.connections),
                known_hosts=None,
                agent_path=None,
                client_keys=[key],
            ),
            TIMEOUT,
        )
    assert {"why": "a new key exchange before logging in"}.items() <= logged(caplog, "refused")[
        -1
    ].items()
    assert server.accounts.find("ann") is None


async def test_a_logged_in_client_may_re_key_within_its_hourly_allowance(
    make_server: StartServer, user_key: asyncssh.SSHKey
) -> None:
    server = await make_server(rekeys_per_hour=2)
    connection = await login(server, "ann", user_key)
    for _ in range(2):
        start_key_exchange(connection)
        await key_exchange_done(connection)
    # Still served: a command without a terminal is answered, not cut off.
    result = await asyncio.wait_for(connection.run("mount-doom"), TIMEOUT)
    assert "needs an interactive terminal" in str(result.stdout)
    connection.close()


async def test_a_re_key_past_the_hourly_allowance_cuts_the_connection(
    make_server: StartServer, user_key: asyncssh.SSHKey, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    server = await make_server(rekeys_per_hour=1)
    connection = await login(server, "ann", user_key)
    start_key_exchange(connection)
    await key_exchange_done(connection)
    start_key_exchange(connection)
    await asyncio.wait_for(connection.wait_closed(), TIMEOUT)
    refusal = logged(caplog, "refused")[-1]
    assert refusal["why"] == "more than 1 key exchanges in an hour"
    assert refusal["account"] == "ann"


def test_the_first_key_exchange_is_the_handshake_and_the_servers_own_are_not_counted() -> None:
    bounds = Guard(rekeys_per_hour=1, logged_in=lambda: True)
    assert bounds.allow_key_exchange(server_asked=False, now=0.0) is None  # the handshake
    for moment in (1.0, 2.0, 3.0):
        assert bounds.allow_key_exchange(server_asked=True, now=moment) is None
    assert bounds.allow_key_exchange(server_asked=False, now=4.0) is None
    assert bounds.allow_key_exchange(server_asked=False, now=5.0) is not None
    # An hour after the last one counted, the allowance is back.
    assert bounds.allow_key_exchange(server_asked=False, now=3604.0) is None


# -- one session channel ------------------------------------------------------------------------


async def test_a_second_session_channel_is_refused_when_it_is_opened(
    make_server: StartServer, user_key: asyncssh.SSHKey, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    server = await make_server()
    connection = await login(server, "ann", user_key)
    first = await connection.create_process(term_type="xterm-256color", term_size=(80, 24))
    for _ in range(3):
        with pytest.raises(asyncssh.ChannelOpenError, match=ONE_SESSION):
            await asyncio.wait_for(connection.create_process("mount-doom"), TIMEOUT)
    assert sum(r["why"] == "second session" for r in logged(caplog, "refused")) == 3
    first.close()
    connection.close()


# -- channel requests ---------------------------------------------------------------------------


async def test_env_requests_are_refused_and_nothing_of_them_is_kept(
    make_server: StartServer, user_key: asyncssh.SSHKey, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[dict[str, str]] = []
    serve = GameServer._serve

    async def recording(self: GameServer, process: Any, info: Any) -> tuple[int, str]:
        seen.append(dict(process.env))
        return await serve(self, process, info)

    monkeypatch.setattr(GameServer, "_serve", recording)
    server = await make_server()
    connection = await login(server, "ann", user_key)
    big = {f"ROGUE_{n}": "x" * 4096 for n in range(200)}
    result = await asyncio.wait_for(connection.run("mount-doom", env=big), TIMEOUT)
    assert "needs an interactive terminal" in str(result.stdout)
    assert seen == [{}]
    connection.close()


async def test_a_flood_of_channel_requests_cuts_the_connection(
    make_server: StartServer, user_key: asyncssh.SSHKey, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    server = await make_server()
    client = await connect(server, "ann", user_key)
    await client.wait_for("New game")
    for n in range(3000):
        client.process.change_terminal_size(80 + n % 7, 24)
    await client.wait_closed()
    assert any(r["why"] == "too many channel requests" for r in logged(caplog, "refused"))


async def test_a_burst_of_window_changes_reaches_the_game_as_a_few_ending_with_the_last(
    make_server: StartServer, user_key: asyncssh.SSHKey, monkeypatch: pytest.MonkeyPatch
) -> None:
    sizes: list[tuple[int, int]] = []

    def counting(master: int, columns: int, rows: int) -> None:
        sizes.append((columns, rows))
        real_set_size(master, columns, rows)

    monkeypatch.setattr(core, "set_size", counting)
    server = await make_server()
    client = await connect(server, "ann", user_key)
    await client.wait_for("New game")
    for n in range(200):
        client.process.change_terminal_size(81 + n % 50, 25)
    client.resize(100, 30)
    await settle(lambda: bool(sizes) and sizes[-1] == (100, 30), 5.0)
    assert sizes[-1] == (100, 30)
    assert len(sizes) <= 5
    await client.wait_for(lambda text: len(text.splitlines()[0]) == 100)
    client.drop()


# -- refusals, start-up -------------------------------------------------------------------------


async def test_a_refused_connection_reads_the_servers_sentence(
    make_server: StartServer, user_key: asyncssh.SSHKey
) -> None:
    server = await make_server(connections_per_minute=1)
    first = await login(server, "ann", user_key)
    with pytest.raises(asyncssh.DisconnectError) as refusal:
        await login(server, "ann", user_key)
    assert refusal.value.reason.startswith(RATE_LIMITED)
    first.close()


@pytest.mark.parametrize("where", ["folder", "database"])
def test_the_server_refuses_to_start_over_a_data_folder_others_can_write(
    tmp_path: Path, where: str
) -> None:
    data_dir = tmp_path / "server"
    data_dir.mkdir(mode=0o700)
    target = data_dir if where == "folder" else data_dir / "ringbearer.db"
    target.touch()
    target.chmod(target.stat().st_mode | stat.S_IWOTH)
    config = ServeConfig(host="127.0.0.1", port=0, data_dir=data_dir)
    with pytest.raises(ServeError, match=f"other users may write to {target}"):
        GameServer(config, asyncssh.generate_private_key("ssh-ed25519"))


def test_the_installed_asyncssh_carries_the_connection_bounds() -> None:
    assert check_supported() is None


# -- logins: what a key query tells, and forged signatures --------------------------------------


class AskOnly(SSHLocalKeyPair):
    """Asks whether a key would do and notes whether the server said yes (it is then asked
    to sign, which it cannot)."""

    def __init__(self, key: asyncssh.SSHKey) -> None:
        super().__init__(key, None, None, None)
        self.server_said_yes = False

    def sign(self, data: bytes) -> bytes:
        self.server_said_yes = True
        raise ValueError("only asking")


class Forged(SSHLocalKeyPair):
    """Shows one key and signs with another: a signature that cannot be good."""

    def __init__(self, shown: asyncssh.SSHKey) -> None:
        super().__init__(shown, None, None, None)
        self.signer = SSHLocalKeyPair(
            asyncssh.generate_private_key("ssh-ed25519"), None, None, None
        )

    def sign(self, data: bytes) -> bytes:
        return self.signer.sign(data)


async def ask(server: GameServer, username: str, key: AskOnly) -> None:
    with pytest.raises(asyncssh.PermissionDenied):
        await asyncio.wait_for(
            asyncssh.connect(
                "127.0.0.1",
                server.port,
                username=username,
                client_keys=[key],
                known_hosts=None,
                agent_path=None,
                preferred_auth="publickey",
            ),
            TIMEOUT,
        )


async def test_a_key_query_is_answered_alike_whether_or_not_the_account_exists(
    make_server: StartServer, user_key: asyncssh.SSHKey
) -> None:
    server = await make_server()
    (await login(server, "ann", user_key)).close()
    stranger = asyncssh.generate_private_key("ssh-ed25519")
    answers = {}
    for name in ("ann", "nobody"):
        query = AskOnly(stranger)
        await ask(server, name, query)
        answers[name] = query.server_said_yes
    assert answers == {"ann": True, "nobody": True}
    assert server.accounts.find("nobody") is None


async def test_a_signed_login_with_another_accounts_name_is_still_refused(
    make_server: StartServer, user_key: asyncssh.SSHKey
) -> None:
    server = await make_server()
    (await login(server, "ann", user_key)).close()
    with pytest.raises(asyncssh.PermissionDenied):
        await login(server, "ann", asyncssh.generate_private_key("ssh-ed25519"))


async def test_forged_signatures_are_counted_logged_and_cut_the_connection(
    make_server: StartServer, user_key: asyncssh.SSHKey, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    server = await make_server(max_auth_tries=3)
    (await login(server, "ann", user_key)).close()
    forged = [Forged(user_key) for _ in range(10)]
    with pytest.raises((asyncssh.PermissionDenied, asyncssh.DisconnectError)):
        await asyncio.wait_for(
            asyncssh.connect(
                "127.0.0.1",
                server.port,
                username="ann",
                client_keys=forged,
                known_hosts=None,
                agent_path=None,
                preferred_auth="publickey",
            ),
            TIMEOUT,
        )
    auths = logged(caplog, "auth")
    assert sum(a.get("why") == "bad signature" for a in auths) == 3
    assert auths[-1]["result"] == "too many"
