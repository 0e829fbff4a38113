"""A hand-written client on the table socket that tries what the game never would: another
seat's view, another seat's move, a move out of turn or from a spectator, garbage and huge
messages. Every attempt is refused, the table is unchanged, and no hand reaches anyone else."""

from __future__ import annotations

import asyncio
import os
import stat
import struct
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import msgspec
import pytest

from ringbearer_tui.server.table_socket import TableSocket
from ringbearer_tui.server.tables import Table, TableService
from ringbearer_tui.tables.protocol import (
    MAX_CLIENT_MESSAGE,
    MAX_SERVER_MESSAGE,
    Act,
    ClientMessage,
    CloseTable,
    Hello,
    ListTables,
    Opened,
    OpenTable,
    Refused,
    SeatBot,
    SeatPlan,
    ServerMessage,
    Tables,
    Update,
    Welcome,
    decode_server,
    frame,
    read_frame,
)

SEED = 11
WAIT = 5.0
T = TypeVar("T")


@dataclass
class RawClient:
    """A client that sends exactly the bytes it is told to, and keeps all it receives."""

    reader: asyncio.StreamReader
    writer: asyncio.StreamWriter
    received: list[ServerMessage] = field(default_factory=list)

    def send(self, message: ClientMessage) -> None:
        self.writer.write(frame(message))

    def send_bytes(self, data: bytes) -> None:
        self.writer.write(data)

    async def next(self) -> ServerMessage | None:
        data = await asyncio.wait_for(read_frame(self.reader, MAX_SERVER_MESSAGE), WAIT)
        if data is None:
            return None
        message = decode_server(data)
        self.received.append(message)
        return message

    async def expect(self, kind: type[T]) -> T:
        """The next message of ``kind``, skipping the updates pushed meanwhile."""
        while True:
            message = await self.next()
            if isinstance(message, kind):
                return message
            if message is None or not isinstance(message, Update):
                raise AssertionError(f"wanted a {kind.__name__}, got {message!r}")

    async def drain(self) -> None:
        """Read whatever has been pushed so far."""
        while True:
            try:
                data = await asyncio.wait_for(read_frame(self.reader, MAX_SERVER_MESSAGE), 0.2)
            except TimeoutError:
                return
            if data is None:
                return
            self.received.append(decode_server(data))

    def updates(self) -> list[Update]:
        return [m for m in self.received if isinstance(m, Update)]


@dataclass
class Setup:
    service: TableService
    socket: TableSocket
    tokens: dict[str, str]

    async def client(self) -> RawClient:
        reader, writer = await asyncio.open_unix_connection(str(self.socket.path))
        return RawClient(reader, writer)

    async def seated(self, who: str, table: str, **hello: Any) -> RawClient:
        client = await self.client()
        client.send(Hello(self.tokens[who], table, **hello))
        await client.expect(Welcome)
        await client.expect(Update)
        return client


@pytest.fixture
async def setup(tmp_path: Path) -> AsyncIterator[Setup]:
    service = TableService(tmp_path, lambda name: None, bot_delay=0.01)
    socket = TableSocket(service, tmp_path / "t.sock")
    await socket.start()
    tokens = {name: service.issue_token(name) for name in ("ann", "bo", "cy")}
    yield Setup(service, socket, tokens)
    await socket.close()
    await service.close_all()


async def open_table(setup: Setup, spectators: bool = True, open_to_all: bool = True) -> str:
    client = await setup.client()
    client.send(
        OpenTable(
            setup.tokens["ann"],
            "adventure-game",
            [SeatPlan("Ann"), SeatPlan("Bo")],
            spectators=spectators,
            seed=SEED,
            open_to_all=open_to_all,
        )
    )
    opened = await client.expect(Opened)
    client.writer.close()
    return opened.table


async def refusal(client: RawClient) -> Refused:
    return await client.expect(Refused)


def hands(update: Update) -> list[str]:
    return list(update.view["hand"]) if update.view else []


async def test_the_socket_is_readable_and_writable_by_its_owner_only(setup: Setup) -> None:
    mode = setup.socket.path.stat().st_mode
    assert stat.S_ISSOCK(mode)
    assert stat.S_IMODE(mode) == 0o600
    assert setup.socket.path.stat().st_uid == os.getuid()


async def test_each_seat_sees_its_own_hand_and_a_spectator_sees_none(setup: Setup) -> None:
    name = await open_table(setup)
    ann = await setup.seated("ann", name)
    bo = await setup.seated("bo", name)
    cy = await setup.seated("cy", name, watch=True)
    await ann.drain()
    match = setup.service.tables[name].match
    last_ann, last_bo, last_cy = ann.updates()[-1], bo.updates()[-1], cy.updates()[-1]
    assert last_ann.view == msgspec.to_builtins(match.view(0))
    assert last_bo.view == msgspec.to_builtins(match.view(1))
    assert hands(last_ann) != hands(last_bo)
    assert last_cy.view is None
    assert last_cy.public["hand"] == []
    assert last_cy.spectators == last_ann.spectators == 1
    # Only the seat to move is offered choices, and a prompt.
    assert match.to_move == 0
    assert last_ann.actions
    assert last_ann.prompt
    assert last_bo.actions == []
    assert last_bo.prompt == ""
    assert last_cy.actions == []
    assert last_cy.prompt == ""


async def test_asking_for_another_seat_is_refused(setup: Setup) -> None:
    name = await open_table(setup)
    await setup.seated("bo", name)  # Bo takes seat 1
    ann = await setup.client()
    ann.send(Hello(setup.tokens["ann"], name, seat=1))
    assert "is 1, not 2" in (await refusal(ann)).reason
    cy = await setup.client()
    cy.send(Hello(setup.tokens["cy"], name, seat=1))
    assert "not yours" in (await refusal(cy)).reason
    cy.send(Hello(setup.tokens["cy"], name, seat=7))
    assert "no seat 7" in (await refusal(cy)).reason
    cy.send(Hello(setup.tokens["cy"], name))
    assert "no open seat" in (await refusal(cy)).reason
    assert not any(isinstance(m, Update) for m in ann.received + cy.received)


async def test_an_unknown_token_gets_nothing(setup: Setup) -> None:
    name = await open_table(setup)
    stranger = await setup.client()
    for message in (
        Hello("0" * 32, name),
        Hello("", name, watch=True),
        ListTables("x"),
        OpenTable("y", "adventure-game", [SeatPlan("Z"), SeatPlan("W")]),
    ):
        stranger.send(message)
        assert "not one the server started" in (await refusal(stranger)).reason
    assert len(setup.service.tables) == 1


async def test_acting_out_of_turn_or_for_a_stale_step_changes_nothing(setup: Setup) -> None:
    name = await open_table(setup)
    ann = await setup.seated("ann", name)
    bo = await setup.seated("bo", name)
    table = setup.service.tables[name]
    before = table.match.snapshot()
    legal = str(table.match.actions()[0])  # Ann's move: Bo tries to make it for her
    bo.send(Act(legal, len(table.match.log)))
    assert "not your turn" in (await refusal(bo)).reason
    ann.send(Act(legal, len(table.match.log) + 1))
    assert "moved on" in (await refusal(ann)).reason
    ann.send(Act("no such move", len(table.match.log)))
    await refusal(ann)
    assert table.match.snapshot() == before
    assert table.match.log == ()


async def test_a_spectator_cannot_act_nor_command_the_table(setup: Setup) -> None:
    name = await open_table(setup)
    await setup.seated("ann", name)
    cy = await setup.seated("cy", name, watch=True)
    table = setup.service.tables[name]
    legal = str(table.match.actions()[0])
    cy.send(Act(legal, len(table.match.log)))
    assert "spectators cannot act" in (await refusal(cy)).reason
    cy.send(SeatBot(1))
    assert "owner" in (await refusal(cy)).reason
    cy.send(CloseTable())
    assert "owner" in (await refusal(cy)).reason
    assert table.match.log == ()
    assert not table.record.closed


async def test_only_the_owner_gives_an_absent_seat_to_a_bot(setup: Setup) -> None:
    name = await open_table(setup)
    ann = await setup.seated("ann", name)
    bo = await setup.seated("bo", name)
    bo.send(SeatBot(0))
    assert "owner" in (await refusal(bo)).reason
    ann.send(SeatBot(1))
    assert "is here" in (await refusal(ann)).reason
    bo.writer.close()
    await ann.drain()
    assert ann.updates()[-1].seats[1].away
    ann.send(SeatBot(1))
    await ann.drain()
    assert ann.updates()[-1].seats[1].bot == "heuristic"


async def test_acting_before_hello_is_refused(setup: Setup) -> None:
    name = await open_table(setup)
    client = await setup.client()
    client.send(Act("step", 0))
    assert "hello" in (await refusal(client)).reason
    assert setup.service.tables[name].match.log == ()


def with_length(body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + body


@pytest.mark.parametrize(
    "garbage",
    [
        struct.pack(">I", MAX_CLIENT_MESSAGE + 1) + b"x" * 16,
        struct.pack(">I", 2**32 - 1),
        struct.pack(">I", 5) + b"\xc1\xc1\xc1\xc1\xc1",
        with_length(msgspec.msgpack.encode([1, 2])),
        with_length(msgspec.msgpack.encode({"type": "hello", "token": 1, "table": "n"})),
    ],
    ids=["oversized", "four-gigabytes", "not-msgpack", "not-a-message", "wrong-type"],
)
async def test_a_malformed_message_ends_that_connection_only(setup: Setup, garbage: bytes) -> None:
    name = await open_table(setup)
    ann = await setup.seated("ann", name)
    bad = await setup.client()
    bad.send_bytes(garbage)
    refused = await refusal(bad)
    assert refused.fatal
    assert await bad.next() is None  # the server hung up on it
    # The others are served as before.
    ann.send(ListTables(setup.tokens["ann"]))
    assert "already at a table" in (await refusal(ann)).reason
    fresh = await setup.client()
    fresh.send(ListTables(setup.tokens["cy"]))
    listing = await fresh.expect(Tables)
    assert [entry.name for entry in listing.tables] == [name]


async def test_nothing_any_client_receives_holds_another_seats_hand(setup: Setup) -> None:
    """A whole game between two clients and a spectator: at every update, each seat's view
    is its own and the spectator's has no hand; the table reaches its end."""
    name = await open_table(setup)
    ann = await setup.seated("ann", name)
    bo = await setup.seated("bo", name)
    cy = await setup.seated("cy", name, watch=True)
    table = setup.service.tables[name]
    players = {0: ann, 1: bo}
    for _ in range(2000):
        if table.match.outcome is not None:
            break
        mover = table.match.to_move
        assert mover is not None
        client = players[mover]
        update = client.updates()[-1] if client.updates() else None
        while update is None or update.step != len(table.match.log) or not update.actions:
            await client.next()
            update = client.updates()[-1]
        client.send(Act(update.actions[0], update.step))
        while client.updates()[-1].step == update.step:
            await client.next()
    assert table.match.outcome is not None
    for client in (ann, bo, cy):
        await client.drain()
    assert cy.updates()[-1].closed
    for seat, client in players.items():
        other = players[1 - seat]
        for update in client.updates():
            assert update.view is not None
            assert update.view["seat"] == seat
            assert update.public["hand"] == []
        assert any(hands(u) for u in other.updates())
    for update in cy.updates():
        assert update.view is None
        assert update.public["hand"] == []
        assert update.actions == []


async def test_a_table_is_saved_after_every_step_and_restored_with_its_seats(
    setup: Setup, tmp_path: Path
) -> None:
    name = await open_table(setup)
    ann = await setup.seated("ann", name)
    await setup.seated("bo", name)
    table = setup.service.tables[name]
    ann.send(Act(str(table.match.actions()[0]), 0))
    await ann.drain()
    assert len(table.match.log) == 1
    restarted = TableService(tmp_path, lambda name: None)
    assert restarted.restore() == []
    again = restarted.tables[name]
    assert again.match.log == table.match.log
    assert again.match.snapshot() == table.match.snapshot()
    assert again.record.holders == ["ann", "bo"]
    assert [line.label for line in again.lines] == [line.label for line in table.lines]


def bot_plays(table: Table, seat: int) -> bool:
    return table.session.seats[seat].is_bot


async def test_a_table_opened_so_gives_an_absent_seat_to_a_bot_after_its_wait(
    setup: Setup,
) -> None:
    client = await setup.client()
    plans = [SeatPlan("Ann"), SeatPlan("Bo")]
    client.send(
        OpenTable(
            setup.tokens["ann"], "adventure-game", plans, seed=SEED, bot_after=0.3, open_to_all=True
        )
    )
    name = (await client.expect(Opened)).table
    ann = await setup.seated("ann", name)
    bo = await setup.seated("bo", name)
    bo.writer.close()
    await asyncio.sleep(0.1)
    table = setup.service.tables[name]
    assert bot_plays(table, 1) is False  # away, but not for long enough yet
    await asyncio.sleep(0.5)
    assert bot_plays(table, 1) is True
    await ann.drain()
    assert ann.updates()[-1].seats[1].bot == "heuristic"


async def test_a_bot_wait_out_of_range_is_refused(setup: Setup) -> None:
    client = await setup.client()
    plans = [SeatPlan("Ann"), SeatPlan("Bo")]
    client.send(OpenTable(setup.tokens["ann"], "adventure-game", plans, bot_after=-1.0))
    assert "a bot may wait" in (await refusal(client)).reason
    assert setup.service.tables == {}


async def test_a_newer_connection_takes_the_seat_and_the_older_can_no_longer_act(
    setup: Setup,
) -> None:
    name = await open_table(setup)
    old = await setup.seated("ann", name)
    new = await setup.seated("ann", name)
    await setup.seated("bo", name)
    table = setup.service.tables[name]
    legal = str(table.match.actions()[0])
    old.send(Act(legal, 0))
    assert "newer connection" in (await refusal(old)).reason
    assert len(table.match.log) == 0
    new.send(Act(legal, 0))
    await new.drain()
    assert list(table.match.log) == [legal]


async def test_a_table_opens_with_the_games_options_and_refuses_bad_ones(setup: Setup) -> None:
    client = await setup.client()
    plans = [SeatPlan("Ann"), SeatPlan("Bo")]
    token = setup.tokens["ann"]
    client.send(OpenTable(token, "mount-doom", plans, options={"no-such-option": 1}))
    assert "options" in (await refusal(client)).reason
    assert setup.service.tables == {}
    client.send(OpenTable(token, "adventure-game", plans, options={}))
    name = (await client.expect(Opened)).table
    assert setup.service.tables[name].match.game_id == "adventure-game"
