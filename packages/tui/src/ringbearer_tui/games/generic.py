"""The look of a game that has none of its own: its view as labelled lines."""

from __future__ import annotations

from typing import TYPE_CHECKING

import ringbearer_engine as rb

from ..session import GameSession

if TYPE_CHECKING:
    from .generic_board import ViewBoard


class GenericLook:
    help_text = ""

    def board(self, session: GameSession) -> ViewBoard:
        from .generic_board import ViewBoard

        return ViewBoard(session)

    def describe(self, match: rb.Match, action: rb.Action) -> str:
        return str(action)

    def summary(self, match: rb.Match) -> str:
        return ""
