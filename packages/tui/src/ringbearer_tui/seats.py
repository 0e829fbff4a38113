"""Who sits in each seat: a person or a bot. Kept in a match's ``meta`` so saves remember it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

import msgspec

from .bot_kinds import bot_name

SeatKind = Literal["human", "bot"]


class Seat(msgspec.Struct, frozen=True):
    name: str
    kind: SeatKind = "human"
    bot: str | None = None
    """The bot's name (``heuristic``, ``random``, ``mc``) when ``kind`` is ``"bot"``."""

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"

    def label(self) -> str:
        if not self.is_bot:
            return self.name
        return f"{self.name} ({bot_name(self.bot or 'heuristic')} bot)"


class NewGameRequest(msgspec.Struct, frozen=True):
    """A game to start: from the New game dialog, or from ``ringbearer new``."""

    game_id: str
    seats: list[Seat]
    options: dict[str, Any]
    seed: int | None
    campaign: str = ""
    """The campaign's name, for a game played as a campaign (the Adventure Book Game)."""


def seats_to_meta(seats: Sequence[Seat]) -> list[dict[str, Any]]:
    return [msgspec.to_builtins(seat) for seat in seats]


def seats_from_meta(meta: dict[str, Any], players: Sequence[str]) -> list[Seat]:
    """The seats recorded with a match; every seat human if the record is missing or bad."""
    try:
        seats = msgspec.convert(meta.get("seats", []), list[Seat])
    except msgspec.ValidationError:
        seats = []
    if len(seats) != len(players):
        return [Seat(name) for name in players]
    return seats
