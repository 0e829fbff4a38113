"""Mount Doom's observation tensor, the fast way: the bytes of each piece joined in one call.

:meth:`.MountDoomObserver.fill` writes the tensor float by float into zeros: plain, and the
reference. A research loop encodes at every step, and in pure Python each store costs about
as much as the lookup that finds it. Here each piece of the layout, in layout order, is a
``bytes`` object looked up in a table made once (a one-hot is one entry of a tuple; a row
slot, a tray side, a rolled die is one entry keyed by what it shows), or packed by
:mod:`struct` in one call; the pieces are joined and read into the ``array('f')`` at once.
That is fewer operations than a store per nonzero float after zeroing, and it gives exactly
the same floats (``tests/engine/core/test_observation_fast_paths.py`` checks it over random
games).
"""

from __future__ import annotations

import struct
from array import array
from collections.abc import Callable

from .content import RALLY
from .observe import _READ_NUMBERS as READ_NUMBERS
from .observe import (
    ACTIVE,
    ASKS,
    CARD_INDEX,
    CARDS,
    DIE_INDEX,
    DIE_SIZE,
    LATER_DECKS,
    LAYOUT,
    MAX_SEATS,
    NUMBERS,
    OVER,
    PLACES,
    PLAYERS,
    ROLLED_DICE,
    SLOT_SIZE,
    TRAY_SIDE,
)
from .state import WON, Ask, MountDoomState

_FLOAT = 4
_ONE = struct.pack("=f", 1.0)
_LIMIT = 4096
"""Entries a keyed table keeps before it starts afresh (the box and the held cards)."""


def _zeros(size: int) -> bytes:
    return bytes(_FLOAT * size)


def _one_hots(size: int) -> tuple[bytes, ...]:
    """``_one_hots(size)[k]``: ``size`` floats, all zero but the ``k``-th."""
    return tuple(_zeros(k) + _ONE + _zeros(size - k - 1) for k in range(size))


def _with(size: int, *values: tuple[int, float]) -> bytes:
    """``size`` floats, zero but for the (place, value) pairs given."""
    floats = array("f", _zeros(size))
    for place, value in values:
        floats[place] = value
    return floats.tobytes()


_SEGMENT = {segment.name: segment for segment in LAYOUT.segments}
_HEAD_SIZE = _SEGMENT["numbers"].start
_HEAD = {
    (seat, seats, active, over): _with(
        _HEAD_SIZE,
        (seat, 1),
        (PLAYERS + seats - 1, 1),
        *(((ACTIVE + active, 1),) if active >= 0 else ()),
        *(((OVER, 1),) if over else ()),
        *(((OVER + 1, 1),) if over == 2 else ()),
    )
    for seat in range(MAX_SEATS)
    for seats in range(1, MAX_SEATS + 1)
    for active in range(-1, MAX_SEATS)
    for over in range(3)
}
"""The ``seat``, ``players``, ``active`` and ``over`` segments, keyed by (observing seat,
seats, active seat counted from the observer or -1 once over, 0 playing / 1 lost / 2 won)."""
_NUMBERS = struct.Struct(f"={len(NUMBERS)}f").pack
_STAGE = _one_hots(_SEGMENT["stage"].size)
_PLACE = _one_hots(PLACES)
_RESOLVE = _one_hots(_SEGMENT["resolve"].size)
_TRACK_TOP = _SEGMENT["resolve"].size - 1
_NAZGUL = _one_hots(_SEGMENT["nazgul"].size)
_CARD = _one_hots(CARDS)
_SLOT_EMPTY = _zeros(SLOT_SIZE)
_SLOT_HIDDEN = _ONE + _zeros(SLOT_SIZE - 1)
_SLOT_UP = {card: _ONE + _ONE + _CARD[n] for card, n in CARD_INDEX.items()}
_SLOT_KNOWN = {card: _ONE + _zeros(1) + _CARD[n] for card, n in CARD_INDEX.items()}
_ARMY = _one_hots(CARDS + 1)
_ARMY_NONE = _zeros(CARDS + 1)
_HELD_NONE = _zeros(_SEGMENT["held"].size)
_PILES = struct.Struct("=3f").pack
_BOX_NONE = _zeros(CARDS)
_SPARE = _one_hots(_SEGMENT["spare"].size)
_SPARE_NONE = _zeros(_SEGMENT["spare"].size)
_ROLLED_PAD = tuple(_zeros(DIE_SIZE * n) for n in range(ROLLED_DICE + 1))
_PENDING = _one_hots(ASKS)
_VISION_NONE = _zeros(CARDS)
_BATTLE_KIND = _one_hots(3)
_BATTLE_COUNTS = struct.Struct("=2f").pack
_BATTLE_NONE = _zeros(_SEGMENT["battle"].size)


def _keyed(make: Callable[..., bytes]) -> Callable[..., bytes]:
    """``make``, its results kept by its arguments (at most ``_LIMIT`` of them)."""
    made: dict[tuple[object, ...], bytes] = {}

    def get(*key: object) -> bytes:
        found = made.get(key)
        if found is None:
            if len(made) >= _LIMIT:
                made.clear()
            found = made[key] = make(*key)
        return found

    return get


@_keyed
def _tray_side(black: int, figure: int, pips: int) -> bytes:
    if figure < 0:
        return _with(TRAY_SIDE, (black, 1))
    return _with(TRAY_SIDE, (black, 1), (7 + figure, 1), (TRAY_SIDE - 1, pips))


@_keyed
def _die(name: str, face: int) -> bytes:
    return _with(DIE_SIZE, (DIE_INDEX[name], 1), (DIE_SIZE - 1, face))


@_keyed
def _held(held: tuple[str, ...], holders: tuple[int, ...], seat: int, seats: int) -> bytes:
    floats = array("f", _HELD_NONE)
    for card, holder in zip(held, holders, strict=True):
        floats[((holder - seat) % seats) * CARDS + CARD_INDEX[card]] += 1
    return floats.tobytes()


@_keyed
def _box(*box: str) -> bytes:
    floats = array("f", _BOX_NONE)
    for card in box:
        floats[CARD_INDEX[card]] += 1
    return floats.tobytes()


def tensor(state: MountDoomState, seat: int) -> array[float]:
    """What ``seat`` sees of ``state``: the floats :meth:`.MountDoomObserver.fill` writes."""
    seats = len(state.players)
    result = state.result
    if result:
        head = _HEAD[seat, seats, -1, 2 if result == WON else 1]
    else:
        head = _HEAD[seat, seats, (state.seat - seat) % seats, 0]
    stage = state.stage
    pieces = [head, _NUMBERS(*READ_NUMBERS(state)), _STAGE[stage]]
    add = pieces.append
    for place in state.pos:
        add(_PLACE[PLACES - 1 if place == RALLY else place])
    resolve = state.resolve
    add(_RESOLVE[0 if resolve < 0 else _TRACK_TOP if resolve > _TRACK_TOP else resolve])
    add(_NAZGUL[state.nazgul])
    up, known = state.up, state.known_slot
    for slot, card in enumerate(state.row):
        if not card:
            add(_SLOT_EMPTY)
        elif up[slot]:
            add(_SLOT_UP[card])
        else:
            add(_SLOT_KNOWN[card] if slot == known else _SLOT_HIDDEN)
    army = state.army_under
    if army:
        add(_ARMY[CARD_INDEX[army]] if state.army_under_up else _ARMY[CARDS])
    else:
        add(_ARMY_NONE)
    held = state.held
    add(_held(tuple(held), tuple(state.holder), seat, seats) if held else _HELD_NONE)
    add(_PILES(len(state.gandalf_stack), len(state.unseen), LATER_DECKS[stage]))
    box = state.box
    add(_box(*box) if box else _BOX_NONE)
    black, figure, pips = state.tray_black, state.tray_figure, state.tray_pips
    add(_tray_side(black[0], figure[0], pips[0] if figure[0] >= 0 else 0))
    add(_tray_side(black[1], figure[1], pips[1] if figure[1] >= 0 else 0))
    spare = state.spare
    add(_SPARE[spare] if spare >= 0 else _SPARE_NONE)
    rolled = state.rolled
    for name, face in zip(state.rolled_dice, rolled, strict=True):
        add(_die(name, face))
    add(_ROLLED_PAD[ROLLED_DICE - len(rolled)])
    pending = state.pending
    add(_PENDING[pending])
    if pending == Ask.VISION and state.next_deck:
        add(_CARD[CARD_INDEX[state.next_deck[0]]])
    else:
        add(_VISION_NONE)
    if state.battle_card or state.battles_left or state.battle_number:
        add(_BATTLE_KIND[state.battle_kind])
        add(_BATTLE_COUNTS(state.battles_left, state.battle_number))
    else:
        add(_BATTLE_NONE)
    out = array("f")
    out.frombytes(b"".join(pieces))
    return out
