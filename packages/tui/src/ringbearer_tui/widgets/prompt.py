"""What is being decided now, in a box of fixed height (a new prompt only repaints)."""

from __future__ import annotations

from rich.text import Text
from textual.style import Style as VisualStyle

from .lines import LinePanel


class Prompt(LinePanel):
    """The prompt; while the player waits (a bot thinks, a table waits for someone else) it
    is drawn in its ``prompt--waiting`` style.

    That style is a component class rather than a CSS class on the widget: Textual styles a
    widget whose classes change again from the whole stylesheet, which at the Adventure
    Game cost about a fifteenth of a key (the prompt waits for the bot and stops waiting on
    every key)."""

    COMPONENT_CLASSES = {"prompt--waiting"}
    DEFAULT_CSS = """
    Prompt { height: 3; border: none; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.waiting = False

    def update(self, text: str) -> None:
        self.set_items([Text(text)])

    def set_waiting(self, waiting: bool) -> None:
        """Draw the prompt in its waiting style, or in its own again."""
        if waiting != self.waiting:
            self.waiting = waiting
            self.refresh()

    def lines_style(self) -> VisualStyle:
        if self.waiting:
            return self.get_visual_style("prompt--waiting")
        return self.visual_style
