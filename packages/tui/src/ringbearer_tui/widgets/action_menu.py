"""The numbered list of choices for the decision at hand."""

from __future__ import annotations

from collections.abc import Sequence

from rich.markup import escape
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

import ringbearer_engine as rb


class ActionMenu(OptionList):
    """Every legal action as a numbered line: click it, or press its number, or Enter."""

    DEFAULT_CSS = """
    ActionMenu { height: 1fr; min-height: 4; border: round $primary; }
    ActionMenu:focus { border: round $accent; }
    """

    class Chosen(Message):
        def __init__(self, action: rb.Action) -> None:
            super().__init__()
            self.action = action

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._actions: list[rb.Action] = []
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
        self.clear_options()
        for index, label in enumerate(labels):
            key = str(index + 1) if index < 9 else " "
            note = f"  [dim]{notes[index]}[/dim]" if notes and notes[index] else ""
            text = f"[b]{key}[/b] {escape(label)}{note}"
            self.add_option(Option(text, id=f"choice-{index}"))
        if self._actions:
            self.highlighted = 0

    def choose_number(self, number: int) -> bool:
        """Choose the option shown with ``number`` (1-based); False if there is none."""
        if not 1 <= number <= min(9, len(self._actions)):
            return False
        self.post_message(self.Chosen(self._actions[number - 1]))
        return True

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if 0 <= event.option_index < len(self._actions):
            self.post_message(self.Chosen(self._actions[event.option_index]))
