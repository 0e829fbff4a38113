"""The story so far: every event as a sentence, the latest turn highlighted."""

from __future__ import annotations

from collections.abc import Sequence

from textual.widgets import RichLog

import ringbearer_engine as rb


class EventLog(RichLog):
    DEFAULT_CSS = """
    EventLog { height: 1fr; min-height: 4; border: round $secondary; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        # min_width: RichLog otherwise lays text out 78 columns wide and cuts it.
        super().__init__(id=id, wrap=True, markup=True, auto_scroll=True, min_width=20)
        self.border_title = "Log"

    def record(self, who: str | None, step: str, events: Sequence[rb.Event]) -> None:
        """Add one step: who did what, then what happened, highlighted as the newest."""
        head = f"[b]{who}[/b]: {step}" if who else step
        self.write(f"[reverse] {head} [/reverse]")
        for event in events:
            self.write(f"  {event}")
