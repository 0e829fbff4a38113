"""The save fuzzer: damaged and hostile saves of every game are refused, never crash the engine.

Real mid-game saves of each game, in several seat counts and both formats, are mutated
(bytes cut, flipped, inserted and deleted; digits inserted; fields of every type edited and
the checksum recomputed; future versions, huge sizes, deep nesting) and loaded. Every
refusal must be a :class:`~ringbearer_engine.SaveError` with a documented reason, no load may
take a second (a hang guard, not a benchmark), and every save that loads must be the match its
log replays to. Bounded in the default checks; ``nox -s fuzz`` tries 10,000 saves per game.
"""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import Callable
from typing import Any

import msgspec
import pytest
from fuzzing import budget
from save_reasons import documented_reasons

import ringbearer_engine as rb
from ringbearer_engine import Match, saves

REASONS = documented_reasons()
SEATS = {"mount-doom": (1, 2, 4), "adventure-game": (2, 3, 4), "adventure-book": (1, 2, 4)}
SLOWEST_LOAD = 5.0
"""CPU seconds: a load that takes longer counts as a hang. A hang detector, not a speed
check (a typical load takes about a millisecond); CPU time, so that other work on a busy
machine cannot trip it."""

Raw = dict[str, Any]


def base_saves(game: str) -> list[tuple[bytes, saves.SaveFormat]]:
    """Mid-game saves of ``game``: each seat count, two lengths of play, both formats."""
    found: list[tuple[bytes, saves.SaveFormat]] = []
    for seats in SEATS[game]:
        for steps in (6, 40):
            match = Match.new(game, [f"Player {i + 1}" for i in range(seats)], seed=seats * steps)
            bot = rb.RandomBot(steps)
            for _ in range(steps):
                if match.outcome is not None:
                    break
                match.play(bot.choose(match.game, match.state))
            match.meta = {"seats": ["human"] * seats, "name": f"{seats} seats"}
            found += [(match.save("json"), "json"), (match.save("msgpack"), "msgpack")]
    return found


# -- mutations of the bytes ---------------------------------------------------------------------


def truncate(data: bytes, rng: random.Random) -> bytes:
    return data[: rng.randrange(len(data))]


def flip_bits(data: bytes, rng: random.Random) -> bytes:
    out = bytearray(data)
    for _ in range(rng.choice((1, 1, 2, 8))):
        out[rng.randrange(len(out))] ^= 1 << rng.randrange(8)
    return bytes(out)


def insert_bytes(data: bytes, rng: random.Random) -> bytes:
    at = rng.randrange(len(data) + 1)
    return data[:at] + rng.randbytes(rng.choice((1, 2, 5, 64))) + data[at:]


def delete_bytes(data: bytes, rng: random.Random) -> bytes:
    at = rng.randrange(len(data))
    return data[:at] + data[at + rng.choice((1, 2, 10, 100)) :]


def insert_digits(data: bytes, rng: random.Random) -> bytes:
    """Digits beside digits, so numbers grow (the way a seed became 2**64)."""
    spots = [i for i, byte in enumerate(data) if 0x30 <= byte <= 0x39] or [0]
    at = rng.choice(spots)
    digits = "".join(rng.choice("0123456789") for _ in range(rng.choice((1, 5, 20, 400))))
    return data[:at] + digits.encode() + data[at:]


def repeat_a_slice(data: bytes, rng: random.Random) -> bytes:
    start = rng.randrange(len(data))
    piece = data[start : start + rng.choice((1, 16, 256))]
    return data[:start] + piece * rng.choice((2, 100, 10_000)) + data[start:]


BYTE_MUTATIONS: tuple[Callable[[bytes, random.Random], bytes], ...] = (
    truncate,
    flip_bits,
    insert_bytes,
    delete_bytes,
    insert_digits,
    repeat_a_slice,
)

# -- edits of the decoded fields, resealed --------------------------------------------------------


def deep(depth: int) -> Any:
    value: Any = []
    for _ in range(depth):
        value = [value]
    return value


def any_value(rng: random.Random, fmt: saves.SaveFormat) -> Any:
    """A value of any type a save's decoder can produce, often at the edge of its range."""
    choices: list[Callable[[], Any]] = [
        lambda: None,
        lambda: rng.choice((True, False)),
        lambda: rng.choice((0, 1, -1, 7, 2**31, 2**63 - 1, 2**63, 2**64 - 1, -(2**63))),
        lambda: rng.randint(-1000, 1000),
        lambda: rng.choice((0.5, -1.0, 1e308, float("nan"), float("inf"))),
        lambda: rng.choice(("", " ", "x", "Frodo", "roll", "pass", "\u00e9\u2603", "\x00")),
        # Text a terminal would obey, or a save could not hold (issue 27).
        lambda: rng.choice(("\x1b]0;owned\x07", "Ann\x1b[2J", "\x9b", "\ud800", "x" * 101)),
        lambda: "!script " + rng.choice(('{"rolls":{},"orders":{}}', "{", '{"rolls":[]}')),
        lambda: "y" * rng.choice((1_000, 1_000_000)),
        lambda: [],
        lambda: [rng.randint(0, 9) for _ in range(rng.choice((1, 5, 100_000)))],
        lambda: {},
        lambda: {"a": 1, "b": [None]},
        lambda: deep(rng.choice((50, 2_000))),
    ]
    if fmt == "msgpack":
        choices += [lambda: b"\x00\xff", lambda: {1: 2}, lambda: {(1, 2): 3}]
    return rng.choice(choices)()


def places(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside ``value`` (keys and indexes), shallow ones first."""
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += places(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += places(item, (*path, index))
    return found


def edit_a_field(raw: Raw, rng: random.Random, fmt: saves.SaveFormat) -> None:
    path = rng.choice(places(raw)[1:])
    parent: Any = raw
    for step in path[:-1]:
        parent = parent[step]
    how = rng.random()
    if how < 0.1 and isinstance(parent, dict):
        del parent[path[-1]]
    elif how < 0.2 and isinstance(parent, list):
        parent.insert(path[-1], any_value(rng, fmt))
    elif how < 0.3 and isinstance(parent[path[-1]], int) and not isinstance(parent[path[-1]], bool):
        parent[path[-1]] += rng.choice((-1, 1, 2**32))
    else:
        parent[path[-1]] = any_value(rng, fmt)


def edit_the_envelope(raw: Raw, rng: random.Random, fmt: saves.SaveFormat) -> None:
    """Edits of the fields that matter most: versions, seats, seed, log and meta."""
    choice = rng.randrange(9)
    if choice == 0:
        raw["save_version"] = rng.choice((saves.SAVE_VERSION + 1, 0, -1, 2**63, "1", None))
    elif choice == 1:
        raw["state_version"] = rng.choice((99, 0, -5, 2**64 - 1, 1.0))
    elif choice == 2:
        players = raw["players"]
        raw["players"] = rng.choice(([], players[:1], players * 3, ["", *players[1:]], [1]))
    elif choice == 3:
        raw["seed"] = rng.choice((-1, 2**64 - 1, 2**63, 0, "7", 1.5, None))
    elif choice == 4 and raw["log"]:
        log = raw["log"]
        at = rng.randrange(len(log))
        log.insert(at, rng.choice(log))
    elif choice == 5:
        raw["log"] = raw["log"] * rng.choice((2, 50))
    elif choice == 6:
        face = rng.choice(("1", "6", "9", "sauron", "nobody"))
        die = rng.choice(("black", "start", "story", "plot", "mountain", "dice"))
        raw["log"].insert(0, f'!script {{"orders":{{}},"rolls":{{"{die}":["{face}"]}}}}')
    elif choice == 7:
        raw["meta"] = {"x": any_value(rng, fmt)}
    else:
        raw["game"] = rng.choice(("mount-doom", "adventure-game", "adventure-book", "pig", ""))


def reencoded(
    data: bytes, fmt: saves.SaveFormat, rng: random.Random, edit: Callable[..., None]
) -> bytes | None:
    """The save decoded, edited, resealed and encoded again; ``None`` if it cannot be encoded."""
    raw = msgspec.json.decode(data) if fmt == "json" else msgspec.msgpack.decode(data)
    edit(raw, rng, fmt)
    if rng.random() < 0.9:  # now and then, a stale checksum too
        # The engine must refuse what cannot be sealed (text no encoder takes is skipped below).
        with contextlib.suppress(OverflowError, RecursionError, UnicodeEncodeError):
            raw["checksum"] = saves.content_checksum(raw)
    try:
        if fmt == "json":
            return msgspec.json.encode(raw)
        return msgspec.msgpack.encode(raw)
    except (OverflowError, RecursionError, TypeError, UnicodeEncodeError):
        return None


def mutated(data: bytes, fmt: saves.SaveFormat, rng: random.Random) -> bytes | None:
    kind = rng.random()
    if kind < 0.5:
        return rng.choice(BYTE_MUTATIONS)(data, rng)
    if kind < 0.8:
        return reencoded(data, fmt, rng, edit_a_field)
    return reencoded(data, fmt, rng, edit_the_envelope)


# -- the check ------------------------------------------------------------------------------------


class Findings:
    def __init__(self) -> None:
        self.tried = 0
        self.accepted = 0
        self.refused: dict[str, int] = {}
        self.crashes: list[str] = []
        self.different: list[str] = []
        self.slowest = 0.0

    def load(self, data: bytes, what: str) -> None:
        self.tried += 1
        started = time.process_time()
        try:
            loaded = Match.load(data)
        except rb.SaveError as error:
            self.refused[error.reason] = self.refused.get(error.reason, 0) + 1
            if error.reason not in REASONS:
                self.crashes.append(f"{what}: undocumented reason {error.reason!r}: {error}")
            return
        except Exception as error:  # what the fuzzer hunts: anything but a SaveError
            self.crashes.append(f"{what}: {type(error).__name__}: {error}"[:300])
            return
        finally:
            self.slowest = max(self.slowest, time.process_time() - started)
        self.accepted += 1
        replayed = Match.from_log(
            loaded.game, loaded.players, loaded.seed, loaded.options, loaded.log, meta=loaded.meta
        )
        if replayed.snapshot() != loaded.snapshot() or replayed.log != loaded.log:
            self.different.append(what)
        unverified = Match.load(data, verify=False)
        if unverified.snapshot() != loaded.snapshot():
            self.different.append(f"{what} (without verify)")

    def report(self) -> str:
        refused = dict(sorted(self.refused.items()))
        return (
            f"{self.tried} saves: {self.accepted} accepted, refused {refused}"
            f", {len(self.crashes)} crashes, {len(self.different)} different from their replay, "
            f"slowest load {self.slowest * 1e3:.0f} ms"
        )


@pytest.mark.fuzz
@pytest.mark.parametrize("game", sorted(SEATS))
def test_mutated_saves_are_refused_with_a_reason_or_equal_their_replay(game: str) -> None:
    rng = random.Random(f"save-fuzz {game}")
    bases = base_saves(game)
    findings = Findings()
    wanted, case = budget(bounded=150, long=10_000), 0
    while findings.tried < wanted:
        data, fmt = bases[case % len(bases)]
        bad = mutated(data, fmt, rng)
        if bad is not None:  # an edit that cannot be encoded is skipped, not counted
            findings.load(bad, f"case {case} ({fmt})")
        case += 1
    print(f"{game}: {findings.report()}")
    assert findings.crashes == []
    assert findings.different == []
    assert findings.slowest < SLOWEST_LOAD
    assert findings.refused  # the mutations must reach the checks


@pytest.mark.fuzz
@pytest.mark.parametrize("fmt", ["json", "msgpack"])
def test_a_field_nested_deeply_is_refused_in_either_format(fmt: saves.SaveFormat) -> None:
    data = base_saves("mount-doom")[0 if fmt == "json" else 1][0]
    rng = random.Random(3)
    for case in range(budget(bounded=10, long=500)):
        raw = msgspec.json.decode(data) if fmt == "json" else msgspec.msgpack.decode(data)
        path = rng.choice(places(raw)[1:])
        parent = raw
        for step in path[:-1]:
            parent = parent[step]
        parent[path[-1]] = deep(rng.choice((900, 1_000, 5_000, 50_000)))
        encoded = _nested_json(raw) if fmt == "json" else _nested_msgpack(raw)
        with pytest.raises(rb.SaveError) as caught:
            Match.load(encoded)
        assert caught.value.reason in REASONS, case


def _nested_json(raw: Raw) -> bytes:
    # msgspec refuses to encode what nests this deep; JSON text can be written by hand.
    return _encode_by_hand(raw, json=True)


def _nested_msgpack(raw: Raw) -> bytes:
    return _encode_by_hand(raw, json=False)


def _encode_by_hand(value: Any, *, json: bool) -> bytes:
    """Encode ``value`` without recursion limits, so any depth can be written."""
    out = bytearray()
    stack: list[Any] = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, _Close):
            out += item.text
            continue
        if isinstance(item, list):
            if json:
                out += b"["
                stack.append(_Close(b"]"))
                for index in reversed(range(len(item))):
                    stack.append(item[index])
                    if index:
                        stack.append(_Close(b","))
            else:
                out += _msgpack_array_head(len(item))
                stack.extend(reversed(item))
        elif isinstance(item, dict):
            if json:
                out += b"{"
                stack.append(_Close(b"}"))
                pairs = list(item.items())
                for index in reversed(range(len(pairs))):
                    key, val = pairs[index]
                    stack.append(val)
                    stack.append(_Close(msgspec.json.encode(str(key)) + b":"))
                    if index:
                        stack.append(_Close(b","))
            else:
                out += _msgpack_map_head(len(item))
                for key, val in reversed(list(item.items())):
                    stack.append(val)
                    stack.append(_Close(msgspec.msgpack.encode(key)))
        else:
            out += msgspec.json.encode(item) if json else msgspec.msgpack.encode(item)
    return bytes(out)


class _Close:
    def __init__(self, text: bytes) -> None:
        self.text = text


def _msgpack_array_head(size: int) -> bytes:
    return bytes([0x90 | size]) if size < 16 else b"\xdd" + size.to_bytes(4, "big")


def _msgpack_map_head(size: int) -> bytes:
    return bytes([0x80 | size]) if size < 16 else b"\xdf" + size.to_bytes(4, "big")
