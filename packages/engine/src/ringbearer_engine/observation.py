"""Observations for research tools: a fixed, documented tensor and a string per seat.

:meth:`~.Game.view` is for clients that show a game: nested structs, names and sentences.
Learning agents want numbers in a fixed place instead. Each game registers an
:class:`Observer` that encodes what a seat may see straight from the state into a flat
``array('f')`` whose :class:`Layout` names every slice, and writes the same facts as text.

The core knows no game: game packages call :func:`register_observer` when imported, and
:func:`get_observer` loads the built-in games first, as :func:`~.get_game` does.

An observation holds only what the seat may see *now*, plus what the rules keep as that seat's
knowledge (a card it saw go into another hand). The whole history as the seat saw it is the
information state (:mod:`.information`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from array import array
from collections.abc import Callable, Hashable, Sequence
from typing import Any, ClassVar, Generic, TypeVar

import msgspec

from .actions import Action
from .errors import UnknownGameError
from .game import GameState, get_game


class Segment(msgspec.Struct, frozen=True):
    """A named slice of an observation tensor: ``size`` floats from ``start``."""

    name: str
    start: int
    size: int
    meaning: str

    @property
    def stop(self) -> int:
        return self.start + self.size


class Layout(msgspec.Struct, frozen=True):
    """Where everything lies in one game's observation tensor.

    The segments follow each other without gaps and cover the tensor exactly. ``version``
    changes whenever a segment moves, so an agent trained on one layout can refuse another.
    ``key`` says which configuration it is for (a chapter, a number of seats).
    """

    game: str
    version: int
    key: str
    segments: tuple[Segment, ...]

    @property
    def size(self) -> int:
        return self.segments[-1].stop if self.segments else 0

    @property
    def shape(self) -> tuple[int]:
        return (self.size,)

    def segment(self, name: str) -> Segment:
        for segment in self.segments:
            if segment.name == name:
                return segment
        raise KeyError(f"the {self.game} observation has no segment {name!r}")

    def slice(self, name: str) -> slice:
        """The slice of the tensor that segment ``name`` occupies."""
        segment = self.segment(name)
        return slice(segment.start, segment.stop)

    def zeros(self) -> array[float]:
        return array("f", bytes(4 * self.size))

    def markdown(self) -> str:
        """The layout as a Markdown table (the documentation is generated from this)."""
        rows = ["| slice | name | meaning |", "|---|---|---|"]
        rows.extend(f"| {s.start}–{s.stop - 1} | `{s.name}` | {s.meaning} |" for s in self.segments)
        return "\n".join(rows)


class LayoutBuilder:
    """Lays segments end to end; each :meth:`add` returns where its segment starts."""

    def __init__(self, game: str, version: int, key: str) -> None:
        self._game, self._version, self._key = game, version, key
        self._segments: list[Segment] = []
        self._at = 0

    def add(self, name: str, size: int, meaning: str) -> int:
        start = self._at
        self._segments.append(Segment(name, start, size, meaning))
        self._at += size
        return start

    def build(self) -> Layout:
        return Layout(self._game, self._version, self._key, tuple(self._segments))


S = TypeVar("S", bound=GameState)


class Observer(ABC, Generic[S]):
    """Encodes what one seat may see of a game's state, for one game.

    Subclasses fill a zeroed tensor (:meth:`fill`) and write the string (:meth:`string`).
    A game with one layout for every state names it in :attr:`single_layout`; one whose
    layout depends on the configuration says which configuration a state belongs to
    (:meth:`layout_key`) and lays out the tensor for it (:meth:`make_layout`). Layouts are made
    once per configuration and kept.
    """

    game_id: ClassVar[str]
    version: ClassVar[int] = 1

    single_layout: ClassVar[Layout | None] = None
    """The layout of every state, for a game that has only one (no key is worked out)."""

    def __init__(self) -> None:
        self._layouts: dict[Hashable, tuple[Layout, array[float]]] = {}
        only = self.single_layout
        self._only = None if only is None else (only, only.zeros())

    def layout_key(self, state: S) -> Hashable:
        """What decides the layout (the number of seats, a chapter): equal keys, equal layouts.
        A game with a :attr:`single_layout` need not say."""
        return None

    def make_layout(self, state: S) -> Layout:
        """The layout for ``state``'s configuration."""
        if self.single_layout is None:
            raise NotImplementedError(f"{type(self).__name__} must lay out its tensor")
        return self.single_layout

    @abstractmethod
    def fill(self, state: S, seat: int, out: array[float], layout: Layout) -> None:
        """Write what ``seat`` sees into ``out``, which is all zeros and ``layout.size`` long."""

    @abstractmethod
    def string(self, state: S, seat: int) -> str:
        """What ``seat`` sees, as text: the same facts as the tensor, readably."""

    def action_seen(self, state: S, action: Action, seat: int) -> str:
        """How ``seat`` saw ``action`` played from ``state``. By default every action is
        public; games whose actions carry something secret (a card handed over) hide it."""
        return str(action)

    def layout(self, state: S) -> Layout:
        return self._layout_and_zeros(state)[0]

    def tensor(self, state: S, seat: int) -> array[float]:
        """What ``seat`` sees now, as a flat ``array('f')`` of :meth:`layout`'s size.

        By default :meth:`reference_tensor`. A game may encode faster here (research loops
        encode at every step), as long as it gives exactly the reference's floats."""
        return self.reference_tensor(state, seat)

    def reference_tensor(self, state: S, seat: int) -> array[float]:
        """The plain encoding: :meth:`fill` writes into zeros. What :meth:`tensor` must
        equal, whatever quicker way a game takes there."""
        layout, zeros = self._only or self._layout_and_zeros(state)
        out = zeros[:]  # copying a zeroed array is cheaper than building one
        self.fill(state, seat, out, layout)
        return out

    def _layout_and_zeros(self, state: S) -> tuple[Layout, array[float]]:
        key = self.layout_key(state)
        made = self._layouts.get(key)
        if made is None:
            layout = self.make_layout(state)
            made = self._layouts[key] = (layout, layout.zeros())
        return made


_observers: dict[str, Observer[Any]] = {}


def register_observer(observer: Observer[Any]) -> Observer[Any]:
    """Make ``observer`` encode the game registered as its ``game_id``."""
    _observers[observer.game_id] = observer
    return observer


def get_observer(game_id: str) -> Observer[Any]:
    """The observer of the game registered as ``game_id``."""
    get_game(game_id)  # loads the built-in games, which register their observers
    try:
        return _observers[game_id]
    except KeyError:
        raise UnknownGameError(f"the game {game_id!r} has no observation encoding") from None


# -- small helpers the games' observers share -------------------------------------------------


K = TypeVar("K", bound=Hashable)


class Memo(Generic[K]):
    """Encodings of one part of the state, kept by that part's contents.

    Most of a table changes seldom from one step to the next (the box, the pieces on the
    board), and writing floats one by one is the slow part of an encoding in pure Python. An
    observer builds such a part once per distinct key and copies it into place with one slice
    assignment. The memo forgets everything once it holds ``limit`` encodings.

    ``memo.get(key) or memo(key)`` is the quick way to ask: ``get`` is the dictionary's own,
    so a part already made costs no Python call.
    """

    def __init__(
        self, size: int, encode: Callable[[K, array[float]], None], limit: int = 4096
    ) -> None:
        self.size = size
        self._encode = encode
        self._limit = limit
        self._zeros: array[float] = array("f", bytes(4 * size))
        self._made: dict[K, array[float]] = {}
        self.get = self._made.get

    def __call__(self, key: K) -> array[float]:
        made = self._made.get(key)
        if made is None:
            if len(self._made) >= self._limit:
                self._made.clear()
            made = self._zeros[:]
            self._encode(key, made)
            self._made[key] = made
        return made


def one_hot(out: array[float], start: int, index: int) -> None:
    """Set ``out[start + index]``; an index below 0 means none, and sets nothing."""
    if index >= 0:
        out[start + index] = 1.0


def counts(out: array[float], start: int, index: dict[str, int], items: Sequence[str]) -> None:
    """Add one at ``start + index[item]`` for each item (unknown items are skipped)."""
    for item in items:
        at = index.get(item)
        if at is not None:
            out[start + at] += 1.0
