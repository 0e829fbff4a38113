"""A shared table end to end: two SSH clients and a spectator (asyncssh + pyte, each with its
own game process) play a seeded 2-player Adventure Game to its end. On the way one player
drops and comes back to the same seat, and the server restarts and the table resumes."""

from __future__ import annotations

import asyncio
import logging
import time

import asyncssh
import pytest

import ringbearer_engine as rb
from ringbearer_tui.paths import resolve_paths
from ringbearer_tui.server.core import GameServer
from ringbearer_tui.server.tables import Table
from ringbearer_tui.storage import SUFFIX
from ringbearer_tui.tables.protocol import SeatPlan

from .conftest import Client, StartServer, connect

SEED = 15
"""Always taking the first choice, this seed's game ends in about a hundred steps."""
SIZE = (100, 30)
FIRST_CHOICE = "│1 "
"""The first line of the list of choices: the screen has choices to offer."""


def open_table(server: GameServer) -> Table:
    return server.tables.open(
        "ann",
        "adventure-game",
        [SeatPlan("Ann"), SeatPlan("Bo")],
        seed=SEED,
        open_to_all=True,
        spectators=True,
    )


class Players:
    """The two seats' clients and the spectator's, and what each screen must never show."""

    def __init__(self, ann: Client, bo: Client, cy: Client) -> None:
        self.seats = {0: ann, 1: bo}
        self.cy = cy

    def check_no_leak(self) -> None:
        ann, bo = self.seats[0].text(), self.seats[1].text()
        assert "Bo's hand" not in ann
        assert "Ann's hand" not in bo
        spectator = self.cy.text()
        assert "Ann's hand" not in spectator
        assert "Bo's hand" not in spectator


async def sit(server: GameServer, name: str, key: asyncssh.SSHKey, table: str) -> Client:
    client = await connect(server, name, key, size=SIZE, command=f"join {table}")
    await client.wait_for(f"Table {table}")
    return client


async def play_steps(table_of: object, players: Players, steps: int) -> None:
    """Press the first choice on whichever screen is to move, ``steps`` times (or to the end),
    checking after each step that no screen shows another's hand."""
    assert callable(table_of)
    for _ in range(steps):
        table: Table | None = table_of()
        if table is None or table.match.outcome is not None:
            return
        mover = table.match.to_move
        assert mover is not None
        before = len(table.match.log)
        client = players.seats[mover]
        deadline = time.monotonic() + 20
        while len(table.match.log) == before and not table.record.closed:
            assert time.monotonic() < deadline, client.text()
            if FIRST_CHOICE not in client.text():
                await asyncio.sleep(0.02)  # its update is still on the way
                continue
            client.press("1")
            for _ in range(40):
                await asyncio.sleep(0.02)
                if len(table.match.log) != before:
                    break
        players.check_no_leak()


def board_part(text: str) -> list[str]:
    """The rows of the board's frame, the left of the screen (the log beside it is told in
    other words to a late-comer, so only the board is compared)."""
    rows = text.splitlines()
    right = rows[0].index("╮") + 1 if rows and "╮" in rows[0] else 0
    return [row[:right] for row in rows]


async def a_late_spectator_sees_what_the_first_one_sees(
    server: GameServer, cy: Client, name: str
) -> None:
    """A screen kept up to date row by row, step after step, shows the board exactly as a
    screen drawn whole for the first time: no row was left stale."""
    dee = await connect(
        server,
        "dee",
        asyncssh.generate_private_key("ssh-ed25519"),
        size=SIZE,
        command=f"watch {name}",
    )
    await dee.wait_for("2 watching")
    await cy.wait_for("2 watching")
    deadline = time.monotonic() + 10
    while board_part(cy.text()) != board_part(dee.text()):
        assert time.monotonic() < deadline, f"{cy.text()}\n\n{dee.text()}"
        await asyncio.sleep(0.05)
    dee.drop()
    await cy.wait_for("1 watching")


async def test_two_players_and_a_spectator_play_a_table_to_its_end(
    make_server: StartServer, caplog: pytest.LogCaptureFixture
) -> None:
    keys = {name: asyncssh.generate_private_key("ssh-ed25519") for name in ("ann", "bo", "cy")}
    server = await make_server(table_bot_delay=0.01)
    table = open_table(server)
    name = table.name
    ann = await sit(server, "ann", keys["ann"], name)
    bo = await sit(server, "bo", keys["bo"], name)
    cy = await connect(server, "cy", keys["cy"], size=SIZE, command=f"watch {name}")
    await cy.wait_for("Watching table")
    await ann.wait_for("1 watching")
    await ann.wait_for("Ann's hand")
    await bo.wait_for("Bo's hand")
    players = Players(ann, bo, cy)

    def current() -> Table | None:
        return server.tables.tables.get(name)

    await play_steps(current, players, 20)
    await a_late_spectator_sees_what_the_first_one_sees(server, cy, name)

    # Bo's connection drops: his seat waits for him, the others are told, he comes back to it.
    bo.drop()
    await ann.wait_for("Bo is away")
    players.seats[1] = bo = await sit(server, "bo", keys["bo"], name)
    await bo.wait_for("Bo's hand")
    await ann.wait_for(lambda text: "Bo is away" not in text)
    assert server.tables.tables[name].record.holders == ["ann", "bo"]
    await play_steps(current, players, 20)

    # The server restarts mid-game: the table comes back with its seats and its steps.
    steps = len(server.tables.tables[name].match.log)
    await server.close()
    for client in (ann, bo, cy):
        await client.wait_closed()
    server = await make_server(table_bot_delay=0.01)
    assert len(server.tables.tables[name].match.log) == steps
    ann = await sit(server, "ann", keys["ann"], name)
    bo = await sit(server, "bo", keys["bo"], name)
    cy = await connect(server, "cy", keys["cy"], size=SIZE, command=f"watch {name}")
    await cy.wait_for("Watching table")
    players = Players(ann, bo, cy)
    finished = server.tables.tables[name]
    await play_steps(current, players, 500)

    assert finished.match.outcome is not None
    assert finished.record.closed
    winner = finished.match.players[finished.match.outcome.winners[0]]
    for client in (ann, bo, cy):
        await client.wait_for("wins!")
    # The finished table is in both players' saves.
    for account_name in ("ann", "bo"):
        account = server.accounts.find(account_name)
        assert account is not None
        save = resolve_paths(account.data).saves / f"table {name}{SUFFIX}"
        saved = rb.Match.load(save.read_bytes())
        assert saved.outcome is not None
        assert saved.players[saved.outcome.winners[0]] == winner
    # A dropped connection's last output is let go quietly, not as an error of the server's.
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
