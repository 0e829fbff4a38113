"""The numbered list of choices for the decision at hand."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.message import Message

import ringbearer_engine as rb

from .lines import LinePanel


class ActionMenu(LinePanel):
    """Every legal action as a numbered line: click it, press its number, or move with the
    arrows and press enter."""

    can_focus = True
    DEFAULT_CSS = """
    ActionMenu { height: 1fr; min-height: 4; border: round $primary; }
    ActionMenu:focus { border: round $accent; }
    """
    BINDINGS = [
        Binding("up", "move(-1)", "Up", show=False, id="choices.up"),
        Binding("down", "move(1)", "Down", show=False, id="choices.down"),
        Binding("home", "jump(0)", "First", show=False, id="choices.first"),
        Binding("end", "jump(-1)", "Last", show=False, id="choices.last"),
        Binding("pageup", "page(-1)", "Page up", show=False, id="choices.page-up"),
        Binding("pagedown", "page(1)", "Page down", show=False, id="choices.page-down"),
        Binding("enter", "select", "Choose", show=False, id="choices.select"),
    ]

    class Chosen(Message):
        def __init__(self, action: rb.Action) -> None:
            super().__init__()
            self.action = action

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._actions: list[rb.Action] = []
        self.highlighted = 0
        self.border_title = "Choices"

    @property
    def actions(self) -> list[rb.Action]:
        return list(self._actions)

    def show(
        self,
        actions: Sequence[rb.Action],
        labels: Sequence[str],
        notes: Sequence[str] | None = None,
    ) -> None:
        """Replace the choices. ``notes`` (e.g. the advisor's estimates) follow the labels."""
        self._actions = list(actions)
        if self.highlighted:
            self.highlighted = 0
            self.refresh()
        items = []
        for index, label in enumerate(labels):
            line = Text(f"{index + 1} " if index < 9 else "  ", style="bold")
            line.append(label)
            if notes and notes[index]:
                line.append(f"  {notes[index]}", style="dim")
            items.append(line)
        self.set_items(items)

    def line_style(self, index: int) -> str:
        return "reverse" if index == self.highlighted and self.has_focus else ""

    def choose_number(self, number: int) -> bool:
        """Choose the option shown with ``number`` (1-based); False if there is none."""
        if not 1 <= number <= min(9, len(self._actions)):
            return False
        self.post_message(self.Chosen(self._actions[number - 1]))
        return True

    def _highlight(self, index: int) -> None:
        if self._actions:
            self.highlighted = index % len(self._actions)
            self.keep_visible(self.highlighted)

    def action_move(self, delta: int) -> None:
        self._highlight(self.highlighted + delta)

    def action_jump(self, index: int) -> None:
        self._highlight(index)

    def action_page(self, direction: int) -> None:
        self._highlight(max(0, min(len(self._actions) - 1, self.highlighted + direction * 5)))

    def action_select(self) -> None:
        if 0 <= self.highlighted < len(self._actions):
            self.post_message(self.Chosen(self._actions[self.highlighted]))

    def on_click(self, event: events.Click) -> None:
        index = self.item_at(event.y - 1)  # the border takes the first row
        if index is not None:
            self.highlighted = index
            self.post_message(self.Chosen(self._actions[index]))

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()
