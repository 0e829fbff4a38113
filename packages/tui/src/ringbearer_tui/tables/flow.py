"""How a player reaches a shared table from the app: the list, opening one, sitting down."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..dialogs.confirm import ConfirmDialog
from ..dialogs.message import MessageDialog
from ..dialogs.new_game import NewGameDialog
from ..dialogs.tables import TableChoice, TablesDialog
from ..environment import table_access
from ..host import host_of
from .client import TableConnection, TableRefusedError
from .protocol import SeatPlan
from .remote import RemoteSession

if TYPE_CHECKING:
    from textual.app import App

BOT_AFTER = 120.0
"""Seconds a player may be away before a bot plays for them, when the table allows it."""
NOT_SERVED = "Shared tables are on servers: connect to one with ssh (see ringbearer serve)."


async def connect() -> TableConnection:
    access = table_access()
    if access is None:
        raise TableRefusedError(NOT_SERVED)
    socket, token = access
    return await TableConnection.open(socket, token)


async def sit(app: App[Any], table: str, *, watch: bool = False) -> None:
    """Take this account's seat at ``table`` (or a free one), or watch it."""
    try:
        connection = await connect()
        try:
            welcome, first = await connection.sit(table, watch=watch)
        except BaseException:
            connection.close()
            raise
    except TableRefusedError as error:
        app.push_screen(MessageDialog(f"Table {table}", f"You cannot sit there: {error}."))
        return
    host_of(app).open_session(RemoteSession(connection, welcome, first))


async def browse(app: App[Any]) -> None:
    """The list of tables; then open, join or watch what the player chose."""
    try:
        connection = await connect()
        try:
            entries = await connection.list_tables()
        finally:
            connection.close()
    except TableRefusedError as error:
        app.push_screen(MessageDialog("Tables", f"{error}"))
        return
    choice: TableChoice | None = await app.push_screen_wait(TablesDialog(entries))
    if choice is None:
        return
    if choice.what == "open":
        await open_table(app)
    else:
        await sit(app, choice.table, watch=choice.what == "watch")


async def open_table(app: App[Any]) -> None:
    """Choose a game and its seats (people or bots); the table opens with you at the first
    person's seat, and its name is what your friends join with."""
    request = await app.push_screen_wait(NewGameDialog(host_of(app).settings, None, for_table=True))
    if request is None:
        return
    spectators = await app.push_screen_wait(
        ConfirmDialog("May others watch this table?", yes="Allow watching", no="Players only")
    )
    takeover = await app.push_screen_wait(
        ConfirmDialog(
            "When a player leaves, should a bot play for them after two minutes?",
            yes="Bot after two minutes",
            no="Wait for them",
        )
    )
    plans = [
        SeatPlan(seat.name, (seat.bot or "heuristic") if seat.is_bot else "")
        for seat in request.seats
    ]
    try:
        connection = await connect()
        try:
            name = await connection.open_table(
                request.game_id,
                plans,
                spectators=bool(spectators),
                seed=request.seed,
                bot_after=BOT_AFTER if takeover else 0.0,
                options=request.options,
            )
        finally:
            connection.close()
    except TableRefusedError as error:
        app.push_screen(MessageDialog("The table did not open", f"{error}."))
        return
    await sit(app, name)
    app.notify(
        f"Your friends join with: ssh -t HOST join {name}"
        + (f" (or watch {name})" if spectators else ""),
        title=f"Table {name} is open",
        timeout=15,
    )
