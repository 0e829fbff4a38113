"""What is being decided now, in a box of fixed height (a new prompt only repaints)."""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget


class Prompt(Widget):
    DEFAULT_CSS = """
    Prompt { height: 3; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.text = ""

    def update(self, text: str) -> None:
        self.text = text
        self.refresh()

    def render(self) -> Text:
        return Text(self.text)
