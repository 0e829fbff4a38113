"""The keys that work where the player is, and how the app works."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Markdown

from ..live_keys import applies
from .base import Dialog

GENERAL = """\
Everything works with the keyboard alone and with the mouse alone: every key below has a
button or a clickable line, and every button has a key.

| key | anywhere |
|---|---|
| `?`, `f1` | this help |
| `ctrl+p` | the command palette: every menu entry and every action, by name |
| `tab`, `shift+tab` | move between controls |
| `enter` | press the focused button, choose the highlighted line |
| `escape` | close a dialog, go back |
| `ctrl+q` | quit (the game is saved) |
"""


CHOICE_ID = "game.choose-"
"""The id of the game screen's choice keys, one binding per key."""


class HelpDialog(Dialog[None]):
    DEFAULT_CSS = """
    HelpDialog > Vertical { width: 84; height: 90%; }
    HelpDialog VerticalScroll { height: 1fr; }
    """
    BINDINGS = [Binding("escape,question_mark,f1", "close", "Close", id="help.close")]

    def __init__(self, screen: Screen[object]) -> None:
        super().__init__()
        self.for_screen = screen

    def compose(self) -> ComposeResult:
        with Vertical():
            with VerticalScroll():
                yield Markdown(self._text())
            yield Button("Close (escape)", id="close")

    def _text(self) -> str:
        shown = [
            binding
            for binding in self.for_screen.BINDINGS
            if isinstance(binding, Binding)
            and binding.description
            and applies(self.app, self.for_screen, binding)
        ]
        # The choices' keys are said once, in one row ("1 … z"), not a row per key.
        choices = [b.key for b in shown if (b.id or "").startswith(CHOICE_ID)]
        rows = [
            f"| `{binding.key_display or binding.key}` | {binding.description} |"
            for binding in shown
            if not (binding.id or "").startswith(CHOICE_ID)
        ]
        if choices:
            keys = f"`{choices[0]}` … `{choices[-1]}`" if len(choices) > 1 else f"`{choices[0]}`"
            rows.insert(0, f"| {keys} | the choice with that key beside it |")
        screen_name = getattr(self.for_screen, "HELP_TITLE", "this screen")
        here = "\n".join([f"| key | on {screen_name} |", "|---|---|", *rows]) if rows else ""
        extra = getattr(self.for_screen, "HELP_TEXT", "")
        return "\n\n".join(part for part in ("# Help", GENERAL, here, extra) if part)

    def on_button_pressed(self) -> None:
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
