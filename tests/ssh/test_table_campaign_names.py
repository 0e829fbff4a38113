"""A campaign sent over the table socket holds only the names the app would let it hold
(issue 48, a Low finding): its name and seats are shown to every player, logged, and written
into other people's saves."""

from __future__ import annotations

from pathlib import Path

import pytest

from ringbearer_tui.games.adventure_book.saves import CampaignRecord, encode
from ringbearer_tui.seats import Seat
from ringbearer_tui.server.tables import TableError, TableService

from .test_table_campaign import SEED, Accounts, service


@pytest.fixture
def accounts(tmp_path: Path) -> Accounts:
    return Accounts(tmp_path / "accounts")


def opened(tables: TableService, name: str, seats: list[Seat]) -> None:
    tables.open("ann", "adventure-book", [], campaign=encode(CampaignRecord.new(name, seats, SEED)))


TWO = [Seat("Ann"), Seat("Bo")]


@pytest.mark.parametrize(
    ("name", "seats", "reason"),
    [
        ("\x1b[2J\x1b]0;owned\x07", TWO, "a campaign needs a name"),
        ("x" * 41, TWO, "a campaign needs a name"),
        ("   ", TWO, "a campaign needs a name"),
        ("Fellowship", [Seat("Ann"), Seat("\x1b[31mBo")], "control characters"),
        ("Fellowship", [Seat("Ann"), Seat("B" * 25)], "a seat needs a name"),
        ("Fellowship", [Seat("Ann"), Seat("")], "needs a name"),
        ("Fellowship", [Seat("Ann"), Seat("Bo", "bot", "skynet")], "no bot is called 'skynet'"),
        ("Fellowship", [Seat(f"P{n}") for n in range(5)], "1 to 4 players"),
    ],
    ids=["escapes", "long", "blank", "seat-escapes", "seat-long", "seat-blank", "bot", "seats"],
)
def test_a_campaign_with_names_the_app_refuses_opens_no_table(
    tmp_path: Path, accounts: Accounts, name: str, seats: list[Seat], reason: str
) -> None:
    tables = service(tmp_path, accounts)
    with pytest.raises(TableError, match=reason):
        opened(tables, name, seats)
    assert tables.tables == {}


def test_a_campaign_with_the_longest_names_the_app_allows_opens(
    tmp_path: Path, accounts: Accounts
) -> None:
    tables = service(tmp_path, accounts)
    opened(tables, "F" * 40, [Seat("A" * 24), Seat("Bo", "bot", "heuristic")])
    assert len(tables.tables) == 1
