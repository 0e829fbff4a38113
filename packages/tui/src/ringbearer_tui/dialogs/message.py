"""A message to read and close: game over, an error the player must see."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Button, Static

from .base import Dialog


class MessageDialog(Dialog[None]):
    DEFAULT_CSS = """
    MessageDialog > Vertical { width: 72; }
    MessageDialog #title { text-style: bold; margin-bottom: 1; }
    MessageDialog VerticalScroll { height: auto; max-height: 20; }
    MessageDialog Button { margin-top: 1; }
    """
    BINDINGS = [Binding("escape,enter", "close", "Close", id="message.close")]

    def __init__(self, title: str, body: str, button: str = "Close") -> None:
        super().__init__()
        self.title_text, self.body, self.button = title, body, button

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.title_text, id="title")
            with VerticalScroll():
                yield Static(self.body, id="body")
            yield Button(self.button, variant="primary", id="close")

    def on_mount(self) -> None:
        # A query, not query_one: when the app closes as the dialog opens (a player quitting
        # at once), its children may already be gone by the time it mounts.
        buttons = self.query(Button)
        if buttons:
            buttons.first().focus()

    def on_button_pressed(self) -> None:
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
