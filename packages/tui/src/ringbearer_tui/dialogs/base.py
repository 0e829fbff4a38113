"""What every dialog shares: a framed box in the middle of the screen, buttons on the right."""

from __future__ import annotations

from typing import TypeVar

from textual.screen import ModalScreen

T = TypeVar("T")


class Dialog(ModalScreen[T]):
    DEFAULT_CSS = """
    Dialog { align: center middle; }
    Dialog > Vertical {
        width: 64; max-width: 95%; height: auto; max-height: 90%; padding: 1 2;
        border: thick $primary; background: $surface;
    }
    Dialog .buttons { height: auto; align-horizontal: right; margin-top: 1; }
    Dialog .buttons Button { margin-left: 2; }
    """
