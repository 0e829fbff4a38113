"""A few words and a short list of ways on, one button under the other.

For the lessons: which game to learn, resume or start again, the intro and the outro. The
buttons are stacked, so long labels ("Play a real game") fit at 80 columns; each has a key
(its first letter is not reliable, so digits: 1, 2, 3…), and the arrows move between them.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Button, Static

from .base import Dialog


class ChoiceDialog(Dialog[str | None]):
    """Dismissed with the chosen way's id, or None on escape."""

    DEFAULT_CSS = """
    ChoiceDialog > Vertical { width: 72; }
    ChoiceDialog #title { text-style: bold; margin-bottom: 1; }
    ChoiceDialog VerticalScroll { height: auto; max-height: 10; }
    ChoiceDialog #ways { height: auto; margin-top: 1; }
    ChoiceDialog #ways Button { width: 100%; margin-bottom: 0; }
    """
    BINDINGS = [
        Binding("escape", "close", "Close", id="choice.close"),
        Binding("down", "app.focus_next", "Next", show=False, id="choice.down"),
        Binding("up", "app.focus_previous", "Previous", show=False, id="choice.up"),
        *(
            Binding(str(n), f"way({n})", f"Way {n}", show=False, id=f"choice.way-{n}")
            for n in range(1, 10)
        ),
    ]

    def __init__(
        self, title: str, body: str, ways: Sequence[tuple[str, str]], default: str = ""
    ) -> None:
        super().__init__()
        self.title_text, self.body = title, body
        self.ways = list(ways)
        self.default = default or (self.ways[0][0] if self.ways else "")

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.title_text, id="title")
            if self.body:
                with VerticalScroll():
                    yield Static(self.body, id="body")
            with Vertical(id="ways"):
                for number, (way, label) in enumerate(self.ways, 1):
                    primary = way == self.default
                    yield Button(
                        f"{label}  [dim]({number})[/dim]",
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
        event.stop()
        self.dismiss((event.button.id or "").removeprefix("way-") or None)

    def action_way(self, number: int) -> None:
        if 0 < number <= len(self.ways):
            self.dismiss(self.ways[number - 1][0])

    def action_close(self) -> None:
        self.dismiss(None)
