"""The game screen on a shared table: the app sits at a table served by a real table service
in this process, and another player (a table connection driven by hand) plays against it."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Button, Input, Label, Select

import ringbearer_engine as rb
from ringbearer_engine.games.adventure_book.view import AdventureBookView
from ringbearer_tui.app import RingbearerApp, StartTable
from ringbearer_tui.dialogs.confirm import ConfirmDialog
from ringbearer_tui.dialogs.message import MessageDialog
from ringbearer_tui.dialogs.new_game import NewGameDialog
from ringbearer_tui.dialogs.pick import PickDialog
from ringbearer_tui.dialogs.tables import TablesDialog, describe_table
from ringbearer_tui.environment import SSH_HOST_ENV, SSH_PORT_ENV, TABLE_TOKEN_ENV
from ringbearer_tui.games.adventure_book.board import BookBoard
from ringbearer_tui.games.adventure_game.board import HandView
from ringbearer_tui.paths import AppPaths
from ringbearer_tui.screens.game import GameScreen
from ringbearer_tui.server.tables import Table
from ringbearer_tui.settings import Settings, save_settings
from ringbearer_tui.tables.protocol import SeatPlan, Update
from ringbearer_tui.tables.remote import RemoteSession
from ringbearer_tui.widgets.action_menu import ActionMenu
from ringbearer_tui.widgets.event_log import EventLog
from ringbearer_tui.widgets.prompt import Prompt

from .served_tables import Served, served_tables, until

SIZE = (100, 30)


class Tables(Served):
    def table(self) -> Table:
        return self.service.open(
            "ann",
            "adventure-game",
            [SeatPlan("Ann"), SeatPlan("Bo")],
            seed=11,
            open_to_all=True,
            spectators=True,
        )


@pytest.fixture
async def served(
    tmp_path: Path, paths: AppPaths, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[Tables]:
    settings = Settings(confirm_quit=False, turn_bell=True)
    async with served_tables(Tables, tmp_path, paths, monkeypatch, settings) as tables:
        yield tables


def prompt_text(app: RingbearerApp) -> str:
    return "\n".join(item.plain for item in app.screen.query_one(Prompt).items)


def at_table(app: RingbearerApp) -> bool:
    return isinstance(app.screen, GameScreen) and bool(app.screen.query(Prompt))


async def open_the_table_dialog(app: RingbearerApp, pilot: object) -> None:
    """From the main menu: Tables, then Open a table."""
    assert isinstance(pilot, Pilot)
    await pilot.pause()
    await pilot.press("t")
    await until(lambda: isinstance(app.screen, TablesDialog))
    await pilot.press("o")
    await until(lambda: isinstance(app.screen, PickDialog))
    await pilot.press("enter")  # a game (not a campaign)
    await until(lambda: isinstance(app.screen, NewGameDialog))


async def answer_the_table_questions(
    app: RingbearerApp, pilot: object, *, watching: str, bot_after: str, anyone: str = "n"
) -> str:
    """Answer "who may take the open seats?", "may others watch?" and "a bot after two
    minutes?", read how friends join, then sit at the table; the words that said how they
    join."""
    assert isinstance(pilot, Pilot)
    for key in (anyone, watching, bot_after):
        await until(lambda: isinstance(app.screen, ConfirmDialog))
        await pilot.press(key)
    await until(lambda: isinstance(app.screen, MessageDialog))
    dialog = app.screen
    assert isinstance(dialog, MessageDialog)
    await until(lambda: isinstance(app.focused, Button))
    await pilot.press("enter")
    await until(lambda: at_table(app))
    return dialog.body


async def test_a_seat_waits_for_the_other_player_then_plays_its_own_turn(
    served: Tables, paths: AppPaths
) -> None:
    table = served.table()
    ann = await served.connection("ann")
    ann_updates: list[Update] = []
    _, first = await ann.sit(table.name)
    ann.listen(ann_updates.append, lambda reason: None)
    app = RingbearerApp(paths, StartTable(table.name))
    bells = 0

    def bell() -> None:
        nonlocal bells
        bells += 1

    app.bell = bell  # type: ignore[method-assign]
    async with app.run_test(size=SIZE) as pilot:
        await until(lambda: at_table(app))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        session = screen.session
        assert isinstance(session, RemoteSession)
        assert session.own_seat == 1
        # Ann is to move: Bo sees no choices, and who he waits for.
        assert screen.query_one(ActionMenu).actions == []
        assert "Waiting for Ann" in prompt_text(app)
        assert "Table " + table.name in str(screen.query_one("#board-area").border_title)
        # Bo's board shows his own hand only: the view the server sent for seat 1.
        assert session.match.view(1) == table.match.view(1)
        assert session.match.view(0) == table.match.view(None)
        ann.act(first.actions[0], first.step)
        await until(lambda: table.match.to_move == 1 and bool(session.match.actions()))
        await pilot.pause()
        assert bells == 1
        menu = screen.query_one(ActionMenu)
        assert screen.choices == table.match.actions()
        assert menu.actions[0] == screen.choices[0]  # a step on, first; the rest may fold
        assert len(screen.query_one(EventLog).items) >= 1
        steps = len(table.match.log)
        await pilot.press("1")
        await until(lambda: len(table.match.log) == steps + 1)
    ann.close()


async def test_a_second_choice_before_the_server_answers_is_not_sent(
    served: Tables, paths: AppPaths
) -> None:
    table = served.table()
    bo = await served.connection("ann")
    welcome, first = await bo.sit(table.name)
    session = RemoteSession(bo, welcome, first)
    action = session.match.actions()[0]
    session.play(action)
    with pytest.raises(rb.IllegalActionError, match="on its way"):
        session.play(action)
    session.listen(lambda lines: None)
    await asyncio.sleep(0.3)
    assert len(table.match.log) == 1
    bo.close()


async def test_a_spectator_sees_no_hand_and_the_players_see_the_count(
    served: Tables, paths: AppPaths, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = served.table()
    ann = await served.connection("ann")
    ann_updates: list[Update] = []
    await ann.sit(table.name)
    ann.listen(ann_updates.append, lambda reason: None)
    monkeypatch.setenv(TABLE_TOKEN_ENV, served.service.issue_token("cy"))
    app = RingbearerApp(paths, StartTable(table.name, watch=True))
    async with app.run_test(size=SIZE) as pilot:
        await until(lambda: at_table(app))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        session = screen.session
        assert isinstance(session, RemoteSession)
        assert session.viewer is None
        for seat in (None, 0, 1):
            assert session.match.view(seat) == table.match.view(None)
        assert "Watching table" in str(screen.query_one("#board-area").border_title)
        # Where a player's hand would be, the spectator is told why there is none.
        hand = [line.plain for line in screen.query_one(HandView).items]
        assert hand == ["You are watching: every player's hand is hidden."]
        assert screen.query_one(ActionMenu).border_title == "Choices: players only"
        await until(lambda: bool(ann_updates) and ann_updates[-1].spectators == 1)
    ann.close()


async def test_joining_a_table_that_does_not_exist_says_so(served: Tables, paths: AppPaths) -> None:
    app = RingbearerApp(paths, StartTable("zzzz"))
    async with app.run_test(size=SIZE):
        await until(lambda: isinstance(app.screen, MessageDialog))
        dialog = app.screen
        assert isinstance(dialog, MessageDialog)
        assert "no open table 'zzzz'" in dialog.body
        await until(lambda: isinstance(app.focused, Button))  # fully open, then close


async def test_the_menu_opens_a_table_with_its_owner_in_the_first_seat(
    served: Tables, paths: AppPaths
) -> None:
    app = RingbearerApp(paths)
    async with app.run_test(size=SIZE) as pilot:
        await open_the_table_dialog(app, pilot)
        await pilot.press("ctrl+s")
        await answer_the_table_questions(app, pilot, watching="n", bot_after="y")
        screen = app.screen
        assert isinstance(screen, GameScreen)
        session = screen.session
        assert isinstance(session, RemoteSession)
        [table] = served.service.tables.values()
        assert session.table == table.name
        assert session.owner
        assert table.record.owner == "bo"
        assert table.record.holders[0] == "bo"
        assert not table.record.spectators
        assert not table.record.open_to_all
        assert table.record.bot_after == 120.0


async def test_a_table_opened_with_the_default_answers_is_private_and_unwatched(
    served: Tables, paths: AppPaths
) -> None:
    """Enter takes the focused answer of each question, as a hurried owner would: nobody
    but the friends invited may come, and nobody watches."""
    app = RingbearerApp(paths)
    async with app.run_test(size=SIZE) as pilot:
        await open_the_table_dialog(app, pilot)
        await pilot.press("ctrl+s")
        await answer_the_table_questions(
            app, pilot, anyone="enter", watching="enter", bot_after="enter"
        )
        [table] = served.service.tables.values()
        assert not table.record.open_to_all
        assert not table.record.spectators
        assert table.record.bot_after == 0.0


async def test_opening_a_table_says_the_join_command_as_it_can_be_pasted(
    served: Tables, paths: AppPaths, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(SSH_HOST_ENV, "games.example.org")
    monkeypatch.setenv(SSH_PORT_ENV, "2222")
    app = RingbearerApp(paths)
    async with app.run_test(size=SIZE) as pilot:
        await open_the_table_dialog(app, pilot)
        await pilot.press("ctrl+s")
        said = await answer_the_table_questions(app, pilot, watching="y", bot_after="y")
        [table] = served.service.tables.values()
        assert f"ssh -t -p 2222 games.example.org join {table.name}" in said
        assert f"ssh -t -p 2222 games.example.org watch {table.name}" in said
        assert "NAME@games.example.org" in said
        assert "HOST" not in said


async def test_the_menu_lists_the_tables_and_watches_one(
    served: Tables, paths: AppPaths, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = served.table()
    monkeypatch.setenv(TABLE_TOKEN_ENV, served.service.issue_token("cy"))
    app = RingbearerApp(paths)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("t")
        await until(lambda: isinstance(app.screen, TablesDialog))
        dialog = app.screen
        assert isinstance(dialog, TablesDialog)
        assert [entry.name for entry in dialog.entries] == [table.name]
        assert "Ann (away), Bo (open)" in describe_table(dialog.entries[0])
        await pilot.press("w")
        await until(lambda: at_table(app))
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert isinstance(screen.session, RemoteSession)
        assert screen.session.own_seat is None
        assert table.spectators == 1


async def test_a_book_table_plays_the_chapter_its_owner_chose(
    served: Tables, paths: AppPaths
) -> None:
    """A shared table plays one chapter of the book: the dialog asks which, and where the
    Corruption marker starts, instead of a campaign's name; what the book lacks is refused
    in the dialog with the engine's reason."""
    app = RingbearerApp(paths)
    async with app.run_test(size=SIZE) as pilot:
        await open_the_table_dialog(app, pilot)
        dialog = app.screen
        assert isinstance(dialog, NewGameDialog)
        dialog.query_one("#game", Select).value = "adventure-book"
        await until(lambda: any(w.name == "chapter" for w in dialog.query(".option")))
        assert not dialog.query("#campaign-name")
        fields = {str(field.name): field for field in dialog.query(".option").results(Input)}
        assert set(fields) == {"chapter", "corruption"}
        fields["chapter"].value = "9"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "there is no chapter 9" in str(dialog.query_one("#error", Label).render())
        fields["chapter"].value = "5"
        fields["corruption"].value = "6"
        await pilot.press("ctrl+s")
        await answer_the_table_questions(app, pilot, watching="y", bot_after="n")
        [table] = served.service.tables.values()
        view = table.match.view(None)
        assert isinstance(view, AdventureBookView)
        assert (view.chapter, view.corruption) == (5, 6)
        # The seat's screen words the chapter from its own view: the board, the prompt and
        # the choices of the player to move.
        board = app.screen.query_one(BookBoard)
        assert board.items[0].plain.startswith("Chapter 5: The Last March of the Ents")
        assert "Movement: move pieces up to 2 more single steps, or end the move" in prompt_text(
            app
        )
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert screen.choices == table.match.actions()  # shown whole or folded by kind


async def test_leaving_a_table_says_the_seat_stays_yours(served: Tables, paths: AppPaths) -> None:
    save_settings(paths.settings_file, Settings(confirm_quit=True))
    table = served.table()
    app = RingbearerApp(paths, StartTable(table.name))
    async with app.run_test(size=SIZE) as pilot:
        await until(lambda: at_table(app))
        await pilot.press("escape")
        await until(lambda: isinstance(app.screen, ConfirmDialog))
        dialog = app.screen
        assert isinstance(dialog, ConfirmDialog)
        assert f"Your seat stays yours: join {table.name} again" in dialog.question
        await pilot.press("y")
        await until(lambda: not isinstance(app.screen, GameScreen | ConfirmDialog))
        assert table.record.holders[1] == "bo"


async def test_leaving_a_closed_table_does_not_offer_to_join_it_again(
    served: Tables, paths: AppPaths
) -> None:
    save_settings(paths.settings_file, Settings(confirm_quit=True))
    table = served.table()
    app = RingbearerApp(paths, StartTable(table.name))
    async with app.run_test(size=SIZE) as pilot:
        await until(lambda: at_table(app))
        screen = app.screen
        assert isinstance(screen, GameScreen)
        session = screen.session
        assert isinstance(session, RemoteSession)
        served.service._finish(table)  # the owner closes it
        await until(lambda: session.closed)
        await pilot.press("escape")
        await until(lambda: isinstance(app.screen, ConfirmDialog))
        dialog = app.screen
        assert isinstance(dialog, ConfirmDialog)
        assert "again" not in dialog.question
        assert "It is closed: its game is in your saves." in dialog.question


async def test_a_finished_table_game_can_be_reviewed_and_not_before(
    served: Tables, paths: AppPaths
) -> None:
    """While the game goes on the client holds only its seat's views; once it is over the
    server sends the whole match, and the end offers its Review as at home."""
    from ringbearer_tui.dialogs.game_over import GameOverDialog
    from ringbearer_tui.screens.review import ReviewScreen

    table = served.service.open(
        "ann",
        "pig",
        [SeatPlan("Ann"), SeatPlan("Bo")],
        seed=4,
        options={"target": 8},
        open_to_all=True,
        spectators=True,
    )
    app = RingbearerApp(paths, StartTable(table.name))
    async with app.run_test(size=SIZE) as pilot:
        await until(lambda: at_table(app))
        screen = app.screen
        assert isinstance(screen, GameScreen)
        session = screen.session
        assert isinstance(session, RemoteSession)
        assert session.reviewable() is None
        while table.match.outcome is None:
            options = table.match.actions()
            table.play(options[len(table.match.log) % len(options)])
        served.service._after_step(table)  # as after any step: the news goes out
        await until(lambda: isinstance(app.screen, GameOverDialog))
        await until(lambda: bool(app.screen.query(Button)))  # composed
        labels = [str(button.label) for button in app.screen.query(Button)]
        assert "Review (v)" in labels
        reviewed = session.reviewable()
        assert reviewed is not None
        assert reviewed.log == table.match.log
        await pilot.pause()  # laid out, so the click lands on the button
        await pilot.click("#way-review")
        await until(lambda: isinstance(app.screen, ReviewScreen))
        await pilot.press("x", "escape")
        await until(lambda: isinstance(app.screen, GameOverDialog))
        await app.workers.wait_for_complete()


async def test_seats_named_for_characters_say_which_account_holds_them(
    served: Tables, paths: AppPaths
) -> None:
    """Frodo and Sam are ann and bo: the table list, the waiting line and the log say so,
    while the board and the choices keep the characters' names."""
    table = served.service.open(
        "ann",
        "adventure-game",
        [SeatPlan("Frodo"), SeatPlan("Sam")],
        seed=11,
        open_to_all=True,
        spectators=True,
    )
    ann = await served.connection("ann")
    _, first = await ann.sit(table.name)
    app = RingbearerApp(paths, StartTable(table.name))
    async with app.run_test(size=SIZE) as pilot:
        await until(lambda: at_table(app))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert "Waiting for Frodo (ann)…" in prompt_text(app)
        assert "Frodo (ann), Sam (bo) · your seat" in describe_table(table.entry("bo"))
        ann.act(first.actions[0], first.step)
        log = screen.query_one(EventLog)
        await until(lambda: any(item.plain.startswith("Frodo (ann): ") for item in log.items))
        assert list(table.match.players) == ["Frodo", "Sam"]  # the game's own names stay
        ann.close()
