"""The end of a game: who won and how, then where to go from here.

The ways on are a list of (id, label) given by the game screen, so a new one (a review of
the game, say) is one more entry there and one more case where the answer is read.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Static

from .base import Dialog

STAY = "board"
"""The answer of escape: the dialog closes on the final board."""


class GameOverDialog(Dialog[str]):
    DEFAULT_CSS = """
    GameOverDialog > Vertical { width: 76; }
    GameOverDialog #title { text-style: bold; margin-bottom: 1; }
    GameOverDialog VerticalScroll { height: auto; max-height: 14; }
    """
    BINDINGS = [Binding("escape", "stay", "See the board", id="game-over.board")]

    def __init__(
        self, title: str, body: str, ways: Sequence[tuple[str, str]], default: str
    ) -> None:
        super().__init__()
        self.title_text, self.body = title, body
        self.ways = list(ways)
        self.default = default

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.title_text, id="title")
            with VerticalScroll():
                yield Static(self.body, id="body")
            with Horizontal(classes="buttons"):
                for way, label in self.ways:
                    primary = way == self.default
                    yield Button(
                        label, variant="primary" if primary else "default", id=f"way-{way}"
                    )

    def on_mount(self) -> None:
        # A query, not query_one: the app may close as the dialog opens (see MessageDialog).
        for button in self.query(Button):
            if button.id == f"way-{self.default}":
                button.focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        way = (event.button.id or "").removeprefix("way-")
        self.dismiss(way or STAY)

    def action_stay(self) -> None:
        self.dismiss(STAY)
