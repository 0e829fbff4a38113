"""The board of a game with no look of its own: its view as labelled lines."""

from __future__ import annotations

from typing import Any

import msgspec
from textual.widgets import Static

from ..session import GameSession


class ViewBoard(Static):
    """Shows a seat's view of the match field by field."""

    DEFAULT_CSS = """
    ViewBoard { padding: 1 2; height: auto; }
    """

    def __init__(self, session: GameSession) -> None:
        super().__init__(id="board")
        self.session = session

    def on_mount(self) -> None:
        self.refresh_view()

    def refresh_view(self) -> None:
        view = self.session.match.view(self.session.viewer)
        lines = [f"[b]{self.session.match.game.title}[/b]", ""]
        for name, value in msgspec.structs.asdict(view).items():
            lines.append(f"{name.replace('_', ' ')}: {_plain(value)}")
        self.update("\n".join(lines))


def _plain(value: Any) -> str:
    if isinstance(value, list | tuple):
        return ", ".join("?" if v is None else _plain(v) for v in value)
    if isinstance(value, msgspec.Struct):
        return str(msgspec.to_builtins(value))
    return "?" if value is None else str(value)
