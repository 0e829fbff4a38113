"""A campaign table's campaign screen: between two chapters, every player and spectator sees
what the chapter changed and where the campaign stands, and the players say they are ready.

The table lives in the server. Each chapter is played on a connection of its own (its
welcome names the chapter's options, which the game screen is built from); between chapters
this screen holds a connection that hears who is ready, and when the next chapter starts it
sits down again and opens the game screen on it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Static

import ringbearer_engine as rb

from ..dialogs.confirm import ConfirmDialog
from ..games.adventure_book.panels import corruption_line
from ..games.adventure_book.saves import CampaignRecord, chapter_title, decode
from ..seats import seat_and_person
from ..tables.access import manage_access, new_codes, show_code, told_why
from ..tables.client import TableConnection, TableRefusedError, connection_ended, dismissal
from ..tables.protocol import CampaignNews, Update, Welcome
from ..tables.remote import RemoteSession
from ..visible import visible
from ..widgets.steady_footer import SteadyFooter
from .campaign import campaign_summary, changes, chapter_lines, specials_text
from .game import GameScreen

Arrival = tuple[TableConnection, Welcome, Update]
"""A connection just seated at a table, with its welcome and first update."""
Reconnect = Callable[[], Awaitable[Arrival]]
"""Sit at the same table again (the same seat, or watching), on a new connection."""


def ready_lines(update: Update, news: CampaignNews, own_seat: int | None) -> Text:
    """Who sits at the table, and who is ready for the next chapter."""
    text = Text("At the table", style="bold")
    for n, info in enumerate(update.seats):
        yours = n == own_seat
        name = visible(seat_and_person(info.name, "" if yours else info.account, "you" * yours))
        if info.bot:
            state, style = "a bot plays this seat", "grey62"
        elif not info.account:
            state, style = "open: a friend may join", "grey62"
        elif n < len(news.ready) and news.ready[n]:
            state, style = "ready", "green"
        else:
            state, style = "away" if info.away else "not ready yet", ""
        mark = "✓" if style == "green" else "·"
        text.append(f"\n{mark} {name}: ", style=style)
        text.append(state, style=style)
    if update.spectators:
        text.append(f"\n  {update.spectators} watching", style="grey62")
    return text


class TableCampaignScreen(Screen[None]):
    HELP_TITLE = "a campaign table"
    HELP_TEXT = (
        "This table plays a whole campaign of the book, chapter after chapter. After each "
        "chapter, won or lost, the campaign moves on by the rules and every player finds it "
        "in their own saves (Load), to continue at home or at a new table. The next chapter "
        "starts when every player at the table has pressed r (the owner may start it at once "
        "with s, and says who may come with i). Leaving keeps your seat: join the table again "
        "to come back."
    )
    BINDINGS = [
        Binding("r", "ready", "Ready", id="table-campaign.ready"),
        Binding("s", "start", "Start now", id="table-campaign.start"),
        Binding("i", "table_access", "Invite", id="table-campaign.access"),
        Binding("x", "close_table", "Close the table", id="table-campaign.close"),
        Binding("escape", "leave", "Menu", id="table-campaign.menu"),
    ]
    DEFAULT_CSS = """
    TableCampaignScreen #campaign-scroll { height: 1fr; padding: 0 1; }
    TableCampaignScreen #campaign-title { text-style: bold; }
    TableCampaignScreen .campaign-part { margin-top: 1; height: auto; }
    TableCampaignScreen #campaign-changes { color: $accent; }
    TableCampaignScreen #campaign-next { color: $warning; }
    TableCampaignScreen #campaign-buttons { height: auto; padding: 0 1; }
    TableCampaignScreen #campaign-buttons Button { margin-right: 1; }
    """

    def __init__(self, arrival: Arrival, reconnect: Reconnect) -> None:
        super().__init__()
        self._arrival: Arrival | None = arrival
        self.reconnect = reconnect
        self.connection: TableConnection | None = None
        """The connection between chapters (during one, the game screen's session has it)."""
        self.welcome = arrival[1]
        self.update: Update = arrival[2]
        self.news: CampaignNews | None = arrival[2].campaign
        self.record: CampaignRecord | None = None
        self.gone = ""
        """Why the table can no longer be reached, once it cannot."""

    # -- being at the table -------------------------------------------------------------------

    @property
    def owner(self) -> bool:
        return self.welcome.owner and self.welcome.seat is not None

    @property
    def between(self) -> bool:
        return (
            self.news is not None
            and self.news.between
            and not self.update.closed
            and self.connection is not None
        )

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="campaign-scroll"):
            yield Static(id="campaign-title")
            yield Static(id="campaign-changes", classes="campaign-part")
            yield Static(id="campaign-next", classes="campaign-part")
            yield Static(id="campaign-seats", classes="campaign-part")
            yield Static(id="campaign-chapters", classes="campaign-part")
            yield Static(id="campaign-corruption")
            yield Static(id="campaign-specials")
        with Horizontal(id="campaign-buttons"):
            if self.welcome.seat is not None:
                yield Button("Ready (r)", variant="primary", id="campaign-ready")
            if self.owner:
                yield Button("Start now (s)", id="campaign-start")
            yield Button("Menu (esc)", id="campaign-menu")
        yield SteadyFooter()

    def on_mount(self) -> None:
        arrival, self._arrival = self._arrival, None
        assert arrival is not None
        self._arrive(arrival)

    def on_unmount(self) -> None:
        if self.connection is not None:
            self.connection.close()
            self.connection = None

    def _arrive(self, arrival: Arrival) -> None:
        connection, welcome, first = arrival
        self.welcome = welcome
        self.gone = ""
        news = first.campaign
        if news is not None and not news.between and first.outcome is None and not first.closed:
            self._show(first)
            self._play(RemoteSession(connection, welcome, first))
            return
        self.connection = connection
        self._show(first)
        connection.listen(self._table_update, self._table_refused)
        self._focus_ready()

    def _play(self, session: RemoteSession) -> None:
        self.app.push_screen(GameScreen(session), lambda _: self._chapter_closed(session))

    def _chapter_closed(self, session: RemoteSession) -> None:
        if session.campaign is not None:
            self.news = session.campaign
            self._read_record()
        if not (session.over or session.moved_on):
            self.dismiss(None)  # left in the middle of a chapter: the seat stays theirs
            return
        if session.closed and not session.moved_on:
            # The campaign ended with that chapter, or the owner closed the table.
            self.update = session.last_update
            self.refresh_campaign()
            return
        self.run_worker(self._come_back(), exclusive=True)

    async def _come_back(self) -> None:
        try:
            arrival = await self.reconnect()
        except TableRefusedError as error:
            self.gone = f"The table cannot be reached: {visible(str(error))}."
            self.refresh_campaign()
            return
        self._arrive(arrival)

    def _table_update(self, update: Update) -> None:
        self._show(update)
        news = update.campaign
        if news is not None and not news.between and update.outcome is None and not update.closed:
            # The next chapter started: sit down at it (its welcome names its options).
            if self.connection is not None:
                self.connection.close()
                self.connection = None
            self.run_worker(self._come_back(), exclusive=True)

    def _table_refused(self, reason: str) -> None:
        sent_away = dismissal(reason)
        if sent_away is not None:
            # The owner gave the seat back: to the menu, told why.
            self.app.notify(
                told_why(sent_away),
                title=f"Table {visible(self.welcome.table)}",
                severity="warning",
                timeout=20,
            )
            if self in self.app.screen_stack:
                self.pop_until_active()  # a dialog open over it goes with it
            self.dismiss(None)
            return
        self.notify(visible(reason), title="Table", severity="warning")
        if connection_ended(reason) and self.connection is not None:
            self.connection.close()
            self.connection = None
            self.gone = "The table's connection ended: leave (esc) and join it again."
            self.refresh_campaign()

    # -- drawing ----------------------------------------------------------------------------

    def _show(self, update: Update) -> None:
        before = self.update.access
        if before is not None and update.access is not None and update is not self.update:
            for code in new_codes(before, update.access):
                show_code(self.app, self.welcome.table, code)
        self.update = update
        if update.campaign is not None:
            self.news = update.campaign
        self._read_record()
        self.refresh_campaign()

    def _read_record(self) -> None:
        if self.news is None:
            self.record = None
            return
        if not self.news.record:
            return  # an update within a chapter: the campaign is as it was
        try:
            self.record = decode(self.news.record)
        except rb.RingbearerError as error:
            self.record = None
            self.gone = f"The server sent a campaign this version cannot read: {error}"

    def refresh_campaign(self) -> None:
        record, news, update = self.record, self.news, self.update
        title = self.query_one("#campaign-title", Static)
        table = visible(self.welcome.table)
        if record is None or news is None:
            title.update(f"Campaign table {table}\n{self.gone}")
            return
        campaign = record.state
        seats = visible(", ".join(seat.name for seat in record.seats))
        watching = " (watching)" if self.welcome.seat is None else ""
        title.update(f"Campaign table {table}{watching}: {visible(record.name)}\nPlayers: {seats}")
        last = record.history[-1] if record.history else None
        changed = self.query_one("#campaign-changes", Static)
        changed.update(changes(last) if last is not None else "")
        changed.display = last is not None
        self.query_one("#campaign-next", Static).update(self._next_words(record))
        seats_part = self.query_one("#campaign-seats", Static)
        seats_part.update(ready_lines(update, news, self.welcome.seat))
        seats_part.display = not campaign.finished and not update.closed
        self.query_one("#campaign-chapters", Static).update(chapter_lines(record, campaign))
        self.query_one("#campaign-corruption", Static).update(
            corruption_line(campaign.corruption, campaign.fired_eyes)
        )
        self.query_one("#campaign-specials", Static).update(specials_text(campaign))
        for button in self.query("#campaign-ready, #campaign-start").results(Button):
            button.disabled = not self.between
        for button in self.query("#campaign-ready").results(Button):
            seat = self.welcome.seat
            done = seat is not None and seat < len(news.ready) and news.ready[seat]
            button.label = "Ready ✓" if done else "Ready (r)"
            button.disabled = button.disabled or done
        self.refresh_bindings()

    def _next_words(self, record: CampaignRecord) -> str:
        campaign = record.state
        if campaign.finished:
            return campaign_summary(record, campaign)
        if self.gone:
            return self.gone
        if self.update.closed:
            return (
                "The owner closed the table. The campaign is in every player's saves, as "
                "it stood after the last chapter: continue it from Load, or at a new table."
            )
        again = any(a.chapter == campaign.chapter for a in record.history)
        chapter = f"Next: chapter {campaign.chapter}, {chapter_title(campaign.chapter)}" + (
            ", again." if again else "."
        )
        if not self.between:
            return f"{chapter} Sitting down…"
        if self.welcome.seat is None:
            return f"{chapter}\nIt starts when the players are ready."
        start = " (or s to start it now)" if self.owner else ""
        return f"{chapter}\nIt starts when every player is ready: press r{start}."

    def _focus_ready(self) -> None:
        for button in self.query("#campaign-ready").results(Button):
            if not button.disabled:
                button.focus()

    # -- what the keys do ---------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "ready":
            return self.welcome.seat is not None and self.between
        if action in ("start", "close_table"):
            return self.owner and self.connection is not None and not self.update.closed
        if action == "table_access":
            return (
                self.owner
                and self.connection is not None
                and not self.update.closed
                and self.update.access is not None
            )
        return True

    def action_ready(self) -> None:
        if self.connection is not None and self.between:
            self.connection.ready()

    def action_start(self) -> None:
        if self.connection is not None and self.between and self.owner:
            self.connection.start_chapter()

    def action_table_access(self) -> None:
        connection, access = self.connection, self.update.access
        if connection is None or access is None or not self.owner:
            return
        self.run_worker(
            manage_access(self.app, connection, access, self.update.seats, self.welcome.seat),
            group="table-access",
            exclusive=True,
        )

    def action_close_table(self) -> None:
        connection = self.connection
        if connection is None or not self.owner:
            return

        def done(yes: bool | None) -> None:
            if yes:
                connection.close_table()

        self.app.push_screen(
            ConfirmDialog(
                "Close this campaign table? Every player keeps the campaign in their saves."
            ),
            done,
        )

    def action_leave(self) -> None:
        self.dismiss(None)

    @on(Button.Pressed, "#campaign-ready")
    def _on_ready(self) -> None:
        self.action_ready()

    @on(Button.Pressed, "#campaign-start")
    def _on_start(self) -> None:
        self.action_start()

    @on(Button.Pressed, "#campaign-menu")
    def _on_menu(self) -> None:
        self.action_leave()
