"""How many shared tables there may be, and when an abandoned one is closed (issue 28, 7)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from ringbearer_tui.server.tables import TableError, TableService
from ringbearer_tui.tables.protocol import SeatPlan

SEATS = [SeatPlan("Ann"), SeatPlan("Bo")]


def service(tmp_path: Path, **limits: float) -> TableService:
    return TableService(tmp_path, lambda username: None, **limits)  # type: ignore[arg-type]


def test_one_account_may_open_only_so_many_tables(tmp_path: Path) -> None:
    tables = service(tmp_path, max_per_account=2)
    for _ in range(2):
        tables.open("ann", "adventure-game", SEATS, open_to_all=True, spectators=True)
    with pytest.raises(TableError, match="you have 2 tables open"):
        tables.open("ann", "adventure-game", SEATS, open_to_all=True, spectators=True)
    tables.open(
        "bo", "adventure-game", SEATS, open_to_all=True, spectators=True
    )  # another account still may
    assert len(tables.tables) == 3


def test_the_server_keeps_only_so_many_tables(tmp_path: Path) -> None:
    tables = service(tmp_path, max_tables=3)
    for owner in ("ann", "bo", "cy"):
        tables.open(owner, "adventure-game", SEATS, open_to_all=True, spectators=True)
    with pytest.raises(TableError, match="the server has 3 tables open"):
        tables.open("dee", "adventure-game", SEATS, open_to_all=True, spectators=True)


def test_closing_a_table_makes_room_for_another(tmp_path: Path) -> None:
    tables = service(tmp_path, max_per_account=1)
    table = tables.open("ann", "adventure-game", SEATS, open_to_all=True, spectators=True)
    tables._finish(table)
    tables.open("ann", "adventure-game", SEATS, open_to_all=True, spectators=True)


def test_a_table_nobody_moves_or_sits_at_is_closed_after_the_expiry(tmp_path: Path) -> None:
    tables = service(tmp_path, expiry=3600)
    old = tables.open("ann", "adventure-game", SEATS, open_to_all=True, spectators=True)
    fresh = tables.open("bo", "adventure-game", SEATS, open_to_all=True, spectators=True)
    now = time.time()
    old.record.last_active = now - 3601
    assert tables.expire(now) == [old.name]
    assert list(tables.tables) == [fresh.name]
    assert old.record.closed


def test_a_table_somebody_sits_at_is_not_expired(tmp_path: Path) -> None:
    tables = service(tmp_path, expiry=3600)
    table = tables.open("ann", "adventure-game", SEATS, open_to_all=True, spectators=True)
    tables.join("ann", table.name, None, False, lambda update: None)
    table.record.last_active = time.time() - 7200
    assert tables.expire() == []


def test_a_restored_table_keeps_its_clock(tmp_path: Path) -> None:
    tables = service(tmp_path, expiry=3600)
    table = tables.open("ann", "adventure-game", SEATS, open_to_all=True, spectators=True)
    table.record.last_active = time.time() - 3601
    tables._save(table)
    again = service(tmp_path, expiry=3600)
    assert again.restore() == []
    assert again.expire() == [table.name]
