"""Text that came from a file or a peer, made safe to draw on someone's terminal.

A save's file name, its meta, its players' names, a table's name: any of them may hold
control characters (older saves, a hostile file, another player's client). Drawn as they
are, an escape sequence would reach the terminal and act there (set its title, clear it,
worse), and over SSH that is one user's text acting on another's terminal. :func:`visible`
shows each such character as its escape (``\\x1b``), so the text reads as what it is.

:class:`ControlFilter` is the net under that: every line the app draws loses any control
character still in it, so text drawn without :func:`visible` cannot act either.
"""

from __future__ import annotations

import re

from rich.segment import Segment
from textual.color import Color
from textual.filter import LineFilter

_UNSAFE = re.compile(r"[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
"""Control characters (C0, DEL, C1), the bidirectional overrides that can make a name read
backwards, and lone surrogates (which no terminal can be sent)."""
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def visible(text: str) -> str:
    """``text`` with every control character written as its escape: ``"A\\x1b[2J"``."""
    return _UNSAFE.sub(_escape, text)


def _escape(found: re.Match[str]) -> str:
    return repr(found.group())[1:-1]


class ControlFilter(LineFilter):
    """Drops control characters from every drawn line: they have no width on screen, so
    the layout stays as it was, and none reaches the terminal as a command."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        # This runs for every line drawn: isprintable() (C, and true for nearly every line)
        # first, the search only for a line it doubts.
        text = "".join([segment.text for segment in segments])
        if text.isprintable() or _CONTROL.search(text) is None:
            return segments
        return [
            Segment(_CONTROL.sub("", text), style, control) for text, style, control in segments
        ]
