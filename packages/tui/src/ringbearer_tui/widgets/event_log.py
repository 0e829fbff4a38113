"""The story so far: every event as a sentence, the latest step highlighted."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.binding import Binding

from .lines import LinePanel

KEEP = 2000
"""Lines kept on screen; older steps are in the save's log."""


class EventLog(LinePanel):
    can_focus = True
    DEFAULT_CSS = """
    EventLog { height: 1fr; min-height: 4; border: round $secondary; }
    """
    # Focused (tab), the keys read back through the story as the wheel does.
    BINDINGS = [
        Binding("up", "scroll_by(-1)", "Up", show=False),
        Binding("down", "scroll_by(1)", "Down", show=False),
        Binding("pageup", "scroll_page(-1)", "Page up", show=False),
        Binding("pagedown", "scroll_page(1)", "Page down", show=False),
        Binding("home", "scroll_by(-1000000)", "First", show=False),
        Binding("end", "scroll_by(1000000)", "Last", show=False),
    ]

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, follow_end=True, hanging=2)
        self.border_title = "Log"
        self._latest = -1

    def hanging_of(self, item: Text) -> int:
        # What happened in a step is indented under its head; a long line goes on indented past its
        # own start, never back at the margin where the next step starts.
        return self.hanging + len(item.plain) - len(item.plain.lstrip(" "))

    def action_scroll_by(self, lines: int) -> None:
        self.scroll_lines(lines)

    def action_scroll_page(self, pages: int) -> None:
        self.scroll_lines(pages * max(1, self.content_size.height - 1))

    def record(self, who: str | None, step: str, happened: Sequence[str]) -> None:
        """Add one step: who did what, then what happened; the newest step stands out."""
        head = Text(f"{who}: " if who else "", style="bold")
        head.append(step)
        lines = [head, *(Text(f"  {line}") for line in happened)]
        # Where the step's head will stand once the oldest lines past KEEP are dropped, set
        # before the lines go in: the rows to repaint are worked out as they do.
        self._latest = len(self.items) - max(0, len(self.items) + len(lines) - KEEP)
        self.append_items(lines, keep=KEEP)

    def note(self, text: str) -> None:
        self.append_items([Text(text, style="italic")], keep=KEEP)

    def line_style(self, index: int) -> str:
        return "bold" if index >= self._latest >= 0 else "dim" if self._latest >= 0 else ""

    def show(self, steps: Sequence[tuple[str | None, str, Sequence[str]]]) -> None:
        """Show exactly these steps, the last one standing out (a replay's log)."""
        lines: list[Text] = []
        latest = -1
        for who, step, happened in steps:
            latest = len(lines)
            head = Text(f"{who}: " if who else "", style="bold")
            head.append(step)
            lines += [head, *(Text(f"  {line}") for line in happened)]
        dropped = max(0, len(lines) - KEEP)
        self._latest = latest - dropped if latest >= 0 else -1
        self.set_items(lines[dropped:])
