"""Ask for a short text: a save's name, a new name."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Label

from .base import Dialog


class TextPrompt(Dialog[str | None]):
    DEFAULT_CSS = """
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="prompt.cancel")]

    def __init__(
        self, question: str, value: str = "", ok: str = "OK", max_length: int = 60
    ) -> None:
        super().__init__()
        self.question, self.value, self.ok = question, value, ok
        self.max_length = max_length

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.question)
            yield Input(self.value, max_length=self.max_length, id="answer")
            with Horizontal(classes="buttons"):
                yield Button(self.ok, variant="primary", id="ok")
                yield Button("Cancel", id="cancel")

    def on_input_submitted(self) -> None:
        self._finish()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "ok":
            self._finish()
        else:
            self.dismiss(None)

    def _finish(self) -> None:
        text = self.query_one(Input).value.strip()
        self.dismiss(text or None)

    def action_cancel(self) -> None:
        self.dismiss(None)
