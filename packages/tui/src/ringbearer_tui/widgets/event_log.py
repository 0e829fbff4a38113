"""The story so far: every event as a sentence, the latest step highlighted."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

import ringbearer_engine as rb

from .lines import LinePanel

KEEP = 2000
"""Lines kept on screen; older steps are in the save's log."""


class EventLog(LinePanel):
    can_focus = True
    DEFAULT_CSS = """
    EventLog { height: 1fr; min-height: 4; border: round $secondary; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, follow_end=True)
        self.border_title = "Log"
        self._latest = -1

    def record(self, who: str | None, step: str, events: Sequence[rb.Event | str]) -> None:
        """Add one step: who did what, then what happened; the newest step stands out."""
        head = Text(f"{who}: " if who else "", style="bold")
        head.append(step)
        self.append_items([head, *(Text(f"  {event}") for event in events)], keep=KEEP)
        self._latest = len(self.items) - 1 - len(events)

    def note(self, text: str) -> None:
        self.append_items([Text(text, style="italic")], keep=KEEP)

    def line_style(self, index: int) -> str:
        return "bold" if index >= self._latest >= 0 else "dim" if self._latest >= 0 else ""
