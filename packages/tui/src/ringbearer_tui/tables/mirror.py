"""What a seat at a shared table knows of the match, in the shape of a :class:`rb.Match`.

The game's screens and words read a match: its views, its choices, who is to move. At a
shared table the match lives in the server, and this process is told only what its seat may
see. The mirror answers from that; whatever would need the hidden state (the raw state, a
replay, a save, undo) raises :class:`HiddenStateError` instead of guessing.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, NoReturn

import msgspec

import ringbearer_engine as rb
from ringbearer_engine.match import Step
from ringbearer_engine.saves import SaveFormat

from .protocol import Update


class HiddenStateError(rb.RingbearerError):
    """A shared table's client asked for what only the server knows."""


class MatchMirror(rb.Match):
    # The base class's __init__ would set the match up from a seed; a mirror has no seed,
    # only what the server sends, so it sets the few fields the inherited accessors read.
    def __init__(
        self,
        game: rb.Game[Any],
        players: tuple[str, ...],
        options: msgspec.Struct,
        seat: int | None,
    ) -> None:
        self._game = game
        self._players = players
        self._seed = 0
        self._options = options
        self.meta: dict[str, Any] = {}
        self.created = ""
        self.seat = seat
        self.update: Update | None = None
        self.waiting = ""
        """Said instead of a prompt while another seat decides."""
        self.derived: dict[str, object] = {}
        """What a game's words work out from the current update, kept until the next one."""
        # Views arrive as plain data; they are read back into the game's own view type.
        sample = rb.Match.new(game, players, 0, options).view(None)
        self._view_type = type(sample)
        self._views: dict[int | None, msgspec.Struct] = {}
        self._actions: list[rb.Action] = []

    def receive(self, update: Update) -> None:
        self.update = update
        self.derived = {}
        self._views = {None: msgspec.convert(update.public, self._view_type)}
        if update.view is not None and self.seat is not None:
            self._views[self.seat] = msgspec.convert(update.view, self._view_type)
        self._actions = [self._game.parse_action(text) for text in update.actions]

    @property
    def step(self) -> int:
        return 0 if self.update is None else self.update.step

    @property
    def log(self) -> tuple[str, ...]:
        # Only the number of steps is known here: their notation stays with the server.
        return ("",) * self.step

    @property
    def state(self) -> NoReturn:
        raise HiddenStateError("a shared table's state is kept by the server")

    @property
    def to_move(self) -> int | None:
        return None if self.update is None else self.update.to_move

    @property
    def outcome(self) -> rb.Outcome | None:
        if self.update is None or self.update.outcome is None:
            return None
        return msgspec.convert(self.update.outcome, rb.Outcome)

    @property
    def prompt(self) -> str:
        if self.update is not None and self.update.prompt:
            return self.update.prompt
        return self.waiting

    def actions(self) -> list[rb.Action]:
        return list(self._actions)

    def view(self, seat: int | None = None) -> msgspec.Struct:
        view = self._views.get(seat)
        if view is None:
            # Another seat's view: the public one is all this process may know of it.
            view = self._views[None]
        return view

    def snapshot(self) -> NoReturn:
        raise HiddenStateError("a shared table's state is kept by the server")

    def play(self, action: rb.Action | str) -> NoReturn:
        raise HiddenStateError("a shared table's moves are played by the server")

    def undo(self) -> NoReturn:
        raise rb.UndoError("a shared table cannot take moves back")

    def playthrough(self) -> Iterator[Step]:
        raise HiddenStateError("only the server can replay a shared table")

    def save(self, fmt: SaveFormat = "msgpack", **_: Any) -> NoReturn:
        raise HiddenStateError("a shared table is saved by the server")
