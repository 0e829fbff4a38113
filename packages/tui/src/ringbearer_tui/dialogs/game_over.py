"""The end of a game: who won and how, then where to go from here.

The ways on are a list of (id, label) given by the game screen, so a new one (a review of
the game, say) is one more entry there and one more case where the answer is read. Each
way has a key shown on its button. The buttons are stacked, as in the lessons' dialogs: four
in a row with their keys do not fit at 80 columns.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.events import Key
from textual.widgets import Button, Static

from .base import Dialog

STAY = "board"
"""The answer of escape: the dialog closes on the final board."""

WAY_KEYS = {STAY: "b", "again": "r", "review": "v"}
"""The fixed ways' keys: `r` replays as in most games, `v` reviews as on the Load screen."""


def way_keys(ways: Sequence[tuple[str, str]]) -> dict[str, str]:
    """Each way's key. A way without a fixed key (the way back, whose label names where it
    goes: the menu, the campaign) takes the initial of its label's last word when free."""
    keys: dict[str, str] = {}
    for way, label in ways:
        key = WAY_KEYS.get(way) or label.split()[-1][:1].lower()
        if key and key not in keys.values():
            keys[way] = key
    return keys


class GameOverDialog(Dialog[str]):
    DEFAULT_CSS = """
    GameOverDialog > Vertical { width: 76; }
    GameOverDialog #title { text-style: bold; margin-bottom: 1; }
    GameOverDialog VerticalScroll { height: auto; max-height: 14; }
    GameOverDialog #ways { height: auto; margin-top: 1; }
    GameOverDialog #ways Button { width: 100%; }
    """
    BINDINGS = [
        Binding("escape", "stay", "See the board", id="game-over.board"),
        Binding("up,left", "move(-1)", "Previous", show=False, id="game-over.previous"),
        Binding("down,right", "move(1)", "Next", show=False, id="game-over.next"),
        # A modal screen passes no key to the app's own bindings, so the help is bound here.
        Binding("question_mark,f1", "app.help", "Help", key_display="?", id="game-over.help"),
    ]
    HELP_TITLE = "the end of a game"
    HELP_TEXT = ""

    def __init__(
        self, title: str, body: str, ways: Sequence[tuple[str, str]], default: str
    ) -> None:
        super().__init__()
        self.title_text, self.body = title, body
        self.ways = list(ways)
        self.default = default
        self.keys = way_keys(self.ways)
        labels = dict(self.ways)
        # The help lists these keys: they vary with the ways, so they are not BINDINGS.
        self.HELP_TEXT = "\n".join(
            ["| key | way on |", "|---|---|"]
            + [f"| `{key}` | {labels[way]} |" for way, key in self.keys.items()]
        )

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.title_text, id="title")
            with VerticalScroll():
                yield Static(self.body, id="body")
            with Vertical(id="ways"):
                for way, label in self.ways:
                    key = self.keys.get(way)
                    primary = way == self.default
                    yield Button(
                        f"{label} ({key})" if key else label,
                        variant="primary" if primary else "default",
                        id=f"way-{way}",
                        compact=True,
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

    def on_key(self, event: Key) -> None:
        for way, key in self.keys.items():
            if event.key == key:
                event.stop()
                self.dismiss(way)
                return

    def action_move(self, step: int) -> None:
        """Focus the next button (wrapping round), never the text above them."""
        buttons = list(self.query(Button))
        if not buttons:
            return
        focused = self.focused
        at = buttons.index(focused) if isinstance(focused, Button) and focused in buttons else 0
        buttons[(at + step) % len(buttons)].focus()
