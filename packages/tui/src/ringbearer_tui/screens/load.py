"""The list of saves: load, load a damaged save's backup, rename, delete."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, DataTable, Static

import ringbearer_engine as rb

from ..dialogs.confirm import ConfirmDialog
from ..dialogs.text_prompt import TextPrompt
from ..games.adventure_book.saves import is_campaign
from ..host import Host, host_of
from ..storage import SaveEntry, SaveNameError
from ..visible import visible
from ..widgets.steady_footer import SteadyFooter

COLUMNS = ("Name", "Game", "Seats", "Progress", "Saved")
NARROW_COLUMNS = ("Name", "Game", "Progress", "Saved")
"""Below WIDE_ENOUGH columns the seats are left to the line under the table, so that the
other columns keep room for their words."""
WIDE_ENOUGH = 100
SAVED_WIDTH = 16
"""A date and time, "2026-05-28 20:26"."""
GAME_WIDTH = 14
"""The longest short name, "Adventure Book"."""
AUTO = " (auto)"

SHORT_GAME_NAMES = {
    "mount-doom": "Mount Doom",
    "adventure-game": "Adventure Game",
    "adventure-book": "Adventure Book",
}
"""The games as the list names them: the full titles all begin alike ("Adventure …")."""


def short_game_name(entry: SaveEntry) -> str:
    return SHORT_GAME_NAMES.get(entry.game_id, entry.game_title)


def display_name(entry: SaveEntry) -> str:
    """A save's name as the player knows it; an autosave says so, since a named save of the
    same match has the same name."""
    name = visible(entry.name)
    return f"{name} (autosave)" if entry.autosave else name


def columns_for(total: int) -> tuple[str, ...]:
    return COLUMNS if total >= WIDE_ENOUGH else NARROW_COLUMNS


SHARES = {"Name": 5, "Seats": 5, "Progress": 4}
"""How the room beside the game and the date is shared: names and seats are the longer texts."""


def column_widths(total: int) -> list[int]:
    """Widths that fit the columns in ``total`` cells: the game and the date whole, the rest
    shared."""
    columns = columns_for(total)
    padding = 2 * len(columns) + 2  # each cell's padding, and the scrollbar
    shared = [c for c in columns if c in SHARES]
    room = max(8 * len(shared), total - padding - SAVED_WIDTH - GAME_WIDTH)
    parts = sum(SHARES[c] for c in shared)
    fixed = {"Game": GAME_WIDTH, "Saved": SAVED_WIDTH}
    return [fixed.get(c) or room * SHARES[c] // parts for c in columns]


def fit(text: str, width: int) -> str:
    """``text`` cut to ``width`` cells, with an ellipsis where it was cut."""
    return text if len(text) <= width else text[: max(0, width - 1)] + "…"


class LoadScreen(Screen[None]):
    HELP_TITLE = "the Load list"
    # Each key is printed on its button, so the footer need not repeat them (at 80 columns
    # they pushed the footer's own help key off the line).
    BINDINGS = [
        Binding("enter", "load", "Load", show=False, id="load.load", priority=True),
        Binding("b", "load_backup", "Load backup", show=False, id="load.backup"),
        # In the footer (clickable): the row of buttons has no room left at 80 columns.
        Binding("v", "review", "Review", id="load.review"),
        Binding("r", "rename", "Rename", show=False, id="load.rename"),
        Binding("d,delete", "delete", "Delete", show=False, id="load.delete"),
        Binding("escape", "back", "Back", show=False, id="load.back"),
    ]
    DEFAULT_CSS = """
    LoadScreen #title { text-style: bold; padding: 0 1; }
    LoadScreen DataTable { height: 1fr; }
    LoadScreen #detail { height: auto; min-height: 2; padding: 0 1; color: $text-muted; }
    LoadScreen #detail.damaged { color: $error; }
    LoadScreen #buttons { height: auto; }
    LoadScreen #buttons Button { margin-right: 1; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.entries: list[SaveEntry] = []

    @property
    def rb_app(self) -> Host:
        return host_of(self.app)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("Saved games", id="title")
            yield DataTable(cursor_type="row", zebra_stripes=True, id="saves")
            yield Static("", id="detail")
            with Horizontal(id="buttons"):
                yield Button("Load (enter)", variant="primary", id="load")
                yield Button("Load backup (b)", id="backup")
                yield Button("Rename (r)", id="rename")
                yield Button("Delete (d)", variant="error", id="delete")
                yield Button("Back (esc)", id="back")
        yield SteadyFooter()

    def on_mount(self) -> None:
        self.reload()
        self.query_one(DataTable).focus()

    def on_resize(self) -> None:
        if self.entries:
            self.reload()

    def reload(self) -> None:
        # Columns are cut to the screen's width, so every one of them stays in sight; the
        # line under the table shows the highlighted save in full.
        table = self.query_one(DataTable)
        row = table.cursor_row
        table.clear(columns=True)
        total = self.size.width or 80
        columns, widths = columns_for(total), column_widths(total)
        for label, width in zip(columns, widths, strict=True):
            table.add_column(label, width=width)
        found = self.rb_app.store.entries() + self.rb_app.campaigns.entries()
        self.entries = sorted(found, key=lambda e: e.modified, reverse=True)
        self.rb_app.tell_folder_problems()
        for index, entry in enumerate(self.entries):
            # Names, seats and progress come from the file: drawn as visible(), never raw.
            plain = visible(entry.name)
            name = fit(plain, widths[0] - len(AUTO)) + AUTO if entry.autosave else plain
            if entry.damaged:
                cell = {"Name": name, "Game": "damaged", "Progress": "see below"}
            else:
                seats = visible(", ".join(seat.name for seat in entry.seats))  # kinds: below
                cell = {
                    "Name": name,
                    "Game": short_game_name(entry),
                    "Seats": seats,
                    "Progress": visible(entry.progress),
                    "Saved": entry.saved,
                }
            cells = [cell.get(column, "") for column in columns]
            shown = [Text(fit(text, width)) for text, width in zip(cells, widths, strict=True)]
            if entry.damaged:
                shown[1].stylize("red")
            table.add_row(*shown, key=str(index))
        if 0 < row < len(self.entries):
            table.move_cursor(row=row)
        self._show_detail()

    @property
    def selected(self) -> SaveEntry | None:
        table = self.query_one(DataTable)
        if not self.entries or table.cursor_row < 0:
            return None
        return self.entries[min(table.cursor_row, len(self.entries) - 1)]

    @on(DataTable.RowHighlighted)
    def _show_detail(self) -> None:
        detail = self.query_one("#detail", Static)
        entry = self.selected
        if entry is None:
            detail.update("No saved games yet. Start one from the main menu.")
            detail.remove_class("damaged")
        elif entry.damaged:
            backup = (
                "A good backup exists: press b to load it."
                if entry.backup_ok
                else "No usable backup exists."
            )
            problem = visible(entry.problem or "")
            detail.update(f"{display_name(entry)} cannot be loaded: {problem}\n{backup}")
            detail.add_class("damaged")
        else:
            seats = visible(", ".join(seat.label() for seat in entry.seats))
            detail.update(
                f"{display_name(entry)}: {entry.game_title} with {seats}, {visible(entry.progress)}"
            )
            detail.remove_class("damaged")
        self.query_one("#backup", Button).disabled = not (entry and entry.backup_ok)

    @on(DataTable.RowSelected)
    def _row_selected(self) -> None:
        self.action_load()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        actions = {
            "load": self.action_load,
            "backup": self.action_load_backup,
            "rename": self.action_rename,
            "delete": self.action_delete,
            "back": self.action_back,
        }
        actions[event.button.id or "back"]()

    def action_load(self) -> None:
        entry = self.selected
        if entry is None:
            return
        if entry.damaged:
            hint = " Press b to load its backup." if entry.backup_ok else ""
            self.notify(
                f"{display_name(entry)} cannot be loaded: {visible(entry.problem or '')}.{hint}",
                severity="error",
            )
            return
        self.rb_app.open_save(entry)

    def action_load_backup(self) -> None:
        entry = self.selected
        if entry is not None and entry.backup_ok:
            self.rb_app.open_save(entry, from_backup=True)

    def action_review(self) -> None:
        """Replay the highlighted save step by step beside the advisor (finished or not)."""
        entry = self.selected
        if entry is None or entry.damaged:
            return
        try:
            if is_campaign(entry):
                record = self.rb_app.campaigns.load(entry)
                if record.match is None:
                    self.notify("This campaign has no chapter in play to review.")
                    return
                match = rb.Match.load(record.match)
            else:
                match = self.rb_app.store.load(entry)
        except (OSError, rb.SaveError) as error:
            self.notify(f"{display_name(entry)} cannot be reviewed: {error}", severity="error")
            return
        self.rb_app.review(match)

    def action_rename(self) -> None:
        entry = self.selected
        if entry is None:
            return

        def done(name: str | None) -> None:
            if name:
                try:
                    if is_campaign(entry):
                        self.rb_app.campaigns.rename(entry, name)
                    else:
                        self.rb_app.store.rename(entry, name)
                except (SaveNameError, OSError, rb.SaveError) as error:
                    self.notify(str(error), severity="error")
                self.reload()

        prompt = TextPrompt(f"Rename {display_name(entry)!r} to:", visible(entry.name), "Rename")
        self.app.push_screen(prompt, done)

    def action_delete(self) -> None:
        entry = self.selected
        if entry is None:
            return

        def done(yes: bool | None) -> None:
            if yes:
                try:
                    self.rb_app.store.delete(entry)
                except OSError as error:
                    self.notify(f"Cannot delete it: {error.strerror}", severity="error")
                self.reload()

        self.app.push_screen(ConfirmDialog(f"Delete {display_name(entry)!r} and its backup?"), done)

    def action_back(self) -> None:
        self.dismiss(None)
