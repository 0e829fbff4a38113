"""Each game gets a fair share of the host's CPU (issue 48): every game process leads a
session of its own, which Linux's scheduler treats as a group of its own (autogroup), so a
game that keeps a core busy cannot starve the other games or the server."""

from __future__ import annotations

import os
from pathlib import Path

import asyncssh

from .conftest import StartServer, connect

AUTOGROUP = Path("/proc/sys/kernel/sched_autogroup_enabled")
ROOT_GROUP = "(root group)"


def autogroup(pid: int | str) -> str:
    # "/autogroup-1899 nice 0": the group, then its weight. A process whose ancestors never
    # started a session (a CI container's test runner) is in the root group, which the kernel
    # shows as an empty file.
    words = Path(f"/proc/{pid}/autogroup").read_text().split()
    return words[0] if words else ROOT_GROUP


async def test_every_game_leads_a_session_of_its_own(
    make_server: StartServer, user_key: asyncssh.SSHKey
) -> None:
    server = await make_server()
    ann = await connect(server, "ann", user_key)
    bob = await connect(server, "bob", asyncssh.generate_private_key("ssh-ed25519"))
    for client in (ann, bob):
        await client.wait_for("New game")
    pids = [game.child.pid for game in server.live.values()]
    assert len(pids) == 2
    for pid in pids:
        assert os.getsid(pid) == pid
    if AUTOGROUP.exists() and AUTOGROUP.read_text().strip() == "1":
        groups = {autogroup(pid) for pid in pids}
        assert len(groups) == 2
        assert ROOT_GROUP not in groups
        assert autogroup("self") not in groups
    ann.drop()
    bob.drop()
