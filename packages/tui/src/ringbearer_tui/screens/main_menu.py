"""The main menu: New game, Continue, Load, Settings, Rules, Quit."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Button, Static

from .._version import __version__
from ..environment import served_keys_file, table_access
from ..host import host_of
from ..menu import ACCOUNT, MENU, QUIT, TABLES
from ..visible import visible
from ..widgets.steady_footer import SteadyFooter

TITLE_ART = """\
 ___ _            _
| _ (_)_ _  __ _| |__  ___ __ _ _ _ ___ _ _
|   / | ' \\/ _` | '_ \\/ -_) _` | '_/ -_) '_|
|_|_\\_|_||_\\__, |_.__/\\___\\__,_|_| \\___|_|
           |___/"""


class MainMenu(Screen[None]):
    HELP_TITLE = "the main menu"
    BINDINGS = [
        # Each entry's key is printed on its button, so the footer need not repeat them all
        # (at 80 columns they pushed the footer's own keys off the line).
        *(
            Binding(
                entry.key, f"app.{entry.action}", entry.label, show=False, id=f"menu.{entry.id}"
            )
            for entry in (*MENU, TABLES, ACCOUNT)
        ),
        Binding("down,j", "app.focus_next", "Next", show=False, id="menu.down"),
        Binding("up,k", "app.focus_previous", "Previous", show=False, id="menu.up"),
    ]
    DEFAULT_CSS = """
    MainMenu { align: center middle; }
    MainMenu #art { color: $accent; width: auto; }
    MainMenu #tagline { color: $text-muted; width: auto; margin-bottom: 1; }
    MainMenu #entries { width: 30; height: auto; }
    MainMenu #entries Button { width: 100%; margin-bottom: 1; }
    MainMenu.tight #entries Button { margin-bottom: 0; }
    MainMenu #status { color: $text-muted; width: auto; margin-top: 1; }
    """

    def compose(self) -> ComposeResult:
        with Vertical(id="menu"):
            with Center():
                yield Static(TITLE_ART, id="art")
            with Center():
                yield Static(
                    f"Lord of the Rings tabletop games in the terminal · v{__version__}",
                    id="tagline",
                )
            with Center(), Vertical(id="entries"):
                served = served_keys_file() is not None
                extras = ((TABLES,) if table_access() else ()) + ((ACCOUNT,) if served else ())
                # Quit stays last, after what only a served app offers.
                ordered = [entry for entry in MENU if entry is not QUIT]
                for entry in (*ordered, *extras, QUIT):
                    label = f"{entry.label}  [dim]({entry.key})[/dim]"
                    yield Button(label, id=entry.id, compact=True)
            with Center():
                yield Static("", id="status")
        yield SteadyFooter()

    ROWS_AROUND_ENTRIES = 10
    """The title art, the tagline, the status line, the footer and their margins."""

    def on_mount(self) -> None:
        self.query_one("#new", Button).focus()

    def on_resize(self) -> None:
        # Served over SSH the menu has two entries more: at 24 rows, spaced entries would
        # push the last ones below the screen, so they close up.
        entries = len(self.query(Button))
        self.set_class(entries * 2 + self.ROWS_AROUND_ENTRIES > self.size.height, "tight")

    def on_screen_resume(self) -> None:
        latest = host_of(self.app).latest_to_continue()
        continue_button = self.query_one("#continue", Button)
        continue_button.disabled = latest is None
        status = self.query_one("#status", Static)
        if latest is None:
            status.update("No game to continue.")
        else:
            seats = visible(", ".join(seat.name for seat in latest.seats))
            progress = visible(latest.progress)
            status.update(f"Continue: {latest.game_title} with {seats}, {progress}")

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        entry = next(e for e in (*MENU, TABLES, ACCOUNT) if e.id == event.button.id)
        getattr(self.app, f"action_{entry.action}")()
