"""The coach of a lesson: what just happened, why, and what to press now.

It stands in the game screen's side column, where the prompt and the top of the log would
be, so the board and the choices stay in view. It is as tall as its words (up to the room
the choices leave it) and scrolls with the wheel when they are longer.
"""

from __future__ import annotations

from rich.text import Text

from .lines import LinePanel


class CoachPanel(LinePanel):
    DEFAULT_CSS = """
    CoachPanel {
        height: 6; border: round $success; border-title-color: $success;
        border-title-style: bold; padding: 0 1;
    }
    CoachPanel.pointed { border: heavy $warning; border-title-color: $warning; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.border_title = "Coach"

    def say(self, title: str, words: str, warning: str = "") -> None:
        """Show the coach's words under ``title``; ``warning`` (a refused choice's
        explanation) comes first, in its own colour."""
        self.border_title = title
        items = [Text(warning, style="bold yellow")] if warning else []
        items.append(Text(words))
        self.set_items(items)

    def rows_wanted(self) -> int:
        """The rows its words need at its width, its frame included."""
        return len(self.wrapped()) + self.styles.gutter.height
