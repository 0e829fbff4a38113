"""Tables for friends, over the table socket with hand-written clients: a new table's open
seats are for the accounts its owner invites (by name or by a one-time code), uninvited
accounts neither see it nor learn that it exists, watching is off unless the owner turns it
on, and the owner can give a seat back (issue 48)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import msgspec

from ringbearer_tui.server.tables import MAX_CODES, TableRecord, TableService
from ringbearer_tui.tables.protocol import (
    Act,
    Dismissed,
    FreeSeat,
    Hello,
    Invite,
    ListTables,
    MakeCode,
    Opened,
    OpenTable,
    SeatBot,
    SeatPlan,
    SetAccess,
    Tables,
    Uninvite,
    Update,
    Welcome,
)

from .test_table_socket import SEED, RawClient, Setup, open_table, refusal, setup

__all__ = ["setup"]  # the fixture, used by name


async def open_private(setup: Setup) -> str:
    """A table opened as the app's defaults open one: nothing said of who may come."""
    client = await setup.client()
    client.send(
        OpenTable(
            setup.tokens["ann"], "adventure-game", [SeatPlan("Ann"), SeatPlan("Bo")], seed=SEED
        )
    )
    opened = await client.expect(Opened)
    client.writer.close()
    return opened.table


async def listed(setup: Setup, who: str) -> list[str]:
    client = await setup.client()
    client.send(ListTables(setup.tokens[who]))
    tables = await client.expect(Tables)
    client.writer.close()
    return [entry.name for entry in tables.tables]


async def hello_refusal(setup: Setup, who: str, table: str, *, watch: bool = False) -> str:
    client = await setup.client()
    client.send(Hello(setup.tokens[who], table, watch=watch))
    reason = (await refusal(client)).reason
    client.writer.close()
    return reason


async def owner_access(ann: RawClient) -> Update:
    """The owner's latest update, once the news of the last request has come."""
    await ann.drain()
    return ann.updates()[-1]


async def test_a_new_table_is_private_and_cannot_be_watched(setup: Setup) -> None:
    name = await open_private(setup)
    record = setup.service.tables[name].record
    assert not record.open_to_all
    assert not record.spectators
    assert await listed(setup, "ann") == [name]
    assert await listed(setup, "bo") == []


async def test_an_uninvited_account_is_told_the_table_does_not_exist(setup: Setup) -> None:
    """The same words as for a name nobody uses, whether sitting or watching: a private
    table's name cannot be found by guessing."""
    name = await open_private(setup)
    setup.service.tables[name].record.spectators = True  # watching on changes nothing here
    nowhere = "zzzz" if name != "zzzz" else "yyyy"
    for watch in (False, True):
        there = await hello_refusal(setup, "bo", name, watch=watch)
        assert there == f"there is no open table {name!r}"
        assert await hello_refusal(setup, "bo", nowhere, watch=watch) == (
            f"there is no open table {nowhere!r}"
        )
    assert setup.service.tables[name].record.holders == ["ann", ""]


async def test_an_account_invited_by_name_sees_the_table_and_takes_the_seat(
    setup: Setup,
) -> None:
    name = await open_private(setup)
    ann = await setup.seated("ann", name)
    ann.send(Invite("bo"))
    access = (await owner_access(ann)).access
    assert access is not None
    assert access.invited == ["bo"]
    assert await listed(setup, "bo") == [name]
    assert await listed(setup, "cy") == []
    bo = await setup.seated("bo", name)
    table = setup.service.tables[name]
    assert table.record.holders == ["ann", "bo"]
    assert table.record.invited == []  # at the table now: the seat says so
    await bo.drain()
    assert all(update.access is None for update in bo.updates())  # the owner's alone
    assert await hello_refusal(setup, "cy", name) == f"there is no open table {name!r}"


async def test_a_one_time_code_invites_whoever_uses_it_and_only_once(setup: Setup) -> None:
    name = await open_private(setup)
    ann = await setup.seated("ann", name)
    ann.send(MakeCode())
    access = (await owner_access(ann)).access
    assert access is not None
    [code] = access.codes
    assert len(code) == 10
    assert await listed(setup, "cy") == []
    cy = await setup.client()
    cy.send(Hello(setup.tokens["cy"], code))
    welcome = await cy.expect(Welcome)
    assert (welcome.table, welcome.seat) == (name, 1)
    table = setup.service.tables[name]
    assert table.record.codes == []
    assert table.record.holders == ["ann", "cy"]
    assert (await owner_access(ann)).access == msgspec.structs.replace(access, codes=[])
    # Used once: the next to try it is told there is no such table.
    assert await hello_refusal(setup, "bo", code) == f"there is no open table {code!r}"


async def test_the_owner_joining_with_a_code_leaves_it_for_a_friend(setup: Setup) -> None:
    name = await open_private(setup)
    ann = await setup.seated("ann", name)
    ann.send(MakeCode())
    [code] = (await owner_access(ann)).access.codes  # type: ignore[union-attr]
    again = await setup.client()
    again.send(Hello(setup.tokens["ann"], code))
    assert (await again.expect(Welcome)).seat == 0
    assert setup.service.tables[name].record.codes == [code]


async def test_only_the_owner_says_who_may_come(setup: Setup) -> None:
    name = await open_table(setup)  # open to anyone, watching allowed
    await setup.seated("ann", name)
    bo = await setup.seated("bo", name)
    cy = await setup.seated("cy", name, watch=True)
    for client in (bo, cy):
        for message in (
            Invite("dee"),
            Uninvite("dee"),
            MakeCode(),
            FreeSeat(0),
            SetAccess(open_to_all=False, watching=False),
        ):
            client.send(message)
            assert "owner" in (await refusal(client)).reason
    record = setup.service.tables[name].record
    assert (record.open_to_all, record.spectators, record.invited, record.codes) == (
        True,
        True,
        [],
        [],
    )


async def test_the_owners_requests_are_checked(setup: Setup) -> None:
    name = await open_private(setup)
    ann = await setup.seated("ann", name)
    for message, words in (
        (Invite("Not A Name"), "account name is"),
        (Invite("x" * 40), "account name is"),
        (Invite("ann"), "already has a seat"),
        (Uninvite("nobody"), "no such invitation"),
        (FreeSeat(7), "no seat 7"),
        (FreeSeat(-1), "no seat -1"),
        (FreeSeat(1), "nobody holds"),
        (FreeSeat(0), "the owner's seat"),
    ):
        ann.send(message)
        assert words in (await refusal(ann)).reason, message
    ann.send(Invite("bo"))
    await ann.drain()
    ann.send(Invite("bo"))
    assert "invited already" in (await refusal(ann)).reason
    for _ in range(MAX_CODES):
        ann.send(MakeCode())
    await ann.drain()
    ann.send(MakeCode())
    assert "unused codes" in (await refusal(ann)).reason
    record = setup.service.tables[name].record
    assert record.invited == ["bo"]
    assert len(record.codes) == MAX_CODES
    assert record.holders == ["ann", ""]


async def test_a_withdrawn_invitation_or_code_lets_nobody_in(setup: Setup) -> None:
    name = await open_private(setup)
    ann = await setup.seated("ann", name)
    ann.send(Invite("bo"))
    ann.send(MakeCode())
    access = (await owner_access(ann)).access
    assert access is not None
    [code] = access.codes
    ann.send(Uninvite("bo"))
    ann.send(Uninvite(code))
    access = (await owner_access(ann)).access
    assert access is not None
    assert (access.invited, access.codes) == ([], [])
    assert await hello_refusal(setup, "bo", name) == f"there is no open table {name!r}"
    assert await hello_refusal(setup, "cy", code) == f"there is no open table {code!r}"


async def test_freeing_a_seat_sends_its_holder_away_and_opens_it(setup: Setup) -> None:
    name = await open_private(setup)
    ann = await setup.seated("ann", name)
    ann.send(Invite("bo"))
    await ann.drain()
    bo = await setup.seated("bo", name)
    ann.send(FreeSeat(1))
    dismissed = await bo.expect(Dismissed)
    assert dismissed.reason == f"the owner of table {name} gave your seat back"
    assert await bo.next() is None  # and the server hung up
    table = setup.service.tables[name]
    assert table.record.holders == ["ann", ""]
    assert table.open_seats() == [1]
    assert [seated.account for seated in table.present] == ["ann"]
    # Bo is told why if he tries to come back, and does not see the table any more.
    reason = await hello_refusal(setup, "bo", name)
    assert reason == f"the owner of table {name} gave your seat back: ask them to invite you again"
    assert await listed(setup, "bo") == []
    # The seat goes to the next friend invited.
    ann.send(Invite("cy"))
    await ann.drain()
    cy = await setup.seated("cy", name)
    assert table.record.holders == ["ann", "cy"]
    await cy.drain()
    assert cy.updates()[-1].view["seat"] == 1


async def test_a_freed_account_may_come_back_when_invited_again(setup: Setup) -> None:
    name = await open_table(setup)  # open to anyone: freed all the same
    ann = await setup.seated("ann", name)
    bo = await setup.seated("bo", name)
    ann.send(FreeSeat(1))
    await bo.expect(Dismissed)
    assert "gave your seat back" in await hello_refusal(setup, "bo", name)
    ann.send(Invite("bo"))
    await ann.drain()
    assert (await setup.seated("bo", name)) is not None
    assert setup.service.tables[name].record.holders == ["ann", "bo"]


async def test_a_seat_freed_mid_game_waits_for_a_player_or_a_bot(setup: Setup) -> None:
    """The decision written in docs/ssh.md: the game waits for whoever takes the seat, as
    for any open seat, and the owner may give it to a bot instead (b)."""
    name = await open_table(setup)
    ann = await setup.seated("ann", name)
    bo = await setup.seated("bo", name)
    table = setup.service.tables[name]
    ann.send(Act(str(table.match.actions()[0]), 0))
    await ann.drain()
    while table.match.to_move != 1:  # Ann plays on until it is Bo's turn
        update = ann.updates()[-1]
        ann.send(Act(update.actions[0], update.step))
        await ann.drain()
    ann.send(FreeSeat(1))
    await bo.expect(Dismissed)
    steps = len(table.match.log)
    await asyncio.sleep(0.2)
    assert len(table.match.log) == steps  # it waits
    await ann.drain()
    assert ann.updates()[-1].seats[1].account == ""
    ann.send(SeatBot(1))
    for _ in range(100):
        await asyncio.sleep(0.02)
        if len(table.match.log) > steps:
            break
    assert table.session.seats[1].is_bot
    assert len(table.match.log) > steps


async def test_turning_watching_off_sends_the_spectators_away(setup: Setup) -> None:
    name = await open_table(setup)
    ann = await setup.seated("ann", name)
    cy = await setup.seated("cy", name, watch=True)
    ann.send(SetAccess(open_to_all=True, watching=False))
    assert (await cy.expect(Dismissed)).reason == "the owner stopped letting others watch"
    assert await hello_refusal(setup, "cy", name, watch=True) == (
        f"table {name} does not allow spectators"
    )
    ann.send(SetAccess(open_to_all=False, watching=True))
    await ann.drain()
    assert await hello_refusal(setup, "cy", name, watch=True) == f"there is no open table {name!r}"
    ann.send(Invite("cy"))
    await ann.drain()
    assert (await setup.seated("cy", name, watch=True)) is not None


async def test_making_a_table_private_sends_uninvited_spectators_away(setup: Setup) -> None:
    name = await open_table(setup)
    ann = await setup.seated("ann", name)
    bo = await setup.seated("bo", name)
    cy = await setup.seated("cy", name, watch=True)
    ann.send(SetAccess(open_to_all=False, watching=True))
    assert (await cy.expect(Dismissed)).reason == "the owner made the table private"
    await bo.drain()
    assert bo.updates()[-1].seats[1].account == "bo"  # a seat already taken stays its own


async def test_who_may_come_survives_a_restart(setup: Setup, tmp_path: Path) -> None:
    name = await open_private(setup)
    ann = await setup.seated("ann", name)
    ann.send(Invite("bo"))
    ann.send(MakeCode())
    await ann.drain()
    before = setup.service.tables[name].record
    restarted = TableService(tmp_path, lambda name: None)
    assert restarted.restore() == []
    after = restarted.tables[name].record
    assert (after.open_to_all, after.spectators, after.invited, after.codes) == (
        False,
        False,
        ["bo"],
        before.codes,
    )


def test_a_table_kept_from_before_private_tables_stays_open_to_anyone() -> None:
    """A record saved by an older version has none of the new fields: its table goes on as
    it was opened (anyone may take its open seats), not suddenly closed to the friends it
    was opened for."""
    old = b'{"name":"abcd","owner":"ann","holders":["ann",""],"spectators":true}'
    record = msgspec.json.decode(old, type=TableRecord)
    assert record.open_to_all
    assert record.spectators
    assert (record.invited, record.codes, record.freed) == ([], [], [])
