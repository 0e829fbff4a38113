"""Tables for friends over real SSH connections (asyncssh + pyte, each with its own game
process): a stranger's `join NAME` on a private table reads exactly as for a name nobody
uses; the friend the owner invited takes the seat; the owner gives it back and the friend's
screen goes to the menu, told why (issue 48)."""

from __future__ import annotations

import asyncssh

from ringbearer_tui.server.tables import Table
from ringbearer_tui.tables.protocol import SeatPlan

from .conftest import StartServer, connect

SIZE = (100, 30)


def private_table(tables: object) -> Table:
    from ringbearer_tui.server.tables import TableService

    assert isinstance(tables, TableService)
    return tables.open("ann", "adventure-game", [SeatPlan("Ann"), SeatPlan("Bo")], seed=15)


def refusal_text(screen: str) -> str:
    """The refusal's sentence, whatever the table's name in it: one line."""
    line = next(line for line in screen.splitlines() if "You cannot sit there" in line)
    return line.strip(" │▎▊")


async def test_a_stranger_cannot_tell_a_private_table_from_no_table(
    make_server: StartServer,
) -> None:
    server = await make_server(table_bot_delay=0.01)
    table = private_table(server.tables)
    keys = {name: asyncssh.generate_private_key("ssh-ed25519") for name in ("ann", "bo", "cy")}
    nowhere = "zzzz" if table.name != "zzzz" else "yyyy"
    screens = []
    for name in (table.name, nowhere):
        cy = await connect(server, "cy", keys["cy"], size=SIZE, command=f"join {name}")
        screens.append(await cy.wait_for("You cannot sit there"))
        cy.drop()
        await cy.wait_closed()
    there, not_there = (refusal_text(screen) for screen in screens)
    assert there.replace(table.name, "NAME") == not_there.replace(nowhere, "NAME")
    assert "there is no open table" in there
    assert table.record.holders == ["ann", ""]

    # Invited by name, Bo takes the seat; given back, he is sent to the menu, told why.
    ann = await connect(server, "ann", keys["ann"], size=SIZE, command=f"join {table.name}")
    await ann.wait_for(f"Table {table.name}")
    owner = next(seated for seated in table.present if seated.account == "ann")
    server.tables.invite(table, owner, "bo")
    bo = await connect(server, "bo", keys["bo"], size=SIZE, command=f"join {table.name}")
    await bo.wait_for("Bo's hand")
    assert table.record.holders == ["ann", "bo"]
    server.tables.free_seat(table, owner, 1)
    await bo.wait_for("gave your seat back")
    await bo.wait_for("New game")  # the main menu
    assert table.record.holders == ["ann", ""]
    for client in (ann, bo):
        client.drop()


async def test_a_spectator_turned_away_is_told_watching_was_refused(
    make_server: StartServer,
) -> None:
    server = await make_server(table_bot_delay=0.01)
    table = private_table(server.tables)
    cy = await connect(
        server,
        "cy",
        asyncssh.generate_private_key("ssh-ed25519"),
        size=SIZE,
        command=f"watch {table.name}",
    )
    screen = await cy.wait_for("You cannot watch there")
    assert "sit" not in screen  # a spectator never asked for a seat
    cy.drop()
