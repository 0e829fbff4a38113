"""Games over SSH: one asked for by name, saved by a dropped connection, continued later."""

from __future__ import annotations

import asyncio
from pathlib import Path

import asyncssh

import ringbearer_engine as rb
from ringbearer_tui.server.accounts import AccountStore
from ringbearer_tui.storage import SaveStore

from .conftest import StartServer, connect, game_processes


def autosaves(data_dir: Path, username: str) -> SaveStore:
    account = AccountStore(data_dir).find(username)
    assert account is not None
    return SaveStore(account.data / "saves", account.data / "autosaves")


async def test_a_dropped_game_is_saved_and_continues_on_reconnect(
    make_server: StartServer, user_key: asyncssh.SSHKey, data_dir: Path
) -> None:
    server = await make_server()
    client = await connect(server, "ann", user_key, size=(120, 40), command="mount-doom")
    await client.wait_for("Choices")
    client.press("1")  # the first choice: a roll
    await client.wait_for("Keep")
    client.drop()
    for _ in range(100):
        if not game_processes(data_dir) and not server.live:
            break
        await asyncio.sleep(0.1)
    assert not game_processes(data_dir)
    [entry] = autosaves(data_dir, "ann").entries()
    saved = autosaves(data_dir, "ann").load(entry)
    assert saved.game_id == "mount-doom"
    assert len(saved.log) == 1

    again = await connect(server, "ann", user_key, size=(120, 40))
    await again.wait_for("Continue: Adventure to Mount Doom")
    again.press("c")
    # The choices and the retold log are drawn in separate frames: wait for both.
    await again.wait_for(lambda text: "Keep" in text and "Roll" in text)  # the roll retold
    again.drop()


async def test_each_account_continues_only_its_own_game(
    make_server: StartServer, data_dir: Path
) -> None:
    server = await make_server()
    ann, bob = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(2))
    first = await connect(server, "ann", ann, size=(120, 40), command="mount-doom")
    await first.wait_for("Choices")
    first.press("1")
    await first.wait_for("Keep")
    first.drop()
    other = await connect(server, "bob", bob, size=(120, 40))
    await other.wait_for("No game to continue")
    other.press("l")
    await other.wait_for("No saved games yet")
    other.drop()
    assert rb.list_games()
