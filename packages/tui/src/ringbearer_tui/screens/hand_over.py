"""Passing one keyboard between people: a blank screen until the next person is looking.

Any game with secret hands uses it: the game screen hides every hand before showing it, and
draws the next person's hand only once they have pressed enter.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Button, Static


class HandOverScreen(Screen[None]):
    """ "Pass to Bo — press Enter when only Bo is looking"; Enter or the button closes it."""

    BINDINGS = [Binding("enter", "ready", "I am Bo", show=False, id="hand-over.ready")]
    DEFAULT_CSS = """
    HandOverScreen { align: center middle; }
    HandOverScreen #hand-over-box { width: 60; height: auto; border: thick $accent; padding: 1 2; }
    HandOverScreen #hand-over-text { width: 100%; text-align: center; }
    HandOverScreen Button { margin-top: 1; }
    """

    def __init__(self, name: str) -> None:
        super().__init__()
        self.player = name

    def compose(self) -> ComposeResult:
        with Middle(), Center(id="hand-over-box"):
            yield Static(
                f"[b]Pass to {self.player}[/b]\n\n"
                f"Press Enter when only {self.player} is looking at the screen.\n"
                "Every hand stays hidden until then.",
                id="hand-over-text",
            )
            with Center():  # the box's own centring leaves a button at its left edge
                yield Button(f"I am {self.player}", variant="primary", id="hand-over-ready")

    def on_mount(self) -> None:
        self.query_one(Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_ready()

    def action_ready(self) -> None:
        self.dismiss(None)
