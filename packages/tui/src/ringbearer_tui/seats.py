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


MAX_SEAT_NAME = 24
"""The longest seat name: the New game dialog's limit, and what a shared table accepts."""


def fits_as_name(name: str, longest: int = MAX_SEAT_NAME) -> bool:
    """Whether ``name`` is 1 to ``longest`` printable characters, and not only spaces."""
    return bool(name.strip()) and len(name) <= longest and name.isprintable()


def seat_and_person(name: str, account: str = "", *notes: str) -> str:
    """A seat at a shared table as people read it: the seat's name, then in brackets who
    holds it (an account whose name is not the seat's own) and any ``notes``: "Sam (bob)",
    "Sam (bob, away)", "Frodo". The game's own lines (the board, the choices, what cards do)
    keep the seat's name alone, as the rules speak of the characters."""
    said = [account] if account and account.casefold() != name.casefold() else []
    said += [note for note in notes if note]
    return f"{name} ({', '.join(said)})" if said else name


TABLE_COPY = "table_copy"
"""The meta key that marks a player's copy of a shared table: ``{"table": NAME, "seat": N}``
(``seat`` None for one who held none)."""
TABLE_COPY_BOT = "heuristic"
"""Who plays the other people's seats of a table copy."""


def seats_to_meta(seats: Sequence[Seat]) -> list[dict[str, Any]]:
    return [msgspec.to_builtins(seat) for seat in seats]


def seats_from_meta(meta: dict[str, Any], players: Sequence[str]) -> list[Seat]:
    """The seats recorded with a match; every seat human if the record is missing or bad.

    A player's copy of a shared table (marked :data:`TABLE_COPY` by the server) is theirs
    alone: every other person's seat is played by a bot, whatever the record says, so the copy
    never shows another person's hand."""
    try:
        seats = msgspec.convert(meta.get("seats", []), list[Seat])
    except msgspec.ValidationError:
        seats = []
    if len(seats) != len(players):
        seats = [Seat(name) for name in players]
    mark = meta.get(TABLE_COPY)
    if mark is not None:
        own = mark.get("seat") if isinstance(mark, dict) else None
        seats = [
            seat if n == own or seat.is_bot else Seat(seat.name, "bot", TABLE_COPY_BOT)
            for n, seat in enumerate(seats)
        ]
    return seats
