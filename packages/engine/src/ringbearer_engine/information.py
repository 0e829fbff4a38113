"""Perfect-recall information states: the history of a match as each seat saw it.

An observation (:mod:`.observation`) is what a seat sees *now*. Its information state adds
everything it saw before: the observation it had at every step of the match and every action
as it saw it played (a card handed over in secret shows only to the two seats in the trade).
Two histories give a seat the same information state exactly when nothing the seat saw tells
them apart: that is perfect recall.

* The **string** is that history written out: for every step the observation the seat had
  and the action as it saw it, then the observation now. It is exact.
* The **tensor** must keep one size however long the match runs, so it is a digest: the
  observation now, then a flag per observation slot that is 1 once that slot has been nonzero
  at any step so far (every card the seat ever had in hand, every space a piece ever stood
  on, every decision it has seen asked), then the number of steps so far.

:class:`InformationStates` keeps a match's history as it is played, one
:meth:`~InformationStates.record` a step: the state's bytes and the action, nothing more.
The strings and digests are worked out when first asked for, and then only for the steps
added since. :meth:`.Match.information_state_string` builds one by replaying the log.
"""

from __future__ import annotations

from array import array
from typing import Any

from .actions import Action
from .game import Game, GameState
from .observation import Layout, LayoutBuilder, Observer, get_observer

_NONZERO = bytes([0] + [1] * 255)
"""``bytes.translate`` table: 1 for every byte but 0."""
_FLAG_TO_BYTE_2 = bytes([0, 0x80]).ljust(256, b"\0")
_FLAG_TO_BYTE_3 = bytes([0, 0x3F]).ljust(256, b"\0")
"""``bytes.translate`` tables: a flag byte (0 or 1) to the two high bytes of a little-endian
float32 (0.0 or 1.0; its two low bytes are zero)."""
_NATIVE = array("f").itemsize == 4 and array("f", [1.0]).tobytes() == b"\0\0\x80\x3f"
"""Floats are little-endian float32 here (on every platform CPython runs on, in practice)."""


def information_layout(observation: Layout) -> Layout:
    """The information-state tensor's layout for a game whose observation is ``observation``."""
    size = observation.size
    builder = LayoutBuilder(observation.game, observation.version, observation.key)
    builder.add("now", size, "the observation now (as the observation layout says)")
    builder.add("seen", size, "1 for each observation slot that has been nonzero at any step")
    builder.add("steps", 1, "steps of the match so far")
    return builder.build()


def _nonzero_flags(tensor: array[float]) -> int:
    """One byte per slot of ``tensor`` (1 where it is nonzero), as an int to OR into.

    A float32's top byte holds its sign and the high bits of its exponent, which are zero only
    for 0.0 and for tiny subnormals that no observation holds; reading that byte alone keeps
    the work in C (no loop over the slots in Python).
    """
    if not _NATIVE:
        return int.from_bytes(bytes(1 if value else 0 for value in tensor), "little")
    return int.from_bytes(tensor.tobytes()[3::4].translate(_NONZERO), "little")


def _flags_tensor(flags: int, size: int) -> array[float]:
    """The floats 0.0 and 1.0 that ``flags`` (one byte per slot) stand for."""
    packed = flags.to_bytes(size, "little")
    if not _NATIVE:
        return array("f", packed)
    raw = bytearray(4 * size)
    raw[2::4] = packed.translate(_FLAG_TO_BYTE_2)
    raw[3::4] = packed.translate(_FLAG_TO_BYTE_3)
    out = array("f")
    out.frombytes(bytes(raw))
    return out


class InformationStates:
    """The perfect-recall information state of every seat of one match.

    Start it from the match's first state, and call :meth:`record` with the state and the
    action just before each action is applied (whoever plays it). Ask :meth:`string` or
    :meth:`tensor` for the state the match has reached.
    """

    def __init__(self, game: Game[Any], state: GameState) -> None:
        self._observer: Observer[Any] = get_observer(game.id)
        self._game = game
        seats = len(state.players)
        self._states: list[bytes] = []
        self._actions: list[Action] = []
        self._lines: list[list[str]] = [[] for _ in range(seats)]
        """Each seat's history as text, written up to step ``len(self._lines[0])``."""
        self._flags = [_nonzero_flags(self._observer.tensor(state, n)) for n in range(seats)]
        self._flagged = 0
        """Steps whose observations are in ``_flags``."""

    def __deepcopy__(self, memo: dict[int, Any]) -> InformationStates:
        # What the history holds is immutable (bytes, frozen actions, strings, ints): copies
        # of the lists are a deep copy (a search copies a state, and this, at every node).
        twin = InformationStates.__new__(InformationStates)
        twin.__dict__.update(self.__dict__)
        twin._states = list(self._states)
        twin._actions = list(self._actions)
        twin._lines = [list(lines) for lines in self._lines]
        twin._flags = list(self._flags)
        return twin

    @property
    def steps(self) -> int:
        return len(self._actions)

    def record(self, state: GameState, action: Action, *, encoded: bytes | None = None) -> None:
        """``action`` is about to be played from ``state``: keep both for every seat's history.
        ``encoded``: the state's bytes (``game.encode_state(state)``, ``Match.snapshot()``)
        when the caller has them already, so that they are not made twice."""
        self._states.append(self._game.encode_state(state) if encoded is None else encoded)
        self._actions.append(action)

    def string(self, state: GameState, seat: int) -> str:
        """``seat``'s information state once ``state`` is reached, as text."""
        self._write_lines()
        history = "\n".join(self._lines[seat])
        now = self._observer.string(state, seat)
        head = f"{self._game.id} seat {seat}, {self.steps} steps"
        return f"{head}\n{history}\n{now}" if history else f"{head}\n{now}"

    def layout(self, state: GameState) -> Layout:
        return information_layout(self._observer.layout(state))

    def tensor(self, state: GameState, seat: int) -> array[float]:
        """``seat``'s information state once ``state`` is reached (:func:`information_layout`)."""
        self._flag_steps()
        now = self._observer.tensor(state, seat)
        out = now + _flags_tensor(self._flags[seat] | _nonzero_flags(now), len(now))
        out.append(float(self.steps))
        return out

    def _write_lines(self) -> None:
        observer, game = self._observer, self._game
        done = len(self._lines[0])
        for step in range(done, self.steps):
            state = game.decode_state(self._states[step])
            action = self._actions[step]
            actor = game.to_move(state)
            who = "chance" if actor is None else f"seat {actor}"
            for seat, lines in enumerate(self._lines):
                seen = observer.string(state, seat).replace("\n", "; ")
                lines.append(f"{seen}\n{who}: {observer.action_seen(state, action, seat)}")

    def _flag_steps(self) -> None:
        observer, game, flags = self._observer, self._game, self._flags
        for step in range(self._flagged, self.steps):
            state = game.decode_state(self._states[step])
            for seat in range(len(flags)):
                flags[seat] |= _nonzero_flags(observer.tensor(state, seat))
        self._flagged = self.steps
