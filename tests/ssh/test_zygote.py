"""Games forked by the zygote: each session is a fresh process of its own, one game's crash
touches no other, and a dead zygote means plain starts, not lost logins."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import socket
from pathlib import Path

import asyncssh
import msgspec
import pytest

from ringbearer_tui.server import zygote
from ringbearer_tui.server.accounts import Account
from ringbearer_tui.server.core import GameServer
from ringbearer_tui.server.forking import Zygote

from .conftest import StartServer, connect


def parent_of(pid: int) -> int:
    stat = Path(f"/proc/{pid}/stat").read_text()
    return int(stat.rsplit(")", 1)[1].split()[1])


def account(server: GameServer, username: str) -> Account:
    found = server.accounts.find(username)
    assert found is not None
    return found


def game_pid(server: GameServer, username: str) -> int:
    [game] = [g for g in server.live.values() if g.account_id == account(server, username).id]
    return game.child.pid


async def zygote_ready(server: GameServer) -> int:
    assert server.zygote is not None
    await asyncio.wait_for(server.zygote.ready.wait(), 30)
    assert server.zygote.process is not None
    return server.zygote.process.pid


async def until(check: object, timeout: float = 20.0) -> None:
    for _ in range(int(timeout / 0.05)):
        if check():  # type: ignore[operator]
            return
        await asyncio.sleep(0.05)
    raise AssertionError("never happened")


async def test_each_session_is_its_own_process_forked_by_the_zygote(
    make_server: StartServer, data_dir: Path
) -> None:
    server = await make_server()
    zygote = await zygote_ready(server)
    ann = await connect(server, "ann", asyncssh.generate_private_key("ssh-ed25519"))
    bo = await connect(server, "bo", asyncssh.generate_private_key("ssh-ed25519"))
    await ann.wait_for("New game")
    await bo.wait_for("New game")
    pids = {game_pid(server, "ann"), game_pid(server, "bo")}
    assert len(pids) == 2
    assert zygote not in pids
    for name in ("ann", "bo"):
        pid = game_pid(server, name)
        assert parent_of(pid) == zygote
        # Its own session and folder: the account's, where its saves go.
        assert os.getsid(pid) == pid
        assert Path(os.readlink(f"/proc/{pid}/cwd")) == account(server, name).data.resolve()
    ann.drop()
    bo.drop()


async def test_a_game_that_crashes_leaves_the_other_games_playing(
    make_server: StartServer, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="ringbearer.serve")
    server = await make_server()
    await zygote_ready(server)
    ann = await connect(server, "ann", asyncssh.generate_private_key("ssh-ed25519"))
    bo = await connect(server, "bo", asyncssh.generate_private_key("ssh-ed25519"))
    await ann.wait_for("New game")
    await bo.wait_for("New game")
    os.kill(game_pid(server, "ann"), signal.SIGKILL)
    await ann.wait_closed()
    # How it ended came from the zygote, whose child it was.
    ended = [r for r in caplog.records if r.getMessage() == "disconnect"]
    assert [r.fields["why"] for r in ended] == ["game exited with -9"]  # type: ignore[attr-defined]
    bo.press("s")
    await bo.wait_for("Default name, seat 1")
    await until(lambda: len(server.live) == 1)
    bo.drop()


async def test_when_the_zygote_dies_its_games_go_on_and_new_ones_start_afresh(
    make_server: StartServer, data_dir: Path
) -> None:
    server = await make_server()
    zygote = await zygote_ready(server)
    ann = await connect(server, "ann", asyncssh.generate_private_key("ssh-ed25519"))
    await ann.wait_for("New game")
    ann_pid = game_pid(server, "ann")
    os.kill(zygote, signal.SIGKILL)
    assert server.zygote is not None
    await asyncio.wait_for(server.zygote.dead.wait(), 20)
    # Ann's game was the zygote's; now it is the server's to wait for.
    await until(lambda: parent_of(ann_pid) == os.getpid())
    ann.press("s")
    await ann.wait_for("Default name, seat 1")
    bo = await connect(server, "bo", asyncssh.generate_private_key("ssh-ed25519"))
    await bo.wait_for("New game")
    assert parent_of(game_pid(server, "bo")) == os.getpid()
    ann.drop()
    await until(lambda: len(server.live) == 1)
    assert not Path(f"/proc/{ann_pid}").exists()  # waited for, not left a zombie
    bo.drop()


async def test_a_zygote_that_never_gets_ready_means_games_started_afresh(
    make_server: StartServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(Zygote, "MODULE", "ringbearer_tui.no_such_module")
    server = await make_server()
    ann = await connect(server, "ann", asyncssh.generate_private_key("ssh-ed25519"))
    await ann.wait_for("New game")
    assert server.zygote is not None
    assert server.zygote.dead.is_set()
    assert parent_of(game_pid(server, "ann")) == os.getpid()
    ann.drop()


async def test_without_the_zygote_each_game_is_started_afresh(make_server: StartServer) -> None:
    server = await make_server(zygote=False)
    assert server.zygote is None
    ann = await connect(server, "ann", asyncssh.generate_private_key("ssh-ed25519"))
    await ann.wait_for("New game")
    assert parent_of(game_pid(server, "ann")) == os.getpid()
    ann.drop()


def test_an_order_without_exactly_one_terminal_is_refused_not_forked() -> None:
    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    with ours, theirs:
        order = zygote.Order(7, ["new", "mount-doom"], {}, "/")
        decoder = msgspec.json.Decoder(zygote.Order)
        assert zygote._take(theirs, decoder, msgspec.json.encode(order), []) is None
        reply = msgspec.json.decode(ours.recv(65536), type=zygote.Report)
        assert reply == zygote.Refused(7, "an order needs exactly one terminal")


def test_an_order_that_is_not_an_order_is_dropped_with_its_descriptors() -> None:
    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    read, write = os.pipe()
    with ours, theirs:
        decoder = msgspec.json.Decoder(zygote.Order)
        assert zygote._take(theirs, decoder, b"not json", [read]) is None
        with pytest.raises(OSError, match="Bad file descriptor"):
            os.fstat(read)  # closed, not leaked
        ours.setblocking(False)
        with pytest.raises(BlockingIOError):
            ours.recv(65536)  # nothing to answer: it had no id
    os.close(write)
