"""A finished or unfinished match replayed step by step, for the Review screen.

Positions are the moments between steps: position ``k`` is the match before log step ``k``
(``len(log)`` is where it ended or stands). Chance scripts are part of the log but not
positions of their own: a replay steps over them. Nothing here draws: the screen asks for
the match at a position and the words of each step.
"""

from __future__ import annotations

from collections.abc import Callable

import ringbearer_engine as rb
from ringbearer_engine.match import SCRIPT_PREFIX, read_script

Told = tuple[int | None, str, list[rb.Event]]
"""One step as the log shows it: who, what was done in words, what happened."""


def start_of(match: rb.Match) -> rb.Match:
    """``match`` as it was before its first step, to be played forward again. The constructor,
    not ``Match.new``: a loaded match may keep names from before they were checked, and its
    chance algorithm must be the one it was played with."""
    return rb.Match(match.game, match.players, match.seed, match.options, chance=match.chance)


class Replay:
    """Every position of ``match``, rebuilt from its seed and log on demand."""

    def __init__(self, match: rb.Match, describe: Callable[[rb.Match, rb.Action], str]) -> None:
        self.match = match
        self.log = match.log
        self.positions = [i for i, e in enumerate(self.log) if not e.startswith(SCRIPT_PREFIX)]
        self.positions.append(len(self.log))
        self.told: dict[int, Told] = {}
        """Each action step of the log in words, by its index."""
        fresh = self._start()
        for index, entry in enumerate(self.log):
            if entry.startswith(SCRIPT_PREFIX):
                self._script(fresh, entry)
                continue
            seat = fresh.to_move
            action = fresh.parse(entry)
            self.told[index] = (seat, describe(fresh, action), fresh.play(action))
        self._cursor = self._start()
        self._cursor_at = 0

    def _start(self) -> rb.Match:
        return start_of(self.match)

    @staticmethod
    def _script(match: rb.Match, entry: str) -> None:
        script = read_script(entry)
        match.script(script.rolls, script.orders)

    @property
    def last(self) -> int:
        return len(self.log)

    def at(self, position: int) -> rb.Match:
        """The match before log step ``position`` (played forward from the last position asked
        for when that is earlier, rebuilt from the seed otherwise)."""
        if not 0 <= position <= self.last:
            raise IndexError(f"no position {position} in a log of {self.last} steps")
        if position < self._cursor_at:
            self._cursor, self._cursor_at = self._start(), 0
        cursor = self._cursor
        for entry in self.log[self._cursor_at : position]:
            if entry.startswith(SCRIPT_PREFIX):
                self._script(cursor, entry)
            else:
                cursor.play(entry)
        self._cursor_at = position
        return cursor

    def describe_at(
        self, position: int, notation: str, describe: Callable[[rb.Match, rb.Action], str]
    ) -> str:
        """An action written in notation, in the words of the position it was offered at."""
        match = self.at(position)
        return describe(match, match.parse(notation))

    def steps_before(self, position: int) -> list[Told]:
        """The log up to a position, in words."""
        return [told for index, told in self.told.items() if index < position]

    def position_of(self, index: int) -> int:
        """The position that shows log step ``index``: the step itself, or for a chance script
        the step whose chance it fixes (the first position from there on)."""
        index = min(max(index, 0), self.last)
        return next(p for p in self.positions if p >= index)

    def step_after(self, position: int) -> int:
        later = [p for p in self.positions if p > position]
        return later[0] if later else self.last

    def step_before(self, position: int) -> int:
        earlier = [p for p in self.positions if p < position]
        return earlier[-1] if earlier else 0
