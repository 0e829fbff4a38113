"""The notice that stands in for every screen while the terminal is too small to play in.

Below the minimum the game screen cannot show the choices, the prompt and the board at once,
so rather than a screen with parts silently cut off, the app shows this notice on top of
whatever screen is active; the screen itself stays as it was and comes back on resize.
"""

from __future__ import annotations

from textual.geometry import Size
from textual.widgets import Static

MINIMUM = Size(80, 24)
"""The smallest terminal every screen is laid out for (docs/app.md)."""


def too_small(size: Size) -> bool:
    return size.width < MINIMUM.width or size.height < MINIMUM.height


def notice_text(size: Size) -> str:
    return (
        f"Ringbearer needs at least {MINIMUM.width}×{MINIMUM.height}; "
        f"this terminal is {size.width}×{size.height}.\n"
        "Enlarge it to go on (ctrl+q quits; your game is saved)."
    )


class SizeNotice(Static):
    """Covers the whole screen, above the footer and the dialogs' own layers."""

    DEFAULT_CSS = """
    SizeNotice {
        overlay: screen;
        position: absolute;
        offset: 0 0;
        width: 100vw;
        height: 100vh;
        padding: 0 2;
        content-align: center middle;
        text-align: center;
        text-style: bold;
        background: $background;
    }
    """

    def __init__(self, size: Size) -> None:
        super().__init__(notice_text(size), id="size-notice")
        self.shown_for = size

    def show_for(self, size: Size) -> None:
        if size != self.shown_for:
            self.shown_for = size
            self.update(notice_text(size))
