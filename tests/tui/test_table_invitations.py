"""Tables for friends in the app (issue 48): the owner says who may come from the table (i:
invite by name, a one-time code, give a seat back, open to anyone, watching), a friend joins
with a code from the Tables list, and a player whose seat is given back is sent to the menu
and told why. The app sits at a table served in this process; the others are connections
driven by hand."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from ringbearer_tui.app import RingbearerApp, StartTable
from ringbearer_tui.dialogs.message import MessageDialog
from ringbearer_tui.dialogs.pick import PickDialog
from ringbearer_tui.dialogs.tables import TablesDialog
from ringbearer_tui.dialogs.text_prompt import TextPrompt
from ringbearer_tui.environment import SSH_HOST_ENV, SSH_PORT_ENV
from ringbearer_tui.paths import AppPaths
from ringbearer_tui.screens.game import GameScreen
from ringbearer_tui.screens.main_menu import MainMenu
from ringbearer_tui.server.tables import Table
from ringbearer_tui.settings import Settings
from ringbearer_tui.tables.protocol import SeatPlan
from ringbearer_tui.tables.remote import RemoteSession

from .served_tables import Served, served_tables, until

SIZE = (100, 30)


class Tables(Served):
    def table(self, owner: str = "bo") -> Table:
        """A private table, as the app opens one by default."""
        return self.service.open(
            owner, "adventure-game", [SeatPlan("Bo"), SeatPlan("Ann")], seed=11
        )


@pytest.fixture
async def served(
    tmp_path: Path, paths: AppPaths, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[Tables]:
    monkeypatch.setenv(SSH_HOST_ENV, "games.example.org")
    monkeypatch.setenv(SSH_PORT_ENV, "2222")
    settings = Settings(confirm_quit=False)
    async with served_tables(Tables, tmp_path, paths, monkeypatch, settings) as tables:
        yield tables


def at_table(app: RingbearerApp) -> bool:
    return isinstance(app.screen, GameScreen) and isinstance(app.screen.session, RemoteSession)


async def choose_in_access_dialog(app: RingbearerApp, pilot: Pilot[None], answer: str) -> None:
    """Open "who may come" (i) at the table and pick the answer whose id is ``answer``."""
    await pilot.press("i")
    await until(lambda: isinstance(app.screen, PickDialog))
    dialog = app.screen
    assert isinstance(dialog, PickDialog)
    ids = [ident for ident, _ in dialog.answers]
    for _ in range(ids.index(answer)):
        await pilot.press("down")
    await pilot.press("enter")


async def test_the_owner_invites_a_friend_by_name_from_the_table(
    served: Tables, paths: AppPaths
) -> None:
    table = served.table()
    app = RingbearerApp(paths, StartTable(table.name))
    async with app.run_test(size=SIZE) as pilot:
        await until(lambda: at_table(app))
        await choose_in_access_dialog(app, pilot, "invite")
        await until(lambda: isinstance(app.screen, TextPrompt))
        await pilot.press(*"ann", "enter")
        await until(lambda: table.record.invited == ["ann"])
        screen = app.screen
        assert isinstance(screen, GameScreen)
        session = screen.session
        assert isinstance(session, RemoteSession)
        await until(lambda: session.access is not None and session.access.invited == ["ann"])
        ann = await served.connection("ann")
        welcome, _ = await ann.sit(table.name)
        assert welcome.seat == 1
        ann.close()


async def test_a_code_made_at_the_table_is_shown_with_the_command_that_uses_it(
    served: Tables, paths: AppPaths
) -> None:
    table = served.table()
    app = RingbearerApp(paths, StartTable(table.name))
    async with app.run_test(size=SIZE) as pilot:
        await until(lambda: at_table(app))
        await choose_in_access_dialog(app, pilot, "code")
        await until(lambda: isinstance(app.screen, MessageDialog))
        [code] = table.record.codes
        dialog = app.screen
        assert isinstance(dialog, MessageDialog)
        assert code in dialog.body
        assert f"ssh -t -p 2222 THEIR-NAME@games.example.org join {code}" in dialog.body
        await pilot.press("escape")
        # A friend uses it from the Tables list of their own app (here, a connection).
        cy = await served.connection("cy")
        welcome, _ = await cy.sit(code)
        assert (welcome.table, welcome.seat) == (table.name, 1)
        cy.close()
        await until(lambda: table.record.codes == [])


async def test_a_friend_joins_with_a_code_from_the_tables_list(
    served: Tables, paths: AppPaths, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = served.table(owner="ann")
    ann = await served.connection("ann")
    await ann.sit(table.name)
    ann.make_code()
    await until(lambda: bool(table.record.codes))
    [code] = table.record.codes
    ann.close()
    app = RingbearerApp(paths)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("t")
        await until(lambda: isinstance(app.screen, TablesDialog))
        dialog = app.screen
        assert isinstance(dialog, TablesDialog)
        assert dialog.entries == []  # private: Bo is not invited (yet)
        await pilot.press("k")
        await until(lambda: isinstance(app.screen, TextPrompt))
        app.screen.query_one(Input).value = f" {code.upper()} "
        await pilot.press("enter")
        await until(lambda: at_table(app))
        assert table.record.holders == ["ann", "bo"]


async def test_a_player_whose_seat_is_given_back_goes_to_the_menu_told_why(
    served: Tables, paths: AppPaths, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = served.table(owner="ann")
    table.record.invited.append("bo")
    ann = await served.connection("ann")
    await ann.sit(table.name)
    ann.listen(lambda update: None, lambda reason: None)
    app = RingbearerApp(paths, StartTable(table.name))
    told: list[str] = []
    app.notify = lambda message, **kwargs: told.append(str(message))  # type: ignore[method-assign]
    async with app.run_test(size=SIZE) as pilot:
        await until(lambda: at_table(app))
        await pilot.press("question_mark")  # the help is open over the board
        await until(lambda: not at_table(app))
        ann.free_seat(1)
        await until(lambda: isinstance(app.screen, MainMenu))
        assert len(app.screen_stack) == 2  # the menu over the default screen, nothing else
        assert told[-1] == f"The owner of table {table.name} gave your seat back."
        assert table.record.holders == ["ann", ""]
    ann.close()


async def test_the_owner_gives_a_seat_back_and_opens_the_table_to_anyone(
    served: Tables, paths: AppPaths
) -> None:
    table = served.table()
    table.record.invited.append("ann")
    app = RingbearerApp(paths, StartTable(table.name))
    async with app.run_test(size=SIZE) as pilot:
        await until(lambda: at_table(app))
        ann = await served.connection("ann")
        await ann.sit(table.name)
        await choose_in_access_dialog(app, pilot, "free:1")
        await until(lambda: table.record.holders == ["bo", ""])
        assert table.record.freed == ["ann"]
        await choose_in_access_dialog(app, pilot, "public")
        await until(lambda: table.record.open_to_all)
        await choose_in_access_dialog(app, pilot, "watching")
        await until(lambda: table.record.spectators)
        ann.close()


async def test_only_the_owner_has_the_invite_key(served: Tables, paths: AppPaths) -> None:
    table = served.table(owner="ann")
    table.record.invited.append("bo")
    app = RingbearerApp(paths, StartTable(table.name))
    async with app.run_test(size=SIZE) as pilot:
        await until(lambda: at_table(app))
        await pilot.press("i")
        await pilot.pause()
        assert at_table(app)  # nothing opened
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert screen.check_action("table_access", ()) is False
