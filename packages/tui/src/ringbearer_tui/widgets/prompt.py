"""What is being decided now, in a box of fixed height (a new prompt only repaints)."""

from __future__ import annotations

from rich.text import Text

from .lines import LinePanel


class Prompt(LinePanel):
    DEFAULT_CSS = """
    Prompt { height: 3; border: none; }
    """

    def update(self, text: str) -> None:
        self.set_items([Text(text)])
