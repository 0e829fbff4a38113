"""What the app asks of an advisor. It lives below the session and the looks, which both
name it: the session runs one for hints, and a look may choose a stronger one for its game."""

from __future__ import annotations

from typing import Any, Protocol

import ringbearer_engine as rb


class Ranker(Protocol):
    """An advisor: every legal action of the seat to move, the recommended one first."""

    def rank(self, game: rb.Game[Any], state: rb.GameState) -> list[rb.Ranking]: ...
