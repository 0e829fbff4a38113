"""One answer picked from a list that may be long (it scrolls).

Enter takes the highlighted answer, escape none. For short lists of ways on, each with a
digit key, see :mod:`.choice`.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Label, OptionList, Static
from textual.widgets.option_list import Option

from .base import Dialog


class PickDialog(Dialog[str | None]):
    DEFAULT_CSS = """
    PickDialog > Vertical { width: 76; }
    PickDialog #title { text-style: bold; margin-bottom: 1; }
    PickDialog #help { color: $text-muted; margin-bottom: 1; }
    PickDialog OptionList { height: auto; max-height: 12; }
    """
    BINDINGS = [Binding("escape", "cancel", "Back", id="pick.back")]

    def __init__(self, title: str, answers: Sequence[tuple[str, str]], help_text: str = "") -> None:
        """``answers``: (id, words) pairs; the dialog returns the chosen one's id."""
        super().__init__()
        self.title_text = title
        self.answers = list(answers)
        self.help_text = help_text

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.title_text, id="title")
            if self.help_text:
                yield Static(self.help_text, id="help")
            yield OptionList(*(Option(words, id=ident) for ident, words in self.answers))
            with Horizontal(classes="buttons"):
                yield Button("Choose (enter)", variant="primary", id="choose")
                yield Button("Back (esc)", id="back")

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "back":
            self.dismiss(None)
            return
        index = self.query_one(OptionList).highlighted
        if index is not None:
            self.dismiss(self.answers[index][0])

    def action_cancel(self) -> None:
        self.dismiss(None)
