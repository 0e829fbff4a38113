"""A campaign table in the app: Tables → Open a table offers a new or a continued campaign
of the Book; between chapters the campaign screen shows what the chapter changed and who is
ready, and the next chapter opens on its own once everybody is. A real table service runs in
this process; the other player is a table connection driven by hand."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Button

import ringbearer_engine as rb
from ringbearer_engine.games.adventure_book.state import AdventureBookOptions
from ringbearer_tui.app import RingbearerApp, StartTable
from ringbearer_tui.dialogs.confirm import ConfirmDialog
from ringbearer_tui.dialogs.message import MessageDialog
from ringbearer_tui.dialogs.new_game import NewGameDialog
from ringbearer_tui.dialogs.pick import PickDialog
from ringbearer_tui.dialogs.tables import TablesDialog
from ringbearer_tui.dialogs.text_prompt import TextPrompt
from ringbearer_tui.environment import TABLE_TOKEN_ENV
from ringbearer_tui.games.adventure_book.board import BookBoard
from ringbearer_tui.games.adventure_book.saves import CampaignRecord, CampaignStore, encode
from ringbearer_tui.paths import AppPaths
from ringbearer_tui.screens.game import GameScreen
from ringbearer_tui.screens.main_menu import MainMenu
from ringbearer_tui.screens.table_campaign import TableCampaignScreen
from ringbearer_tui.seats import Seat
from ringbearer_tui.server.tables import Table
from ringbearer_tui.settings import Settings
from ringbearer_tui.tables.protocol import Update
from ringbearer_tui.tables.remote import RemoteSession

from .served_tables import Served, served_tables, until

SIZE = (80, 24)
SEED = 5
"""This campaign's first chapter is won by the heuristic's choices."""


class Tables(Served):
    def campaign_table(self) -> Table:
        record = CampaignRecord.new("The fellowship", [Seat("Ann"), Seat("Bo")], SEED)
        return self.service.open(
            "ann", "adventure-book", [], campaign=encode(record), open_to_all=True, spectators=True
        )


@pytest.fixture
async def served(
    tmp_path: Path, paths: AppPaths, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[Tables]:
    settings = Settings(confirm_quit=False)
    async with served_tables(Tables, tmp_path, paths, monkeypatch, settings) as tables:
        yield tables


def chapter_of(table: Table) -> int:
    options = table.match.options
    assert isinstance(options, AdventureBookOptions)
    return options.chapter


def win_the_chapter(served: Tables, table: Table) -> None:
    """Play the chapter to its end with the heuristic's choices, for both seats."""
    match = table.match
    while match.outcome is None:
        seat = match.to_move
        assert seat is not None
        mover = next(seated for seated in table.present if seated.seat == seat)
        bot = rb.make_bot(match.game, "heuristic", seed=rb.derive_seed(match.seed, seat))
        choice = bot.choose(match.game, match.game.clone(match.state))
        served.service.act(table, mover, str(choice), len(match.log))


async def open_a_table(app: RingbearerApp, pilot: Pilot[None], answer: str) -> None:
    """Tables, Open a table, then the answer to "what will the table play?"."""
    await pilot.pause()
    await pilot.press("t")
    await until(lambda: isinstance(app.screen, TablesDialog))
    await pilot.press("o")
    await until(lambda: isinstance(app.screen, PickDialog))
    dialog = app.screen
    assert isinstance(dialog, PickDialog)
    await pilot.press(*["down"] * [ident for ident, _ in dialog.answers].index(answer), "enter")


async def answer_the_table_questions(app: RingbearerApp, pilot: Pilot[None]) -> None:
    for key in ("n", "y", "n"):  # friends invited only, watching allowed, no bot
        await until(lambda: isinstance(app.screen, ConfirmDialog))
        await pilot.press(key)
    await until(lambda: isinstance(app.screen, MessageDialog))  # how friends join
    await until(lambda: isinstance(app.focused, Button))
    await pilot.press("enter")


def on_chapter(app: RingbearerApp, chapter: int) -> bool:
    """The game screen of ``chapter`` is up and its board drawn (a test ending sooner would
    close the app while the board is still being put together)."""
    screen = app.screen
    if not isinstance(screen, GameScreen) or not isinstance(screen.session, RemoteSession):
        return False
    options = screen.session.match.options
    boards = screen.query(BookBoard)
    drawn = bool(boards) and bool(boards.first().pages)
    return isinstance(options, AdventureBookOptions) and options.chapter == chapter and drawn


async def test_a_new_campaign_table_opens_at_chapter_one_with_the_campaign_in_the_owners_saves(
    served: Tables, paths: AppPaths
) -> None:
    app = RingbearerApp(paths)
    async with app.run_test(size=SIZE) as pilot:
        await open_a_table(app, pilot, "new-campaign")
        await until(lambda: isinstance(app.screen, NewGameDialog))
        await pilot.pause()
        await pilot.press("ctrl+s")
        await answer_the_table_questions(app, pilot)
        await until(lambda: on_chapter(app, 1))
        [table] = served.service.tables.values()
        assert table.campaign is not None
        assert table.record.holders[0] == "bo"


async def test_a_campaign_save_is_continued_at_a_table_from_where_it_stands(
    served: Tables, paths: AppPaths
) -> None:
    record = CampaignRecord.new("Our long road", [Seat("Bo"), Seat("Ann")], 3)
    store = CampaignStore(paths.campaigns)
    store.write(record)
    app = RingbearerApp(paths)
    async with app.run_test(size=SIZE) as pilot:
        await open_a_table(app, pilot, "continue-campaign")
        await until(
            lambda: isinstance(app.screen, PickDialog) and app.screen.answers[0][0] != "game"
        )
        dialog = app.screen
        assert isinstance(dialog, PickDialog)
        assert "Our long road: chapter 1, corruption 0/15 (Bo, Ann)" in dialog.answers[0][1]
        await pilot.press("enter")
        await answer_the_table_questions(app, pilot)
        await until(lambda: on_chapter(app, 1))
        [table] = served.service.tables.values()
        assert table.campaign is not None
        assert table.campaign.id == record.id
        assert table.match.players == ("Bo", "Ann")


async def test_with_no_campaign_to_continue_the_app_says_so(
    served: Tables, paths: AppPaths
) -> None:
    app = RingbearerApp(paths)
    async with app.run_test(size=SIZE) as pilot:
        await open_a_table(app, pilot, "continue-campaign")
        await until(lambda: isinstance(app.screen, MessageDialog))
        dialog = app.screen
        assert isinstance(dialog, MessageDialog)
        assert "no campaign of the Book in your saves" in dialog.body
    assert served.service.tables == {}


async def test_between_chapters_the_campaign_screen_waits_for_everyone_then_opens_the_next(
    served: Tables, paths: AppPaths
) -> None:
    table = served.campaign_table()
    ann = await served.connection("ann")
    ann_updates: list[Update] = []
    await ann.sit(table.name)
    ann.listen(ann_updates.append, lambda reason: None)
    app = RingbearerApp(paths, StartTable(table.name))
    async with app.run_test(size=SIZE) as pilot:
        await until(lambda: on_chapter(app, 1))
        win_the_chapter(served, table)
        await until(lambda: app.screen.query("#way-leave"))
        await pilot.press("enter")  # To the campaign
        await until(lambda: isinstance(app.screen, TableCampaignScreen) and app.screen.between)
        screen = app.screen
        assert isinstance(screen, TableCampaignScreen)
        assert screen.record is not None
        assert screen.record.state.chapters_won == (1,)
        await pilot.press("r")
        await until(lambda: table.record.ready == [False, True])
        assert table.between  # Ann is not ready yet
        ann.ready()
        await until(lambda: on_chapter(app, 2))
        assert chapter_of(table) == 2
    ann.close()


async def test_a_spectator_has_no_ready_key(
    served: Tables, paths: AppPaths, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = served.campaign_table()
    ann = await served.connection("ann")
    await ann.sit(table.name)
    ann.listen(lambda update: None, lambda reason: None)
    bo = await served.connection("bo")
    await bo.sit(table.name)
    bo.listen(lambda update: None, lambda reason: None)
    win_the_chapter(served, table)
    monkeypatch.setenv(TABLE_TOKEN_ENV, served.service.issue_token("cy"))
    app = RingbearerApp(paths, StartTable(table.name, watch=True))
    async with app.run_test(size=SIZE) as pilot:
        await until(lambda: isinstance(app.screen, TableCampaignScreen) and app.screen.between)
        screen = app.screen
        assert isinstance(screen, TableCampaignScreen)
        assert not screen.query("#campaign-ready")
        assert not screen.check_action("ready", ())
        await pilot.press("r")
        await pilot.pause()
        assert table.record.ready == [False, False]
    ann.close()
    bo.close()


async def test_a_campaign_at_an_open_table_is_offered_as_that_table(
    served: Tables, paths: AppPaths, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = served.campaign_table()
    bo = await served.connection("bo")
    await bo.sit(table.name)  # Bo takes the second seat: the campaign is in his saves
    bo.close()
    campaign = table.campaign
    assert campaign is not None
    CampaignStore(paths.campaigns).write(campaign)
    app = RingbearerApp(paths)
    async with app.run_test(size=SIZE) as pilot:
        await open_a_table(app, pilot, "continue-campaign")
        await until(
            lambda: isinstance(app.screen, PickDialog) and app.screen.answers[0][0] != "game"
        )
        dialog = app.screen
        assert isinstance(dialog, PickDialog)
        assert [ident for ident, _ in dialog.answers] == [f"table:{table.name}"]
        await pilot.press("enter")
        await until(lambda: on_chapter(app, 1))
    assert len(served.service.tables) == 1


async def test_a_chapter_started_while_a_player_reads_the_last_ones_end_waits_for_them(
    served: Tables, paths: AppPaths
) -> None:
    table = served.campaign_table()
    ann = await served.connection("ann")
    await ann.sit(table.name)
    ann.listen(lambda update: None, lambda reason: None)
    app = RingbearerApp(paths, StartTable(table.name))
    async with app.run_test(size=SIZE) as pilot:
        await until(lambda: on_chapter(app, 1))
        game = app.screen
        assert isinstance(game, GameScreen)
        win_the_chapter(served, table)
        await until(lambda: app.screen.query("#way-leave"))
        ann.start_chapter()  # the owner does not wait
        session = game.session
        assert isinstance(session, RemoteSession)
        await until(lambda: session.moved_on)
        assert session.over  # Bo's board still shows the chapter he just played
        await pilot.press("enter")  # To the campaign: straight into the next chapter
        await until(lambda: on_chapter(app, 2))
    ann.close()


async def test_the_campaign_screen_says_when_the_servers_tables_go_away(
    served: Tables, paths: AppPaths
) -> None:
    table = served.campaign_table()
    ann = await served.connection("ann")
    await ann.sit(table.name)
    ann.listen(lambda update: None, lambda reason: None)
    bo = await served.connection("bo")
    await bo.sit(table.name)
    bo.listen(lambda update: None, lambda reason: None)
    win_the_chapter(served, table)
    bo.close()
    app = RingbearerApp(paths, StartTable(table.name))
    async with app.run_test(size=SIZE) as pilot:
        await until(lambda: isinstance(app.screen, TableCampaignScreen) and app.screen.between)
        screen = app.screen
        assert isinstance(screen, TableCampaignScreen)
        await served.socket.close()  # as when the server stops
        await until(lambda: bool(screen.gone))
        assert "join it again" in screen.gone
        assert not screen.between
        await pilot.press("r")  # nothing to be ready at: no error
        await pilot.pause()
    ann.close()


async def test_between_chapters_a_player_whose_seat_is_given_back_goes_to_the_menu(
    served: Tables, paths: AppPaths
) -> None:
    """Issue 48: the owner gives Bo's seat back while the campaign screen waits for the next
    chapter; Bo's app leaves it for the menu, told why."""
    table = served.campaign_table()
    ann = await served.connection("ann")
    await ann.sit(table.name)
    ann.listen(lambda update: None, lambda reason: None)
    bo = await served.connection("bo")
    await bo.sit(table.name)
    bo.listen(lambda update: None, lambda reason: None)
    win_the_chapter(served, table)
    bo.close()
    app = RingbearerApp(paths, StartTable(table.name))
    told: list[str] = []
    app.notify = lambda message, **kwargs: told.append(str(message))  # type: ignore[method-assign]
    async with app.run_test(size=SIZE):
        await until(lambda: isinstance(app.screen, TableCampaignScreen) and app.screen.between)
        ann.free_seat(1)
        await until(lambda: isinstance(app.screen, MainMenu))
        assert f"The owner of table {table.name} gave your seat back." in told
    assert table.record.holders == ["ann", ""]
    ann.close()


async def test_the_owner_invites_from_the_campaign_screen(served: Tables, paths: AppPaths) -> None:
    record = CampaignRecord.new("The fellowship", [Seat("Bo"), Seat("Ann")], SEED)
    table = served.service.open("bo", "adventure-book", [], campaign=encode(record))
    table.record.invited.append("ann")
    ann = await served.connection("ann")
    await ann.sit(table.name)
    ann.listen(lambda update: None, lambda reason: None)
    app = RingbearerApp(paths, StartTable(table.name))
    async with app.run_test(size=SIZE) as pilot:
        await until(lambda: on_chapter(app, 1))
        win_the_chapter(served, table)
        await until(lambda: app.screen.query("#way-leave"))
        await pilot.press("enter")  # To the campaign
        await until(lambda: isinstance(app.screen, TableCampaignScreen) and app.screen.between)
        await pilot.press("i")
        await until(lambda: isinstance(app.screen, PickDialog))
        await pilot.press("enter")  # Invite an account by its name
        await until(lambda: isinstance(app.screen, TextPrompt))
        await pilot.press(*"cy", "enter")
        await until(lambda: table.record.invited == ["cy"])
    ann.close()
