"""A fixed-size panel of wrapped lines with its own scrolling.

Textual lays the whole screen out again whenever a scrollable widget's content size
changes. A game screen changes its choices and its log on every step, so these panels keep
their size and scroll by themselves: a new step only repaints them.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.widget import Widget


class LinePanel(Widget):
    """Shows a window of ``items`` (rich Text, each wrapped to the width) with a border."""

    DEFAULT_CSS = """
    LinePanel { border: round $primary; }
    """

    def __init__(self, *, id: str | None = None, follow_end: bool = False) -> None:
        super().__init__(id=id)
        self.items: list[Text] = []
        self.top = 0
        """Index of the first wrapped line shown."""
        self.follow_end = follow_end
        self._wrapped: list[tuple[int, Text]] = []
        self._wrapped_width = -1
        self._wrapped_items = 0
        """How many of ``items`` are in ``_wrapped`` (new items are wrapped on their own)."""

    # -- content ----------------------------------------------------------------------------

    def set_items(self, items: list[Text]) -> None:
        self.items = items
        self._wrapped_width = -1
        self.top = 0
        self._after_change()

    def append_items(self, items: list[Text], keep: int | None = None) -> None:
        """Add items at the end (dropping all but the last ``keep``) without re-wrapping
        the ones already shown: a long log stays cheap to extend."""
        self.items.extend(items)
        if keep is not None and len(self.items) > keep:
            self.set_items(self.items[-keep:])
            return
        self._after_change()

    def _after_change(self) -> None:
        if self.follow_end:
            self.top = max(0, len(self.wrapped()) - self.content_size.height)
        self.refresh()

    def wrapped(self) -> list[tuple[int, Text]]:
        """Every line to draw as (item index, line), wrapped to the current width."""
        width = max(1, self.content_size.width)
        if width != self._wrapped_width:
            self._wrapped, self._wrapped_width, self._wrapped_items = [], width, 0
        for index in range(self._wrapped_items, len(self.items)):
            for line in self.items[index].wrap(self.app.console, width, overflow="fold"):
                self._wrapped.append((index, line))
        self._wrapped_items = len(self.items)
        return self._wrapped

    def item_at(self, y: int) -> int | None:
        """The item drawn on row ``y`` of the content area."""
        lines = self.wrapped()
        row = self.top + y
        return lines[row][0] if 0 <= row < len(lines) else None

    def first_line_of(self, index: int) -> int:
        return next((n for n, (i, _) in enumerate(self.wrapped()) if i == index), 0)

    # -- scrolling --------------------------------------------------------------------------

    def scroll_lines(self, delta: int) -> None:
        last = max(0, len(self.wrapped()) - self.content_size.height)
        self.top = min(max(0, self.top + delta), last)
        self.refresh()

    def keep_visible(self, index: int) -> None:
        lines = self.wrapped()
        first = self.first_line_of(index)
        last = max((n for n, (i, _) in enumerate(lines) if i == index), default=first)
        height = self.content_size.height
        if first < self.top:
            self.top = first
        elif last >= self.top + height:
            self.top = last - height + 1
        self.refresh()

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        event.stop()
        self.scroll_lines(2)

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        event.stop()
        self.scroll_lines(-2)

    def on_resize(self) -> None:
        self._wrapped_width = -1
        if self.follow_end:
            self.top = max(0, len(self.wrapped()) - self.content_size.height)

    # -- drawing ----------------------------------------------------------------------------

    def line_style(self, index: int) -> str:
        return ""

    def render(self) -> Text:
        lines = self.wrapped()[self.top : self.top + self.content_size.height]
        out = Text()
        for n, (index, line) in enumerate(lines):
            if n:
                out.append("\n")
            style = self.line_style(index)
            if style:
                shown = line.copy()
                shown.pad_right(self.content_size.width - shown.cell_len)
                shown.stylize(style)
                out.append_text(shown)
            else:
                out.append_text(line)
        return out
