"""The server's shared tables: join one, watch one, or open a new one."""

from __future__ import annotations

import msgspec
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Label, OptionList
from textual.widgets.option_list import Option

import ringbearer_engine as rb

from ..seats import seat_and_person
from ..tables.protocol import TableEntry
from ..visible import visible
from .base import Dialog


class TableChoice(msgspec.Struct, frozen=True):
    what: str
    """``open``, ``join``, ``watch``, or ``code`` (join with a one-time code)."""
    table: str = ""


def describe_table(entry: TableEntry) -> str:
    """One line of the list: "7f3k  Adventure Game  Ann, Bo (away), open seat · 2 watching"."""
    try:
        title = rb.get_game(entry.game).title
    except KeyError:
        title = entry.game
    seats = []
    for seat in entry.seats:
        if seat.bot:
            seats.append(f"{seat.name} (bot)")
        elif not seat.account:
            seats.append(f"{seat.name} (open)")
        else:
            seats.append(seat_and_person(seat.name, seat.account, "away" if seat.away else ""))
    # Every name here came from the server (other players typed them): shown, never obeyed.
    line = visible(f"{entry.name}  {title}: {', '.join(seats)}")
    if entry.campaign:
        line += visible(f" · campaign, {entry.campaign}")
    if entry.spectators:
        line += f" · {entry.spectators} watching"
    if entry.mine:
        line += " · your seat"
    elif not entry.open_to_all:
        line += " · invited"
    return line


class TablesDialog(Dialog[TableChoice | None]):
    DEFAULT_CSS = """
    TablesDialog > Vertical { width: 76; }
    TablesDialog #title { text-style: bold; margin-bottom: 1; }
    TablesDialog OptionList { height: auto; max-height: 12; }
    """
    BINDINGS = [
        Binding("o", "choose('open')", "Open a table", id="tables.open"),
        Binding("j", "choose('join')", "Join", id="tables.join"),
        Binding("w", "choose('watch')", "Watch", id="tables.watch"),
        Binding("k", "choose('code')", "Join with a code", id="tables.code"),
        Binding("escape", "close", "Back", id="tables.back"),
    ]

    def __init__(self, entries: list[TableEntry]) -> None:
        super().__init__()
        self.entries = entries

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("Shared tables", id="title")
            if self.entries:
                yield OptionList(
                    *(Option(describe_table(e), id=e.name) for e in self.entries), id="list"
                )
            else:
                yield Label(
                    "No table you may join is open. Open one and invite your friends,\n"
                    "or join with the code a friend gave you (k)."
                )
            with Horizontal(classes="buttons"):
                yield Button("Open a table (o)", variant="primary", id="open")
                if self.entries:
                    yield Button("Join (j)", id="join")
                    yield Button("Watch (w)", id="watch")
                yield Button("Code (k)", id="code")
                yield Button("Back (esc)", id="back")

    def on_mount(self) -> None:
        if self.entries:
            self.query_one(OptionList).focus()
        else:
            self.query_one("#open", Button).focus()

    def _highlighted(self) -> TableEntry | None:
        if not self.entries:
            return None
        index = self.query_one(OptionList).highlighted
        return self.entries[index] if index is not None else None

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_choose("join")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "back":
            self.dismiss(None)
        elif event.button.id:
            self.action_choose(event.button.id)

    def action_choose(self, what: str) -> None:
        if what in ("open", "code"):
            self.dismiss(TableChoice(what))
            return
        entry = self._highlighted()
        if entry is None:
            return
        if what == "join" and not entry.mine and not entry.open_seats:
            what = "watch"  # a full table can still be watched
        if what == "watch" and not entry.watchable:
            self.notify(
                f"Table {visible(entry.name)} does not allow spectators.", severity="warning"
            )
            return
        self.dismiss(TableChoice(what, entry.name))

    def action_close(self) -> None:
        self.dismiss(None)
