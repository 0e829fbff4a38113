"""A rules page's Contents: its sections, one to jump to."""

from __future__ import annotations

from textual.binding import Binding

from .pick import PickDialog


class ContentsDialog(PickDialog):
    """A PickDialog that `t`, the key that opened it, also closes."""

    DEFAULT_CSS = """
    ContentsDialog OptionList { max-height: 24; }
    """
    BINDINGS = [Binding("t", "cancel", "Close the contents", id="contents.close")]
