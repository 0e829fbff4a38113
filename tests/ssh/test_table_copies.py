"""A closed table in each player's saves (issue 48, item 8): the copy opens from that
player's seat only, never as a hot-seat game that would show another person's hand."""

from __future__ import annotations

from pathlib import Path

import ringbearer_engine as rb
from ringbearer_tui.paths import resolve_paths
from ringbearer_tui.seats import TABLE_COPY, Seat, seats_from_meta
from ringbearer_tui.server.accounts import Account
from ringbearer_tui.server.tables import TableService
from ringbearer_tui.session import GameSession
from ringbearer_tui.storage import SaveStore
from ringbearer_tui.tables.protocol import SeatPlan

SEATS = [SeatPlan("Ann"), SeatPlan("Bo"), SeatPlan("Cy", bot="heuristic")]


def accounts(tmp_path: Path) -> dict[str, Account]:
    return {
        name: Account(name, f"{n:032x}", tmp_path / "accounts" / name)
        for n, name in enumerate(["ann", "bo"])
    }


def saved_copy(account: Account, table: str) -> rb.Match:
    paths = resolve_paths(account.data)
    store = SaveStore(paths.saves, paths.autosaves)
    [entry] = [e for e in store.entries() if e.name == f"table {table}"]
    # The load list already shows the seats the copy opens with.
    assert sum(not seat.is_bot for seat in entry.seats) == 1
    return store.load(entry)


def test_a_copy_of_a_table_closed_mid_game_is_its_players_seat_and_bots(tmp_path: Path) -> None:
    people = accounts(tmp_path)
    tables = TableService(tmp_path / "server", people.get)
    table = tables.open("ann", "adventure-game", SEATS, open_to_all=True, spectators=True)
    tables.join("bo", table.name, None, False, lambda update: None)
    for _ in range(6):
        table.play(table.match.actions()[0])
    assert table.match.outcome is None
    tables._finish(table)
    for name, seat in (("ann", 0), ("bo", 1)):
        copy = saved_copy(people[name], table.name)
        assert copy.meta[TABLE_COPY] == {"table": table.name, "seat": seat}
        session = GameSession(copy, None)
        people_seats = [n for n, s in enumerate(session.seats) if not s.is_bot]
        assert people_seats == [seat], name  # nobody else's hand is ever handed over
        assert [s.name for s in session.seats] == ["Ann", "Bo", "Cy"]


def test_a_table_copy_stays_one_seat_whatever_its_seat_record_says() -> None:
    meta = {
        "seats": [{"name": "Ann"}, {"name": "Bo"}],
        TABLE_COPY: {"table": "7f3k", "seat": 1},
    }
    assert seats_from_meta(meta, ["Ann", "Bo"]) == [Seat("Ann", "bot", "heuristic"), Seat("Bo")]
    del meta["seats"]  # a record gone missing no longer makes everyone a person
    assert seats_from_meta(meta, ["Ann", "Bo"]) == [Seat("Ann", "bot", "heuristic"), Seat("Bo")]


def test_a_save_of_ones_own_keeps_its_people() -> None:
    meta = {"seats": [{"name": "Ann"}, {"name": "Bo"}]}
    assert seats_from_meta(meta, ["Ann", "Bo"]) == [Seat("Ann"), Seat("Bo")]
