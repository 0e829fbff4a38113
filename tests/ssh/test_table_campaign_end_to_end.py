"""A campaign table end to end: two SSH clients and a spectator (asyncssh + pyte, each with
its own game process) play the Book's campaign at one table. Chapter 1 is won, everyone sees
the campaign screen, one player drops between chapters and comes back, both say they are
ready, chapter 2 starts, the server restarts in the middle of it and the table resumes.

Chapter 1 takes a hundred steps; this test plays them for the players through the table
service in this process (as the table's bots would), so that it stays short. Every other
step of the way, chapter 2's moves included, is keys pressed on the players' screens."""

from __future__ import annotations

import asyncio
import time

import asyncssh

import ringbearer_engine as rb
from ringbearer_tui.games.adventure_book.saves import CampaignRecord, CampaignStore, encode
from ringbearer_tui.paths import resolve_paths
from ringbearer_tui.seats import Seat
from ringbearer_tui.server.core import GameServer
from ringbearer_tui.server.tables import Table

from .conftest import Client, StartServer, connect

SEED = 5
"""This campaign's first chapter is won by the heuristic's choices in about a hundred steps."""
SIZE = (80, 24)
HAND = "Your hand"
"""What a seat's board calls its own hand (on chapter 1's first page); a spectator's screen
never shows one."""


def open_campaign_table(server: GameServer) -> Table:
    record = CampaignRecord.new("The fellowship", [Seat("Ann"), Seat("Bo")], SEED)
    return server.tables.open(
        "ann", "adventure-book", [], campaign=encode(record), open_to_all=True, spectators=True
    )


async def arrive(server: GameServer, name: str, key: asyncssh.SSHKey, command: str) -> Client:
    client = await connect(server, name, key, size=SIZE, command=command)
    await client.wait_for(lambda text: "Table" in text or "Campaign table" in text)
    return client


def play_chapter_for_the_players(server: GameServer, name: str) -> None:
    """Play the chapter to its end with the heuristic's choices, for whoever is to move."""
    tables = server.tables
    table = tables.tables[name]
    match = table.match
    while match.outcome is None:
        seat = match.to_move
        assert seat is not None
        mover = next(seated for seated in table.present if seated.seat == seat)
        bot = rb.make_bot(match.game, "heuristic", seed=rb.derive_seed(match.seed, seat))
        choice = bot.choose(match.game, match.game.clone(match.state))
        tables.act(table, mover, str(choice), len(match.log))


async def press_first_choices(server: GameServer, name: str, seats: dict[int, Client]) -> None:
    """A few steps of chapter 2, pressed on the screen of whoever is to move."""
    table = server.tables.tables[name]
    for _ in range(4):
        mover = table.match.to_move
        assert mover is not None
        before = len(table.match.log)
        client = seats[mover]
        await client.wait_for("│1 ")
        client.press("1")
        deadline = time.monotonic() + 20
        while len(table.match.log) == before:
            assert time.monotonic() < deadline, client.text()
            await asyncio.sleep(0.05)


def campaign_saves(server: GameServer, account: str) -> list[CampaignRecord]:
    found = server.accounts.find(account)
    assert found is not None
    store = CampaignStore(resolve_paths(found.data).campaigns)
    return [store.read(entry.path) for entry in store.entries()]


async def test_two_players_play_a_campaign_from_chapter_to_chapter_over_ssh(
    make_server: StartServer,
) -> None:
    keys = {name: asyncssh.generate_private_key("ssh-ed25519") for name in ("ann", "bo", "cy")}
    server = await make_server(table_bot_delay=0.01)
    name = open_campaign_table(server).name
    ann = await arrive(server, "ann", keys["ann"], f"join {name}")
    bo = await arrive(server, "bo", keys["bo"], f"join {name}")
    cy = await arrive(server, "cy", keys["cy"], f"watch {name}")
    await ann.wait_for("Chapter 1")
    await ann.wait_for(HAND)
    await bo.wait_for(HAND)
    await cy.wait_for("Chapter 1")
    assert HAND not in cy.text()

    # Chapter 1 is won; everyone is offered the campaign and sees what it changed.
    play_chapter_for_the_players(server, name)
    for client in (ann, bo, cy):
        await client.wait_for("To the campaign")
        client.press("\r")
    for client in (ann, bo):
        await client.wait_for("It starts when every player is ready: press r")
        await client.wait_for("The Adventure Begins, is won")
    await cy.wait_for("It starts when the players are ready.")
    assert HAND not in cy.text()
    assert "Ready (r)" not in cy.text()

    # Bo drops between chapters: his seat waits, and he comes back to the campaign screen.
    bo.drop()
    await ann.wait_for("Bo: away")
    bo = await arrive(server, "bo", keys["bo"], f"join {name}")
    await bo.wait_for("Bo (you): not ready yet")
    await ann.wait_for("Bo: not ready yet")
    assert server.tables.tables[name].record.holders == ["ann", "bo"]

    # Both are ready: chapter 2 starts on every screen.
    ann.press("r")
    await bo.wait_for("✓ Ann: ready")
    bo.press("r")
    for client in (ann, bo, cy):
        await client.wait_for("Chapter 2: Forging the Fellowship")
    await press_first_choices(server, name, {0: ann, 1: bo})
    assert HAND not in cy.text()

    # The server restarts in the middle of chapter 2: the table comes back where it was.
    steps = len(server.tables.tables[name].match.log)
    await server.close()
    for client in (ann, bo, cy):
        await client.wait_closed()
    server = await make_server(table_bot_delay=0.01)
    restored = server.tables.tables[name]
    assert len(restored.match.log) == steps
    ann = await arrive(server, "ann", keys["ann"], f"join {name}")
    bo = await arrive(server, "bo", keys["bo"], f"join {name}")
    cy = await arrive(server, "cy", keys["cy"], f"watch {name}")
    for client in (ann, bo, cy):
        await client.wait_for("Chapter 2: Forging the Fellowship")
    await press_first_choices(server, name, {0: ann, 1: bo})
    assert HAND not in cy.text()

    # Both players have the campaign in their own saves, chapter 1 won.
    for account in ("ann", "bo"):
        (saved,) = campaign_saves(server, account)
        assert saved.name == "The fellowship"
        assert saved.state.chapters_won == (1,)
        assert [(a.chapter, a.result) for a in saved.history] == [(1, "won")]
