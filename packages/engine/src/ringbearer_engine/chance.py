"""Seeded, serialisable, scriptable chance.

All randomness in a game comes from a :class:`Chance` kept inside the game state, so a state
and the actions played from it determine everything that follows. Two generators are built
in, both defined over plain bytes and integers, so the same seed gives the same numbers on
every platform and Python version (unlike :mod:`random`, whose algorithms may change):

* ``"shake128"``, the default: the bytes of SHAKE128 (FIPS 202) in counter mode, a block of
  256 bytes per call into :mod:`hashlib`'s C code. A die or a small pick reads one byte, so a
  draw costs a third of what the other generator's does.
* ``"pcg32"``: PCG32 (O'Neill, 2014) written with plain integers, the only generator of save
  format version 1; such saves still load and replay with it exactly.

Tests and tools can *script* chance: queue the faces a named die will show next, or the cards
a named deck will have on top after its next shuffle. Scripts live in the state too, so a
scripted match saves, loads and replays exactly.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from hashlib import shake_128
from typing import Final, Literal, TypeVar

import msgspec
from msgspec import UNSET, UnsetType

from .errors import ScriptError

T = TypeVar("T")

ChanceAlgorithm = Literal["pcg32", "shake128"]
PCG32: Final = "pcg32"
SHAKE128: Final = "shake128"
ALGORITHMS: Final[tuple[ChanceAlgorithm, ...]] = (SHAKE128, PCG32)
DEFAULT_ALGORITHM: Final[ChanceAlgorithm] = SHAKE128
"""The generator of new matches, simulations and bots."""

_MASK64 = (1 << 64) - 1
_MASK32 = (1 << 32) - 1
_MULTIPLIER = 6364136223846793005
_DOUBLE = (1 << 32) | 1
"""Times a 32-bit value, two copies of it side by side: shifted right by ``r`` and masked to
32 bits, that is the value rotated right by ``r``, in three integer operations instead of five."""
MAX_SEED = _MASK64
_SMALL_BOUNDS = 64
_THRESHOLDS = (0, *(((1 << 32) - bound) % bound for bound in range(1, _SMALL_BOUNDS + 1)))
"""Rejection thresholds of PCG32's :meth:`Chance.below` for the bounds dice and small decks use."""
_D6_THRESHOLD = _THRESHOLDS[6]

_BLOCK = 256
"""Bytes of the SHAKE128 stream made per call: a Mount Doom game reads about this many."""
_LABEL = b"ringbearer-chance\x00"
_BYTE_BOUNDS = 256
_BYTE_LIMITS = (0, *(256 - 256 % bound for bound in range(1, _BYTE_BOUNDS + 1)))
"""A byte below ``_BYTE_LIMITS[bound]`` gives ``byte % bound`` without bias; others are skipped."""
_D6_FACES = bytes(byte % 6 + 1 if byte < _BYTE_LIMITS[6] else 0 for byte in range(256))
"""A byte of the stream as the face of a six-sided die it gives, or 0 where it is rejected."""


def _splitmix64(value: int) -> int:
    """Scramble a 64-bit value; used to turn small seeds into well-spread PCG seeds."""
    value = (value + 0x9E3779B97F4A7C15) & _MASK64
    value = ((value ^ (value >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    value = ((value ^ (value >> 27)) * 0x94D049BB133111EB) & _MASK64
    return value ^ (value >> 31)


_SPREAD_ONE: Final = _splitmix64(1)


def derive_seed(seed: int, *salts: int) -> int:
    """A new 64-bit seed from ``seed`` and some salts, e.g. one seed per simulated game."""
    # The mix must not be symmetric in seed and salt: with ``seed ^ salt`` a run seeded 1
    # would play the games of a run seeded 2, in another order.
    value = _splitmix64(seed & _MASK64)
    for salt in salts:
        value = _splitmix64((value * _MULTIPLIER + _splitmix64(salt & _MASK64)) & _MASK64)
    return value


def check_algorithm(algorithm: str) -> ChanceAlgorithm:
    """``algorithm`` if it names a built-in generator; otherwise ``ValueError`` naming them."""
    for known in ALGORITHMS:
        if algorithm == known:
            return known
    raise ValueError(
        f"unknown chance algorithm {algorithm!r}: use {' or '.join(map(repr, ALGORITHMS))}"
    )


class Chance(msgspec.Struct, dict=True):
    """A seeded stream of numbers plus the scripted results still waiting to be used.

    For PCG32, ``state`` and ``inc`` are the generator's state and increment. For SHAKE128,
    ``inc`` is the stream's 64-bit key and ``state`` the number of its bytes used so far.
    """

    state: int
    inc: int
    rolls: dict[str, list[int | str]] = {}
    orders: dict[str, list[str]] = {}
    algorithm: ChanceAlgorithm | UnsetType = UNSET
    """Unset means PCG32, the first generator: states saved before there was a choice keep
    their bytes. See :attr:`generator`."""

    # SHAKE128 only: the block of the stream last made, the position of its first byte and
    # the key it was made with. Not fields (never saved or compared): a copy starts without
    # them and makes its own. A draw uses the block only while key and position fall in it.
    _block = b""
    _start = 0
    _key = -1

    def __post_init__(self) -> None:
        if self.algorithm == PCG32:
            self.algorithm = UNSET  # one spelling of PCG32, so equal streams are equal

    @classmethod
    def from_seed(cls, seed: int, stream: int = 54) -> Chance:
        """The standard PCG32 seeding (``pcg32_srandom``) with ``seed`` and ``stream``."""
        inc = ((stream << 1) | 1) & _MASK64
        # Two generator steps whose numbers are thrown away (next_u32's state update alone).
        state = (((inc + (seed & _MASK64)) & _MASK64) * _MULTIPLIER + inc) & _MASK64
        return cls(state=state, inc=inc)

    @classmethod
    def seeded(cls, seed: int, algorithm: ChanceAlgorithm = DEFAULT_ALGORITHM) -> Chance:
        """A stream for a match or a bot, with the chance ``algorithm`` (see the module)."""
        if algorithm == SHAKE128:
            # The hash spreads any key: seeds 1, 2, 3 give unrelated streams as they are.
            return cls(state=0, inc=seed & _MASK64, algorithm=SHAKE128)
        check_algorithm(algorithm)
        # from_seed(derive_seed(seed), stream=derive_seed(seed, 1)), the seed spread only once:
        # every simulated game seeds a stream for the match and one for each bot.
        spread = _splitmix64(seed & _MASK64)
        stream = _splitmix64((spread * _MULTIPLIER + _SPREAD_ONE) & _MASK64)
        return cls.from_seed(spread, stream=stream)

    @property
    def generator(self) -> ChanceAlgorithm:
        """The chance algorithm of this stream: ``"shake128"`` or ``"pcg32"``."""
        return PCG32 if self.algorithm is UNSET else self.algorithm

    # -- SHAKE128's bytes ---------------------------------------------------------------------

    def _refill(self, position: int) -> bytes:
        """The block of the SHAKE128 stream that holds byte ``position``, kept for the next
        draws. Block ``n`` is SHAKE128(label, key, n), the key and ``n`` as 8 bytes each."""
        number, offset = divmod(position, _BLOCK)
        seed = _LABEL + (self.inc & _MASK64).to_bytes(8, "little")
        block = shake_128(seed + (number & _MASK64).to_bytes(8, "little")).digest(_BLOCK)
        self._block, self._start, self._key = block, position - offset, self.inc
        return block

    def _bytes(self, count: int) -> int:
        """The next ``count`` bytes of the SHAKE128 stream as a little-endian number."""
        position = self.state
        block, index = self._block, position - self._start
        if self._key != self.inc:
            index = -1
        taken = bytearray()
        for _ in range(count):
            if not 0 <= index < len(block):
                block = self._refill(position)
                index = position - self._start
            taken.append(block[index])
            index += 1
            position += 1
        self.state = position
        return int.from_bytes(taken, "little")

    def _below_shake(self, bound: int) -> int:
        """:meth:`below` for SHAKE128, every case: a byte for bounds up to 256 (rejected while
        it would bias the result), four bytes for larger ones, a new block when one runs out."""
        if bound > _BYTE_BOUNDS:
            threshold = ((1 << 32) - bound) % bound
            while True:
                value = self._bytes(4)
                if value >= threshold:
                    return value % bound
        limit = _BYTE_LIMITS[bound]
        position = self.state
        block, index = self._block, position - self._start
        if self._key != self.inc:
            index = -1
        while True:
            if not 0 <= index < len(block):
                block = self._refill(position)
                index = position - self._start
            value = block[index]
            index += 1
            position += 1
            if value < limit:
                self.state = position
                return value % bound

    # -- drawing ------------------------------------------------------------------------------

    def next_u32(self) -> int:
        """The next 32 bits of the stream."""
        if self.algorithm is not UNSET:
            return self._bytes(4)
        old = self.state
        self.state = (old * _MULTIPLIER + self.inc) & _MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & _MASK32
        rotation = old >> 59
        return ((xorshifted >> rotation) | (xorshifted << ((-rotation) & 31))) & _MASK32

    def below(self, bound: int) -> int:
        """A uniform integer in ``range(bound)``, without modulo bias. Never scripted."""
        if self.algorithm is not UNSET and 0 < bound <= _BYTE_BOUNDS:
            # The common case, written out (bots pick with it at every step they take): the
            # next byte is in the kept block and is not rejected.
            position = self.state
            index = position - self._start
            block = self._block
            if self._key == self.inc and 0 <= index < len(block):
                value = block[index]
                if value < _BYTE_LIMITS[bound]:
                    self.state = position + 1
                    return value % bound
            return self._below_shake(bound)
        if not 0 < bound <= _MASK32 + 1:
            raise ValueError(f"bound must be between 1 and 2**32, not {bound}")
        if self.algorithm is not UNSET:
            return self._below_shake(bound)
        # The generator step is written out here rather than calling next_u32: dice and
        # shuffles spend most of their time in this loop, and a call costs as much as the step.
        threshold = _THRESHOLDS[bound] if bound <= _SMALL_BOUNDS else ((1 << 32) - bound) % bound
        state, inc = self.state, self.inc
        while True:
            old = state
            state = (old * _MULTIPLIER + inc) & _MASK64
            value = ((((((old >> 18) ^ old) >> 27) & _MASK32) * _DOUBLE) >> (old >> 59)) & _MASK32
            if value >= threshold:
                self.state = state
                return value % bound

    @property
    def position(self) -> tuple[int, int, int]:
        """Changes whenever chance is consumed; lets a caller tell whether anything was revealed."""
        rolls, orders = self.rolls, self.orders
        if not rolls and not orders:
            return (self.state, 0, 0)
        return (self.state, sum(map(len, rolls.values())), sum(map(len, orders.values())))

    def pick(self, name: str, options: Sequence[T]) -> T:
        """One of ``options`` at random: a die named ``name`` showing one of its faces.

        A scripted value for ``name`` is used first; it must equal one of the options (or
        its ``str``), so tests can write ``"sauron"`` for a face or ``3`` for a pip count.
        """
        if not options:
            raise ValueError(f"nothing to pick from for {name!r}")
        queue = self.rolls.get(name) if self.rolls else None
        if queue:
            wanted = queue.pop(0)
            if not queue:
                del self.rolls[name]
            for option in options:
                if option == wanted or str(option) == str(wanted):
                    return option
            raise ScriptError(
                f"scripted {name!r} value {wanted!r} is not one of {[str(o) for o in options]}"
            )
        return options[self.below(len(options))]

    def roll(self, name: str, faces: int = 6) -> int:
        """A die named ``name`` with faces 1..``faces``."""
        if self.rolls or not 0 < faces <= _SMALL_BOUNDS:
            return self.pick(name, range(1, faces + 1))
        if self.algorithm is not UNSET:
            return self.below(faces) + 1
        # What pick gives when nothing is scripted: below(faces) + 1, its step written out here
        # too, since a die roll is the commonest draw of all and the call costs a third of it.
        threshold = _THRESHOLDS[faces]
        state, inc = self.state, self.inc
        while True:
            old = state
            state = (old * _MULTIPLIER + inc) & _MASK64
            value = ((((((old >> 18) ^ old) >> 27) & _MASK32) * _DOUBLE) >> (old >> 59)) & _MASK32
            if value >= threshold:
                self.state = state
                return value % faces + 1

    def roll_each(self, names: Sequence[str]) -> list[int]:
        """One six-sided die per name, in order: ``[roll(name) for name in names]``, sooner."""
        if self.rolls:
            return [self.roll(name) for name in names]
        if self.algorithm is not UNSET:
            # The common case: the dice's bytes are all in the kept block and none is
            # rejected; one C call turns each into a face (or 0 for a rejected byte).
            position = self.state
            index = position - self._start
            count = len(names)
            if self._key == self.inc and index >= 0:
                faces_read = self._block[index : index + count].translate(_D6_FACES)
                if len(faces_read) == count and 0 not in faces_read:
                    self.state = position + count
                    return list(faces_read)
            return [self._below_shake(6) + 1 for _ in names]
        faces: list[int] = []
        state, inc = self.state, self.inc
        for _ in names:
            while True:
                old = state
                state = (old * _MULTIPLIER + inc) & _MASK64
                value = (((((old >> 18) ^ old) >> 27) & _MASK32) * _DOUBLE) >> (old >> 59)
                value &= _MASK32
                if value >= _D6_THRESHOLD:
                    break
            faces.append(value % 6 + 1)
        self.state = state
        return faces

    def shuffle(self, name: str, items: Sequence[T]) -> list[T]:
        """A shuffled copy of ``items`` (a deck named ``name``; the first item is the top).

        Cards scripted for ``name`` are moved to the top, in the scripted order, after the
        seeded shuffle; the rest keep their shuffled order.
        """
        cards = list(items)
        if self.algorithm is not UNSET:
            self._shuffle_shake(cards)
        else:
            self._shuffle_pcg(cards)
        scripted = self.orders.pop(name, None)
        if scripted:
            top: list[T] = []
            for wanted in scripted:
                found = next((c for c in cards if c == wanted or str(c) == wanted), None)
                if found is None:
                    raise ScriptError(f"scripted card {wanted!r} is not in the {name!r} deck")
                cards.remove(found)
                top.append(found)
            cards = top + cards
        return cards

    def _shuffle_shake(self, cards: list[T]) -> None:
        """Fisher-Yates with ``below(i + 1)`` for each i from the bottom up. Each step takes
        below()'s common case written out (its byte is kept and not rejected), else calls it:
        decks are shuffled often, in some games at every draw."""
        block, start = self._block, self._start
        index = self.state - start
        if self._key != self.inc:
            index = -1
        for i in range(len(cards) - 1, 0, -1):
            bound = i + 1
            if 0 <= index < len(block) and bound <= _BYTE_BOUNDS:
                value = block[index]
                if value < _BYTE_LIMITS[bound]:
                    index += 1
                    j = value % bound
                    cards[i], cards[j] = cards[j], cards[i]
                    continue
            self.state = start + index if index >= 0 else self.state
            j = self._below_shake(bound)
            block, start = self._block, self._start
            index = self.state - start
            cards[i], cards[j] = cards[j], cards[i]
        if index >= 0:
            self.state = start + index

    def _shuffle_pcg(self, cards: list[T]) -> None:
        # Fisher-Yates with ``below(i + 1)`` for each i from the bottom up, its generator step
        # written out as in :meth:`below` (decks are shuffled often: every draw in some games).
        state, inc = self.state, self.inc
        for i in range(len(cards) - 1, 0, -1):
            bound = i + 1
            threshold = (
                _THRESHOLDS[bound] if bound <= _SMALL_BOUNDS else ((1 << 32) - bound) % bound
            )
            while True:
                old = state
                state = (old * _MULTIPLIER + inc) & _MASK64
                value = (((((old >> 18) ^ old) >> 27) & _MASK32) * _DOUBLE) >> (old >> 59)
                value &= _MASK32
                if value >= threshold:
                    break
            j = value % bound
            cards[i], cards[j] = cards[j], cards[i]
        self.state = state

    def script(
        self,
        rolls: Mapping[str, Sequence[int | str]] | None = None,
        orders: Mapping[str, Sequence[str]] | None = None,
    ) -> None:
        """Queue die faces (per die name) and deck tops (per deck name) for the next draws.

        Dice and decks new to the queues are added in name order, whatever the caller's
        order: the queues are part of the position, and a saved match's log replays its
        scripts with the names sorted, so the position must not depend on that order."""
        for name, faces in sorted((rolls or {}).items()):
            self.rolls.setdefault(name, []).extend(faces)
        for name, cards in sorted((orders or {}).items()):
            self.orders[name] = list(cards)

    def picker(self) -> Callable[[int], int]:
        """A function drawing what :meth:`below` would draw from here on, for a caller that
        only ever picks (a random bot, at every step of a simulation): it keeps its own place
        in a copy of the stream, so this ``Chance`` does not move. For SHAKE128 the common
        case (the byte is kept and not rejected) runs without touching any object, which
        makes a pick about twice as cheap as ``below``."""
        stream = msgspec.structs.replace(self, rolls={}, orders={})
        if stream.algorithm is UNSET:
            return stream.below
        block, index = b"", 0
        limits = _BYTE_LIMITS

        def pick(bound: int) -> int:
            nonlocal block, index
            if 0 < bound <= _BYTE_BOUNDS and index < len(block):
                value = block[index]
                if value < limits[bound]:
                    index += 1
                    return value % bound
            # Anything else goes through the stream itself, from the place reached: the
            # stream stands at the end of the bytes kept here, ``index`` of them used.
            stream.state += index - len(block)
            block, index = b"", 0
            picked = stream.below(bound)
            if stream._key == stream.inc:
                block = stream._block[stream.state - stream._start :]
                stream.state += len(block)
            return picked

        return pick

    def fork(self, salt: int) -> Chance:
        """An independent stream derived from this one, without consuming from it, with the
        same chance algorithm.

        Bots use it to imagine futures: the copy knows nothing of scripted values, so a
        simulation never learns the dice that the real game will roll.
        """
        return Chance.seeded(derive_seed(self.state, self.inc, salt), self.generator)
