"""Keys added on the Account screen over SSH log in, whatever comment they were pasted with."""

from __future__ import annotations

import asyncio

import asyncssh

from .conftest import StartServer, connect


async def test_a_key_pasted_with_its_comment_logs_in(
    make_server: StartServer, user_key: asyncssh.SSHKey
) -> None:
    server = await make_server()
    laptop = asyncssh.generate_private_key("ssh-ed25519", comment="ann@laptop")
    pasted = laptop.export_public_key("openssh").decode().strip()
    assert pasted.endswith(" ann@laptop")  # the whole .pub line, as docs/ssh.md says

    first = await connect(server, "ann", user_key, size=(100, 30))
    await first.wait_for("New game")
    first.press("a")
    await first.wait_for("keys that may log in")
    first.press("a")
    await first.wait_for("Paste the public key")
    first.press(pasted)
    await first.wait_for("ann@laptop")
    first.press("\r")
    await first.wait_for(lambda screen: screen.count("ssh-ed25519") == 2)
    first.drop()
    await asyncio.sleep(0.3)

    second = await connect(server, "ann", laptop)
    await second.wait_for("New game")
    second.drop()
