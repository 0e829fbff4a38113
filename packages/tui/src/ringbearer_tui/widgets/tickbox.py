"""A checkbox that reads without colour."""

from __future__ import annotations

from textual.widgets import Checkbox


class Tickbox(Checkbox):
    """Textual's checkbox draws the same ``X`` on and off and tells them apart by colour
    alone; this one draws ``X`` when on and a blank when off."""

    def on_mount(self) -> None:
        self._mark()

    def watch_value(self) -> None:
        self._mark()
        super().watch_value()

    def _mark(self) -> None:
        self.BUTTON_INNER = "X" if self.value else " "
