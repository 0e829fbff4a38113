"""The table owner's keys, through real SSH clients (issue 28, item 5): at a table `b` and
`x` are never choice keys, and the owner's footer shows them."""

from __future__ import annotations

import asyncssh

from ringbearer_tui.tables.protocol import SeatPlan

from .conftest import StartServer, connect

SIZE = (120, 30)


async def test_the_owner_gives_an_absent_seat_to_a_bot_and_closes_the_table(
    make_server: StartServer,
) -> None:
    keys = {name: asyncssh.generate_private_key("ssh-ed25519") for name in ("ann", "bo")}
    server = await make_server()
    table = server.tables.open(
        "ann",
        "mount-doom",
        [SeatPlan("Ann"), SeatPlan("Bo")],
        seed=4,
        open_to_all=True,
        spectators=True,
    )
    bo = await connect(server, "bo", keys["bo"], size=SIZE, command=f"join {table.name}")
    await bo.wait_for(f"Table {table.name}")
    bo.drop()
    ann = await connect(server, "ann", keys["ann"], size=SIZE, command=f"join {table.name}")
    await ann.wait_for("Bo is away")
    footer = (await ann.wait_for("Close table")).splitlines()[-1]
    assert "b Bot  " in footer
    assert "i Invite" in footer
    assert "x Close table" in footer
    steps = len(table.match.log)
    ann.press("b")
    await ann.wait_for("Let a bot play for them?")
    assert len(table.match.log) == steps  # the key played no choice
    ann.press("y")
    await ann.wait_for(lambda text: "Bo is away" not in text)
    assert table.session.seats[1].is_bot
    ann.press("x")
    await ann.wait_for("Close this table?")
    ann.press("y")
    await ann.wait_for(lambda text: table.name not in server.tables.tables)
    assert table.record.closed
    ann.drop()
