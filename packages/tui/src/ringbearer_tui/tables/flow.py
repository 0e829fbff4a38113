"""How a player reaches a shared table from the app: the list, opening one, sitting down."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

from rich.markup import escape

import ringbearer_engine as rb

from ..dialogs.confirm import ConfirmDialog
from ..dialogs.message import MessageDialog
from ..dialogs.new_game import NewGameDialog
from ..dialogs.pick import PickDialog
from ..dialogs.tables import TableChoice, TablesDialog
from ..dialogs.text_prompt import TextPrompt
from ..environment import ssh_command, ssh_host, table_access
from ..games.adventure_book.saves import CAMPAIGN_GAME, CampaignRecord, encode
from ..host import host_of
from ..seats import NewGameRequest
from ..visible import visible
from .client import TableConnection, TableRefusedError
from .protocol import SeatPlan, TableEntry, Update, Welcome
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


async def seat_at(table: str, *, watch: bool = False) -> tuple[TableConnection, Welcome, Update]:
    """A new connection seated at ``table`` (or watching it), with its welcome and first
    update; a :class:`TableRefusedError` says why not."""
    connection = await connect()
    try:
        welcome, first = await connection.sit(table, watch=watch)
    except BaseException:
        connection.close()
        raise
    return connection, welcome, first


async def sit(app: App[Any], table: str, *, watch: bool = False) -> None:
    """Take this account's seat at ``table`` (or a free one), or watch it."""
    try:
        arrival = await seat_at(table, watch=watch)
    except TableRefusedError as error:
        # A spectator asked to watch, not to sit: the refusal says what was refused.
        refused = "You cannot watch there" if watch else "You cannot sit there"
        app.push_screen(MessageDialog(f"Table {table}", f"{refused}: {error}."))
        return
    connection, welcome, first = arrival
    if welcome.campaign:
        host_of(app).open_table_campaign(arrival, lambda: seat_at(table, watch=watch))
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
    elif choice.what == "code":
        code = await app.push_screen_wait(
            TextPrompt("The code your friend gave you:", ok="Join", max_length=40)
        )
        if code:
            await sit(app, "".join(code.split()).lower())
    else:
        await sit(app, choice.table, watch=choice.what == "watch")


WHAT_TO_PLAY = [
    ("game", "One game (of the Book: one chapter, from the start you choose)"),
    ("new-campaign", "A new campaign of the Book, chapter after chapter"),
    ("continue-campaign", "Continue a campaign of the Book"),
]
WHAT_TO_PLAY_HELP = (
    "A campaign table plays the Book's chapters one after another, keeps what carries from "
    "one to the next, and puts the campaign in every player's saves after each chapter."
)


async def open_table(app: App[Any]) -> None:
    """Choose what the table plays, then its seats (people or bots); the table opens with
    you at the first person's seat, and its name is what your friends join with."""
    what = await app.push_screen_wait(
        PickDialog("What will the table play?", WHAT_TO_PLAY, WHAT_TO_PLAY_HELP)
    )
    if what is None:
        return
    campaign: bytes | None = None
    request: NewGameRequest | None
    if what == "continue-campaign":
        chosen = await choose_campaign(app)
        if chosen is None:
            return
        if isinstance(chosen, str):  # a campaign table already open: sit down there
            await sit(app, chosen)
            return
        request = NewGameRequest(CAMPAIGN_GAME, chosen.seats, {}, chosen.seed, chosen.name)
        campaign = encode(chosen)
    else:
        request = await app.push_screen_wait(
            NewGameDialog(
                host_of(app).settings,
                CAMPAIGN_GAME if what == "new-campaign" else None,
                for_table=what == "game",
                campaign_table=what == "new-campaign",
            )
        )
        if request is None:
            return
        if request.campaign:
            record = CampaignRecord.new(request.campaign, request.seats, request.seed)
            campaign = encode(record)
    # Both questions default to no (the focused button, and escape): a table is for the
    # friends its owner invites, and nobody watches unless the owner says so.
    open_to_all = await app.push_screen_wait(
        ConfirmDialog(
            "Who may take the open seats? Friends you invite (by name or with a code, key i "
            "at the table), or anyone on this server?",
            yes="Anyone",
            no="Friends I invite",
        )
    )
    spectators = await app.push_screen_wait(
        ConfirmDialog(
            "May those who may come to this table watch it?",
            yes="Allow watching",
            no="Players only",
        )
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
                campaign=campaign,
                open_to_all=bool(open_to_all),
            )
        finally:
            connection.close()
    except TableRefusedError as error:
        app.push_screen(MessageDialog("The table did not open", f"{error}."))
        return
    # Said before the game opens, in a dialog that stays until closed: a notice vanished
    # before the command could be copied, and covered the Log while it lasted.
    await app.push_screen_wait(
        MessageDialog(
            f"Table {name} is open",
            how_to_join(name, watching=bool(spectators), open_to_all=bool(open_to_all)),
            "Sit down",
        )
    )
    await sit(app, name)


def how_to_join(table: str, *, watching: bool, open_to_all: bool) -> str:
    """The commands that reach ``table``, ready to paste, and what to change in them."""
    join = ssh_command("join", table)
    watch = f"\n\nOthers watch with:\n\n  {ssh_command('watch', table)}" if watching else ""
    who = (
        "Anyone here joins with"
        if open_to_all
        else "Invite your friends with i (by name, or a one-time code); they join with"
    )
    return escape(
        f"{who}:\n\n  {join}{watch}\n\nIf a friend's name on this server "
        f"is not their user name on their own computer, they put it before the host: "
        f"NAME@{ssh_host()}."
    )


async def choose_campaign(app: App[Any]) -> CampaignRecord | str | None:
    """One of this account's campaign saves, or the name of a campaign table it sits at."""
    host = host_of(app)
    saves = [
        entry for entry in host.campaigns.entries() if not entry.damaged and not entry.finished
    ]
    tables: list[TableEntry] = []
    with contextlib.suppress(TableRefusedError):
        connection = await connect()
        try:
            tables = [t for t in await connection.list_tables() if t.campaign and t.mine]
        finally:
            connection.close()
    at_tables = {table.campaign_id for table in tables}
    saves = [entry for entry in saves if entry.path.stem not in at_tables]
    answers = [
        (f"table:{table.name}", visible(f"Table {table.name} (open): {table.campaign}"))
        for table in tables
    ]
    answers += [
        (
            f"save:{n}",
            visible(
                f"{entry.name}: {entry.progress} ({', '.join(seat.name for seat in entry.seats)})"
            ),
        )
        for n, entry in enumerate(saves)
    ]
    if not answers:
        app.push_screen(
            MessageDialog(
                "No campaign to continue",
                "You have no campaign of the Book in your saves yet: open a table with a "
                "new campaign instead.",
            )
        )
        return None
    chosen = await app.push_screen_wait(
        PickDialog("Continue which campaign?", answers, CONTINUE_HELP)
    )
    if chosen is None:
        return None
    kind, _, key = chosen.partition(":")
    if kind == "table":
        return key
    entry = saves[int(key)]
    try:
        return host.campaigns.load(entry)
    except (OSError, rb.RingbearerError) as error:
        app.push_screen(MessageDialog("The campaign cannot be read", f"{error}."))
        return None


CONTINUE_HELP = (
    "Your campaign saves, and the campaign tables where you have a seat. A campaign save "
    "goes on at the table from where it stands; its seats are the campaign's."
)
