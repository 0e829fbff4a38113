"""Playing over SSH: the menu appears, keys and resizes reach the game, disconnects save."""

from __future__ import annotations

import asyncio
from pathlib import Path

import asyncssh

from .conftest import StartServer, connect, game_processes


async def test_the_main_menu_appears_and_keys_work(
    make_server: StartServer, user_key: asyncssh.SSHKey, data_dir: Path
) -> None:
    server = await make_server()
    client = await connect(server, "ann", user_key)
    await client.wait_for("New game")
    client.press("s")
    await client.wait_for("Default name, seat 1")
    client.drop()


async def test_a_resize_reaches_the_game(
    make_server: StartServer, user_key: asyncssh.SSHKey
) -> None:
    server = await make_server()
    client = await connect(server, "ann", user_key, size=(80, 24))
    await client.wait_for("New game")
    client.resize(120, 40)
    # The footer is redrawn on the new bottom row.
    await client.wait_for(lambda text: "palette" in text.splitlines()[39])
    client.drop()


async def test_a_dropped_connection_leaves_no_process_behind(
    make_server: StartServer, user_key: asyncssh.SSHKey, data_dir: Path
) -> None:
    server = await make_server()
    client = await connect(server, "ann", user_key)
    await client.wait_for("New game")
    assert game_processes(data_dir)
    client.drop()
    for _ in range(100):
        if not game_processes(data_dir) and not server.live:
            break
        await asyncio.sleep(0.1)
    assert not game_processes(data_dir)
    assert not server.live
