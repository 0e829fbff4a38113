"""The estimated chance to win over a game, as a small bar chart with the current step marked.

One column per position of the game (positions are grouped when there are more than columns);
each column's height is the chance to win there. Marked steps are coloured by their mark and
the current position is drawn in the accent colour, with a caret under it. Clicking a column
asks to go to its position.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

BLOCKS = " ▁▂▃▄▅▆▇█"
MARK_COLOURS = {"inaccuracy": "yellow", "mistake": "dark_orange", "blunder": "red"}


class EstimateChart(Widget):
    DEFAULT_CSS = """
    EstimateChart { height: 6; border: round $secondary; padding: 0 0; }
    """

    class Picked(Message):
        """A column was clicked: go to ``position``."""

        def __init__(self, position: int) -> None:
            super().__init__()
            self.position = position

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.border_title = "Chance to win"
        self.values: list[float | None] = []
        self.marks: list[str | None] = []
        self.current = 0

    def show(self, values: Sequence[float | None], marks: Sequence[str | None]) -> None:
        self.values, self.marks = list(values), list(marks)
        self.refresh()

    def point_to(self, position: int) -> None:
        self.current = position
        self.refresh()

    def _columns(self) -> list[list[int]]:
        """The positions each column stands for."""
        width = max(1, self.content_size.width)
        count = len(self.values)
        if count <= width:
            return [[n] for n in range(count)]
        return [list(range(c * count // width, (c + 1) * count // width)) for c in range(width)]

    def render(self) -> Text:
        rows = max(1, self.content_size.height - 1)
        columns = self._columns()
        lines = [Text() for _ in range(rows)]
        caret = Text()
        for group in columns:
            known = [v for v in (self.values[n] for n in group) if v is not None]
            value = sum(known) / len(known) if known else None
            mark = next((self.marks[n] for n in group if self.marks[n]), None)
            here = self.current in group
            colour = "bold $accent" if here else MARK_COLOURS.get(mark or "", "green")
            style = Style.parse(colour.replace("$accent", "magenta"))
            eighths = round((value or 0.0) * rows * 8)
            for row in range(rows):
                level = rows - 1 - row
                cell = min(8, max(0, eighths - level * 8)) if value is not None else 0
                char = BLOCKS[cell]
                if value is None and row == rows - 1:
                    char = "·"
                lines[row].append(char, style)
            caret.append("^" if here else " ", "bold magenta")
        return Text("\n").join([*lines, caret])

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        columns = self._columns()
        if offset is not None and 0 <= offset.x < len(columns) and columns[offset.x]:
            self.post_message(self.Picked(columns[offset.x][0]))
