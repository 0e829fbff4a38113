"""Campaign tables without SSH: the table service plays the Book's chapters one after
another, records every attempt by the rules local play uses, waits for its players between
chapters, survives a restart, and leaves every player's campaign save intact when closed."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

import ringbearer_engine as rb
from ringbearer_engine.games.adventure_book import Campaign, campaign_after
from ringbearer_engine.games.adventure_book.state import AdventureBookOptions, AdventureBookState
from ringbearer_tui.games.adventure_book.saves import CampaignRecord, CampaignStore, encode
from ringbearer_tui.paths import resolve_paths
from ringbearer_tui.seats import Seat
from ringbearer_tui.server import table_campaign
from ringbearer_tui.server.accounts import Account
from ringbearer_tui.server.tables import Seated, Table, TableError, TableService
from ringbearer_tui.tables.protocol import SeatPlan, Update

SEED = 5
"""Played by two heuristic bots, this campaign's first chapter is won in about a hundred
steps."""


class Accounts:
    def __init__(self, root: Path) -> None:
        self.root = root

    def find(self, username: str) -> Account | None:
        return Account(username, username, self.root / username)

    def campaigns(self, username: str) -> CampaignStore:
        account = self.find(username)
        assert account is not None
        return CampaignStore(resolve_paths(account.data).campaigns)


@pytest.fixture
def accounts(tmp_path: Path) -> Accounts:
    return Accounts(tmp_path / "accounts")


def service(tmp_path: Path, accounts: Accounts) -> TableService:
    return TableService(tmp_path / "server", accounts.find)


def new_campaign(name: str = "The fellowship") -> CampaignRecord:
    return CampaignRecord.new(name, [Seat("Ann"), Seat("Bo")], SEED)


def open_campaign(tables: TableService, record: CampaignRecord | None = None) -> Table:
    data = encode(record or new_campaign())
    return tables.open(
        "ann", "adventure-book", [], campaign=data, open_to_all=True, spectators=True
    )


def seat(tables: TableService, table: Table, account: str) -> tuple[Seated, list[Update]]:
    sent: list[Update] = []
    _, seated = tables.join(account, table.name, None, False, sent.append)
    return seated, sent


def play_the_chapter(tables: TableService, table: Table) -> rb.Match:
    """Play the chapter to its end as the table's bots would, through the service."""
    match = table.match
    while match.outcome is None:
        mover = table.match.to_move
        seated = next(s for s in table.present if s.seat == mover)
        tables.act(table, seated, str(bot_choice(table)), len(match.log))
    return match


def chapter_of(table: Table) -> int:
    options = table.match.options
    assert isinstance(options, AdventureBookOptions)
    return options.chapter


def between(table: Table) -> bool:
    return table.between


def bot_choice(table: Table) -> rb.Action:
    match = table.match
    bot = rb.make_bot(match.game, "heuristic", seed=rb.derive_seed(match.seed, match.to_move or 0))
    return bot.choose(match.game, match.game.clone(match.state))


def test_a_campaign_table_takes_its_seats_from_the_campaign(
    tmp_path: Path, accounts: Accounts
) -> None:
    tables = service(tmp_path, accounts)
    table = open_campaign(tables)
    assert table.match.players == ("Ann", "Bo")
    assert table.record.holders == ["ann", ""]
    assert table.entry("ann").campaign == "chapter 1, corruption 0/15"


def test_a_campaign_table_is_only_for_the_book(tmp_path: Path, accounts: Accounts) -> None:
    tables = service(tmp_path, accounts)
    with pytest.raises(TableError, match="not played as a campaign"):
        tables.open(
            "ann",
            "adventure-game",
            [],
            campaign=encode(new_campaign()),
            open_to_all=True,
            spectators=True,
        )


def test_a_damaged_campaign_save_is_refused_and_opens_nothing(
    tmp_path: Path, accounts: Accounts
) -> None:
    tables = service(tmp_path, accounts)
    with pytest.raises(TableError, match="campaign"):
        tables.open(
            "ann",
            "adventure-book",
            [],
            campaign=encode(new_campaign())[:-5],
            open_to_all=True,
            spectators=True,
        )
    assert tables.tables == {}


def test_every_seated_player_gets_the_campaign_in_their_saves(
    tmp_path: Path, accounts: Accounts
) -> None:
    tables = service(tmp_path, accounts)
    table = open_campaign(tables)
    seat(tables, table, "ann")
    seat(tables, table, "bo")
    for account in ("ann", "bo"):
        (entry,) = accounts.campaigns(account).entries()
        assert entry.name == "The fellowship"
        assert entry.progress == "chapter 1, corruption 0/15"


def test_a_chapter_won_is_recorded_and_the_campaign_moves_on_by_the_rules(
    tmp_path: Path, accounts: Accounts
) -> None:
    tables = service(tmp_path, accounts)
    table = open_campaign(tables)
    _, ann_news = seat(tables, table, "ann")
    seat(tables, table, "bo")
    match = play_the_chapter(tables, table)
    state = match.state
    assert isinstance(state, AdventureBookState)
    assert state.result == "won"
    campaign = table.campaign
    assert campaign is not None
    assert campaign.state == campaign_after(match)  # the rules local play uses
    (attempt,) = campaign.history
    assert (attempt.chapter, attempt.result) == (1, "won")
    assert table.between
    assert not table.record.closed
    assert ann_news[-1].campaign is not None
    assert ann_news[-1].campaign.between
    for account in ("ann", "bo"):
        saved = accounts.campaigns(account).read(accounts.campaigns(account).entries()[0].path)
        assert saved.state.chapters_won == (1,)
        assert saved.match is None
        assert [a.result for a in saved.history] == ["won"]


def test_nobody_plays_between_chapters(tmp_path: Path, accounts: Accounts) -> None:
    tables = service(tmp_path, accounts)
    table = open_campaign(tables)
    ann, _ = seat(tables, table, "ann")
    seat(tables, table, "bo")
    play_the_chapter(tables, table)
    with pytest.raises(TableError, match="the chapter is over"):
        tables.act(table, ann, "pass", len(table.match.log))


def test_the_next_chapter_starts_when_every_seated_player_is_ready(
    tmp_path: Path, accounts: Accounts
) -> None:
    tables = service(tmp_path, accounts)
    table = open_campaign(tables)
    ann, _ = seat(tables, table, "ann")
    bo, bo_news = seat(tables, table, "bo")
    play_the_chapter(tables, table)
    tables.ready(table, ann)
    assert table.between
    assert bo_news[-1].campaign is not None
    assert bo_news[-1].campaign.ready == [True, False]
    tables.ready(table, bo)
    assert not between(table)
    assert chapter_of(table) == 2
    assert table.match.outcome is None
    news = bo_news[-1].campaign
    assert news is not None
    assert not news.between
    assert news.attempt == 1


def test_the_owner_may_start_the_next_chapter_without_waiting(
    tmp_path: Path, accounts: Accounts
) -> None:
    tables = service(tmp_path, accounts)
    table = open_campaign(tables)
    ann, _ = seat(tables, table, "ann")
    bo, _ = seat(tables, table, "bo")
    play_the_chapter(tables, table)
    with pytest.raises(TableError, match="only the table's owner"):
        tables.start_chapter(table, bo)
    tables.start_chapter(table, ann)
    assert chapter_of(table) == 2


def test_ready_is_refused_during_a_chapter_and_to_spectators(
    tmp_path: Path, accounts: Accounts
) -> None:
    tables = service(tmp_path, accounts)
    table = open_campaign(tables)
    ann, _ = seat(tables, table, "ann")
    seat(tables, table, "bo")
    with pytest.raises(TableError, match="not over yet"):
        tables.ready(table, ann)
    play_the_chapter(tables, table)
    _, watcher = tables.join("cy", table.name, None, True, lambda update: None)
    with pytest.raises(TableError, match="spectators"):
        tables.ready(table, watcher)


def test_a_player_who_leaves_between_chapters_keeps_the_seat(
    tmp_path: Path, accounts: Accounts
) -> None:
    tables = service(tmp_path, accounts)
    table = open_campaign(tables)
    seat(tables, table, "ann")
    bo, _ = seat(tables, table, "bo")
    play_the_chapter(tables, table)
    tables.leave(table, bo)
    assert table.record.holders == ["ann", "bo"]
    assert table.entry("bo").mine
    again, _sent = seat(tables, table, "bo")
    assert again.seat == 1


async def test_a_campaign_table_survives_a_restart_between_chapters(
    tmp_path: Path, accounts: Accounts
) -> None:
    tables = service(tmp_path, accounts)
    table = open_campaign(tables)
    ann, _ = seat(tables, table, "ann")
    seat(tables, table, "bo")
    play_the_chapter(tables, table)
    tables.ready(table, ann)
    await tables.close_all()

    again = service(tmp_path, accounts)
    assert again.restore() == []
    restored = again.tables[table.name]
    assert restored.between
    assert restored.record.ready == [True, False]
    assert restored.campaign is not None
    assert len(restored.campaign.history) == 1


async def test_a_campaign_table_survives_a_restart_within_a_chapter(
    tmp_path: Path, accounts: Accounts
) -> None:
    tables = service(tmp_path, accounts)
    table = open_campaign(tables)
    ann, _ = seat(tables, table, "ann")
    seat(tables, table, "bo")
    play_the_chapter(tables, table)
    tables.start_chapter(table, ann)
    steps = 0
    while steps < 5:
        mover = next(s for s in table.present if s.seat == table.match.to_move)
        tables.act(table, mover, str(bot_choice(table)), len(table.match.log))
        steps += 1
    await tables.close_all()

    again = service(tmp_path, accounts)
    assert again.restore() == []
    restored = again.tables[table.name]
    assert chapter_of(restored) == 2
    assert len(restored.match.log) == len(table.match.log)
    assert restored.campaign is not None
    assert restored.campaign.state.chapters_won == (1,)


async def test_a_chapter_ended_just_before_a_stop_is_recorded_on_restart(
    tmp_path: Path, accounts: Accounts
) -> None:
    tables = service(tmp_path, accounts)
    table = open_campaign(tables)
    seat(tables, table, "ann")
    seat(tables, table, "bo")
    play_the_chapter(tables, table)
    # As if the server stopped after the last step's save but before the folding in.
    unfolded = new_campaign()
    unfolded.id = table.campaign.id if table.campaign else unfolded.id
    table.campaign = unfolded
    table.save()
    await tables.close_all()

    again = service(tmp_path, accounts)
    assert again.restore() == []
    restored = again.tables[table.name]
    assert restored.campaign is not None
    assert [a.result for a in restored.campaign.history] == ["won"]
    assert restored.between


def test_closing_a_campaign_table_keeps_everyones_campaign_saves(
    tmp_path: Path, accounts: Accounts
) -> None:
    tables = service(tmp_path, accounts)
    table = open_campaign(tables)
    ann, _ = seat(tables, table, "ann")
    seat(tables, table, "bo")
    play_the_chapter(tables, table)
    tables.close(table, ann)
    assert table.name not in tables.tables
    for account in ("ann", "bo"):
        store = accounts.campaigns(account)
        (entry,) = store.entries()
        assert store.read(entry.path).state.chapters_won == (1,)


def test_a_continued_campaign_goes_on_where_it_stands(tmp_path: Path, accounts: Accounts) -> None:
    tables = service(tmp_path, accounts)
    first = open_campaign(tables)
    ann, _ = seat(tables, first, "ann")
    seat(tables, first, "bo")
    play_the_chapter(tables, first)
    tables.close(first, ann)
    store = accounts.campaigns("ann")
    record = store.read(store.entries()[0].path)

    second = open_campaign(tables, record)
    assert chapter_of(second) == 2
    assert second.campaign is not None
    assert second.campaign.id == record.id


def test_a_campaign_table_is_not_closed_for_being_left_alone(
    tmp_path: Path, accounts: Accounts
) -> None:
    tables = service(tmp_path, accounts)
    table = open_campaign(tables)
    assert tables.expire(now=table.record.last_active + 365 * 24 * 3600) == []
    assert table.name in tables.tables


def test_a_campaign_already_at_a_table_is_not_opened_at_a_second(
    tmp_path: Path, accounts: Accounts
) -> None:
    tables = service(tmp_path, accounts)
    record = new_campaign()
    first = open_campaign(tables, record)
    with pytest.raises(TableError, match=f"being played at table {first.name}"):
        open_campaign(tables, record)
    assert list(tables.tables) == [first.name]


def test_the_list_names_the_campaign_only_to_its_players(
    tmp_path: Path, accounts: Accounts
) -> None:
    tables = service(tmp_path, accounts)
    record = new_campaign()
    table = open_campaign(tables, record)
    assert table.entry("ann").campaign_id == record.id
    assert table.entry("cy").campaign_id == ""


def test_the_table_closes_when_the_campaign_ends_and_every_save_says_how(
    tmp_path: Path, accounts: Accounts
) -> None:
    tables = service(tmp_path, accounts)
    record = new_campaign()
    # One step from the end of the track: this seed's chapter ends with the marker there.
    record.campaign = Campaign(corruption=14).to_bytes()
    table = open_campaign(tables, record)
    seat(tables, table, "ann")
    _, bo_news = seat(tables, table, "bo")
    play_the_chapter(tables, table)
    assert table.record.closed
    assert table.name not in tables.tables
    assert bo_news[-1].closed
    for account in ("ann", "bo"):
        store = accounts.campaigns(account)
        (entry,) = store.entries()
        assert store.read(entry.path).state.status == "lost"


def test_ready_at_a_table_of_one_match_is_refused(tmp_path: Path, accounts: Accounts) -> None:
    tables = service(tmp_path, accounts)
    table = tables.open(
        "ann",
        "adventure-game",
        [SeatPlan("Ann"), SeatPlan("Bo")],
        seed=1,
        open_to_all=True,
        spectators=True,
    )
    ann, _ = seat(tables, table, "ann")
    with pytest.raises(TableError, match="plays one match, not a campaign"):
        tables.ready(table, ann)
    with pytest.raises(TableError, match="plays one match, not a campaign"):
        tables.start_chapter(table, ann)


async def test_a_bot_takes_an_absent_seat_only_once_the_next_chapter_is_played(
    tmp_path: Path, accounts: Accounts
) -> None:
    tables = TableService(tmp_path / "server", accounts.find, bot_delay=10.0)
    table = tables.open(
        "ann",
        "adventure-book",
        [],
        campaign=encode(new_campaign()),
        bot_after=0.05,
        open_to_all=True,
        spectators=True,
    )
    ann, _ = seat(tables, table, "ann")
    bo, _ = seat(tables, table, "bo")
    play_the_chapter(tables, table)
    tables.leave(table, bo)
    await asyncio.sleep(0.2)
    assert table.record.holders == ["ann", "bo"]  # between chapters the seat stays his
    tables.start_chapter(table, ann)
    await asyncio.sleep(0.2)
    assert table.session.seats[1].is_bot
    await tables.close_all()


async def test_a_campaign_that_ended_before_its_table_closed_is_closed_on_restart(
    tmp_path: Path, accounts: Accounts
) -> None:
    tables = service(tmp_path, accounts)
    record = new_campaign()
    record.campaign = Campaign(corruption=14).to_bytes()
    table = open_campaign(tables, record)
    seat(tables, table, "ann")
    seat(tables, table, "bo")
    # As if the server stopped after the campaign's last chapter was folded in, before the
    # table was closed.
    while table.match.outcome is None:
        table.play(bot_choice(table))
    assert table.campaign is not None
    table_campaign.fold(table.campaign, table.match)
    table.save()
    await tables.close_all()

    again = service(tmp_path, accounts)
    assert again.restore() == []
    assert table.name not in again.tables


def test_the_campaign_save_travels_to_newcomers_and_at_a_chapters_end_only(
    tmp_path: Path, accounts: Accounts
) -> None:
    tables = service(tmp_path, accounts)
    table = open_campaign(tables)
    ann, _ = seat(tables, table, "ann")
    seat(tables, table, "bo")
    first = table.update_for(ann)
    mover = next(s for s in table.present if s.seat == table.match.to_move)
    tables.act(table, mover, str(bot_choice(table)), len(table.match.log))
    step = table.update_for(ann)
    assert first.campaign is not None
    assert first.campaign.record
    assert step.campaign is not None
    assert step.campaign.record == b""
    assert step.campaign.attempt == 0
    play_the_chapter(tables, table)
    end = table.update_for(ann)
    assert end.campaign is not None
    assert end.campaign.record


def test_a_players_campaign_copy_that_cannot_be_written_is_logged_and_the_table_plays_on(
    tmp_path: Path, accounts: Accounts, caplog: pytest.LogCaptureFixture
) -> None:
    # Bo's folder is a file, so no campaign save can be made under it.
    accounts.root.mkdir(parents=True)
    (accounts.root / "bo").write_text("not a folder")
    tables = service(tmp_path, accounts)
    table = open_campaign(tables)
    with caplog.at_level("INFO", logger="ringbearer.serve"):
        seat(tables, table, "bo")
    failed = [record for record in caplog.records if record.getMessage() == "campaign-copy-failed"]
    assert [record.fields["user"] for record in failed] == ["bo"]  # type: ignore[attr-defined]
    assert table.campaign is not None
    assert tables.tables[table.name] is table  # the table plays on
    assert accounts.campaigns("ann").entries()  # the others' copies are written


def test_a_seat_given_back_between_chapters_waits_for_nobody_and_goes_to_a_friend(
    tmp_path: Path, accounts: Accounts
) -> None:
    """Tables for friends at a campaign table (issue 48): a private campaign table, its seat
    given back between chapters: the next chapter starts when the players still seated are
    ready, the freed player keeps their campaign save as it was, and the friend invited next
    takes the seat and gets the campaign."""
    tables = service(tmp_path, accounts)
    table = tables.open("ann", "adventure-book", [], campaign=encode(new_campaign()))
    assert not table.record.open_to_all
    ann, _ = seat(tables, table, "ann")
    with pytest.raises(TableError, match="no open table"):
        seat(tables, table, "bo")
    tables.invite(table, ann, "bo")
    bo, _ = seat(tables, table, "bo")
    play_the_chapter(tables, table)
    tables.ready(table, bo)
    sent_away: list[str] = []
    bo.dismiss = sent_away.append
    tables.free_seat(table, ann, 1)
    assert sent_away == [f"the owner of table {table.name} gave your seat back"]
    assert table.record.holders == ["ann", ""]
    assert table.record.ready == [False, False]
    [bo_save] = accounts.campaigns("bo").entries()
    assert bo_save.progress.startswith("chapter 2,")  # as it stood after chapter 1
    tables.invite(table, ann, "cy")
    seat(tables, table, "cy")
    assert table.record.holders == ["ann", "cy"]
    assert len(accounts.campaigns("cy").entries()) == 1
    tables.ready(table, ann)
    assert table.between  # Cy sits there now: the table waits for him too
    tables.free_seat(table, ann, 1)
    tables.ready(table, ann)  # nobody holds the seat: it does not wait
    assert not between(table)
    assert chapter_of(table) == 2
