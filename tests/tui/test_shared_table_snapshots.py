"""What a seat at a shared table looks like: Bo's screen at his turn, with Ann at the table
and one spectator (pytest-textual-snapshot; the table service runs in the app's loop)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

import ringbearer_engine as rb
from ringbearer_tui.app import RingbearerApp
from ringbearer_tui.dialogs.message import MessageDialog
from ringbearer_tui.environment import SSH_HOST_ENV, SSH_PORT_ENV, TABLE_SOCKET_ENV, TABLE_TOKEN_ENV
from ringbearer_tui.games.adventure_book.saves import CampaignRecord, encode
from ringbearer_tui.paths import AppPaths
from ringbearer_tui.seats import Seat
from ringbearer_tui.server.table_socket import TableSocket
from ringbearer_tui.server.tables import TableService
from ringbearer_tui.tables import flow
from ringbearer_tui.tables.client import TableConnection
from ringbearer_tui.tables.protocol import SeatPlan

Snap = Callable[..., bool]


def test_a_seat_at_a_shared_table_at_its_turn(
    snap_compare: Snap, quick_settings: AppPaths, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The table's name is random; here it is always "aaaa".
    monkeypatch.setattr("ringbearer_tui.server.tables.secrets.choice", lambda letters: letters[0])
    kept: list[object] = []

    async def sit(pilot: Pilot[Any]) -> None:
        service = TableService(tmp_path, lambda name: None)
        socket = TableSocket(service, tmp_path / "t.sock")
        await socket.start()
        table = service.open(
            "ann",
            "adventure-game",
            [SeatPlan("Ann"), SeatPlan("Bo")],
            seed=11,
            open_to_all=True,
            spectators=True,
        )
        monkeypatch.setenv(TABLE_SOCKET_ENV, str(socket.path))
        monkeypatch.setenv(TABLE_TOKEN_ENV, service.issue_token("bo"))
        ann = await TableConnection.open(socket.path, service.issue_token("ann"))
        cy = await TableConnection.open(socket.path, service.issue_token("cy"))
        _, first = await ann.sit(table.name)
        await cy.sit(table.name, watch=True)
        kept.extend([service, socket, ann, cy])
        app = pilot.app
        assert isinstance(app, RingbearerApp)
        await flow.sit(app, table.name)
        ann.act(first.actions[0], first.step)  # Ann moves: now it is Bo's turn
        for _ in range(100):
            if table.match.to_move == 1:
                break
            await asyncio.sleep(0.05)
        await pilot.pause(0.3)
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()

    assert snap_compare(RingbearerApp(quick_settings), run_before=sit, terminal_size=(120, 40))


def test_a_campaign_table_between_chapters(
    snap_compare: Snap, quick_settings: AppPaths, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bo's campaign screen after chapter 1 was won: what it changed, who is ready (Ann is),
    the chapters, at 80x24."""
    monkeypatch.setattr("ringbearer_tui.server.tables.secrets.choice", lambda letters: letters[0])
    kept: list[object] = []

    async def sit(pilot: Pilot[Any]) -> None:
        service = TableService(tmp_path, lambda name: None)
        socket = TableSocket(service, tmp_path / "t.sock")
        await socket.start()
        record = CampaignRecord.new("The fellowship", [Seat("Ann"), Seat("Bo")], 5)
        table = service.open(
            "ann", "adventure-book", [], campaign=encode(record), open_to_all=True, spectators=True
        )
        monkeypatch.setenv(TABLE_SOCKET_ENV, str(socket.path))
        monkeypatch.setenv(TABLE_TOKEN_ENV, service.issue_token("bo"))
        ann = await TableConnection.open(socket.path, service.issue_token("ann"))
        bo = await TableConnection.open(socket.path, service.issue_token("bo"))
        await ann.sit(table.name)
        await bo.sit(table.name)
        ann.listen(lambda update: None, lambda reason: None)
        bo.listen(lambda update: None, lambda reason: None)
        match = table.match
        while match.outcome is None:  # chapter 1, won by the heuristic's choices
            seat = match.to_move
            assert seat is not None
            mover = next(seated for seated in table.present if seated.seat == seat)
            bot = rb.make_bot(match.game, "heuristic", seed=rb.derive_seed(match.seed, seat))
            service.act(
                table,
                mover,
                str(bot.choose(match.game, match.game.clone(match.state))),
                len(match.log),
            )
        bo.close()
        ann.ready()
        kept.extend([service, socket, ann])
        app = pilot.app
        assert isinstance(app, RingbearerApp)
        for _ in range(100):
            if table.record.ready[0]:
                break
            await asyncio.sleep(0.05)
        await flow.sit(app, table.name)
        await pilot.pause(0.3)
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()

    assert snap_compare(RingbearerApp(quick_settings), run_before=sit, terminal_size=(80, 24))


def test_the_owners_who_may_come_dialog(
    snap_compare: Snap, quick_settings: AppPaths, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bo owns a private table where Ann holds a seat, Cy is invited and a code waits: the
    dialog his i opens, at 80x24 (issue 48)."""
    monkeypatch.setattr("ringbearer_tui.server.tables.secrets.choice", lambda letters: letters[0])
    kept: list[object] = []

    async def sit(pilot: Pilot[Any]) -> None:
        service = TableService(tmp_path, lambda name: None)
        socket = TableSocket(service, tmp_path / "t.sock")
        await socket.start()
        table = service.open("bo", "adventure-game", [SeatPlan("Bo"), SeatPlan("Ann")], seed=11)
        table.record.invited.extend(["ann", "cy"])
        table.record.codes.append("k3j9fx2q7a")
        monkeypatch.setenv(TABLE_SOCKET_ENV, str(socket.path))
        monkeypatch.setenv(TABLE_TOKEN_ENV, service.issue_token("bo"))
        ann = await TableConnection.open(socket.path, service.issue_token("ann"))
        await ann.sit(table.name)
        kept.extend([service, socket, ann])
        app = pilot.app
        assert isinstance(app, RingbearerApp)
        await flow.sit(app, table.name)
        await pilot.pause(0.3)
        await pilot.app.workers.wait_for_complete()
        await pilot.press("i")
        await pilot.pause(0.3)

    assert snap_compare(RingbearerApp(quick_settings), run_before=sit, terminal_size=(80, 24))


def test_a_code_for_a_friend(
    snap_compare: Snap, quick_settings: AppPaths, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The one-time code the owner just made, and the command that uses it, at 80x24."""
    monkeypatch.setattr("ringbearer_tui.server.tables.secrets.choice", lambda letters: letters[0])
    monkeypatch.setenv(SSH_HOST_ENV, "games.example.org")
    monkeypatch.setenv(SSH_PORT_ENV, "2222")
    kept: list[object] = []

    async def sit(pilot: Pilot[Any]) -> None:
        service = TableService(tmp_path, lambda name: None)
        socket = TableSocket(service, tmp_path / "t.sock")
        await socket.start()
        table = service.open("bo", "adventure-game", [SeatPlan("Bo"), SeatPlan("Ann")], seed=11)
        monkeypatch.setenv(TABLE_SOCKET_ENV, str(socket.path))
        monkeypatch.setenv(TABLE_TOKEN_ENV, service.issue_token("bo"))
        kept.extend([service, socket])
        app = pilot.app
        assert isinstance(app, RingbearerApp)
        await flow.sit(app, table.name)
        await pilot.pause(0.3)
        await pilot.app.workers.wait_for_complete()
        await pilot.press("i", "down", "enter")  # a one-time code
        for _ in range(100):
            if isinstance(app.screen, MessageDialog):
                break
            await asyncio.sleep(0.05)
        await pilot.pause(0.3)

    assert snap_compare(RingbearerApp(quick_settings), run_before=sit, terminal_size=(80, 24))


def test_the_tables_list_of_an_invited_friend(
    snap_compare: Snap, quick_settings: AppPaths, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Cy's Tables list: Ann's private table, where he is invited, and none of the others'
    (a table open to anyone, Dee's private one), at 80x24."""
    monkeypatch.setattr("ringbearer_tui.server.tables.secrets.choice", lambda letters: letters[0])
    names = iter(["aaaa", "bbbb", "cccc"])
    monkeypatch.setattr(TableService, "_new_name", lambda self: next(names))
    kept: list[object] = []

    async def list_them(pilot: Pilot[Any]) -> None:
        service = TableService(tmp_path, lambda name: None)
        socket = TableSocket(service, tmp_path / "t.sock")
        await socket.start()
        ann = service.open("ann", "adventure-game", [SeatPlan("Ann"), SeatPlan("Cy")], seed=11)
        ann.record.invited.append("cy")
        service.open(
            "bo", "mount-doom", [SeatPlan("Bo"), SeatPlan("Fay")], seed=1, open_to_all=True
        )
        service.open("dee", "adventure-game", [SeatPlan("Dee"), SeatPlan("Eve")], seed=2)
        monkeypatch.setenv(TABLE_SOCKET_ENV, str(socket.path))
        monkeypatch.setenv(TABLE_TOKEN_ENV, service.issue_token("cy"))
        kept.extend([service, socket])
        await pilot.pause()
        await pilot.press("t")
        for _ in range(100):
            if pilot.app.screen.query("TablesDialog OptionList"):
                break
            await asyncio.sleep(0.05)
        await pilot.pause(0.3)

    assert snap_compare(RingbearerApp(quick_settings), run_before=list_them, terminal_size=(80, 24))
