"""Pointer motion is thinned before a game reads it (issue 48): sweeping the mouse never
spends the key budget that the player's keys need, and a click still finds the pointer."""

from __future__ import annotations

import asyncio

import asyncssh
import pytest
from hypothesis import given
from hypothesis import strategies as st

from ringbearer_tui.server.pointer_motion import MotionCoalescer

from .conftest import StartServer, connect


def motion(column: int, row: int = 5) -> bytes:
    return f"\x1b[<35;{column};{row}M".encode()


CLICK = b"\x1b[<0;9;9M"
RELEASE = b"\x1b[<0;9;9m"


def test_of_motion_reports_in_a_row_only_the_last_is_passed() -> None:
    coalescer = MotionCoalescer(interval=0.05)
    sweep = b"".join(motion(column) for column in range(1, 80))
    assert coalescer.feed(sweep, now=10.0) == motion(79)


def test_a_key_or_a_click_sends_the_motion_before_it_first() -> None:
    coalescer = MotionCoalescer(interval=0.05)
    data = motion(1) + motion(2) + b"a" + motion(3) + motion(4) + CLICK + RELEASE
    assert coalescer.feed(data, now=10.0) == motion(2) + b"a" + motion(4) + CLICK + RELEASE


def test_motion_sooner_than_the_interval_waits_and_the_newest_replaces_it() -> None:
    coalescer = MotionCoalescer(interval=0.05)
    assert coalescer.feed(motion(1), now=10.0) == motion(1)
    assert coalescer.feed(motion(2), now=10.01) == b""
    assert coalescer.feed(motion(3), now=10.02) == b""
    assert coalescer.due_in(10.02) == pytest.approx(0.03)
    assert coalescer.release(10.03) == b""  # not yet
    assert coalescer.release(10.05) == motion(3)
    assert coalescer.due_in(10.05) is None


def test_a_held_motion_goes_ahead_of_the_next_key_at_once() -> None:
    coalescer = MotionCoalescer(interval=0.05)
    coalescer.feed(motion(1), now=10.0)
    assert coalescer.feed(motion(2), now=10.01) == b""
    assert coalescer.feed(b"q", now=10.02) == motion(2) + b"q"
    assert coalescer.due_in(10.02) is None


def test_a_report_split_across_reads_is_joined_then_thinned() -> None:
    coalescer = MotionCoalescer(interval=0.05)
    first, second = motion(7)[:5], motion(7)[5:]
    assert coalescer.feed(motion(5), now=10.0) == motion(5)
    assert coalescer.feed(motion(6) + first, now=10.001) == b""
    assert coalescer.feed(second + b"x", now=10.002) == motion(7) + b"x"


def test_a_lone_escape_at_the_end_of_a_read_is_not_held() -> None:
    coalescer = MotionCoalescer(interval=0.05)
    assert coalescer.feed(b"\x1b", now=10.0) == b"\x1b"
    assert coalescer.feed(b"\x1b[", now=10.1) == b"\x1b["


pieces = st.sampled_from([motion(1), motion(2), CLICK, RELEASE, b"a", b"\x1b[A", b"\x1b", b"x"])


@given(st.lists(st.lists(pieces, max_size=12), max_size=6))
def test_thinning_keeps_everything_but_motion_in_order(reads: list[list[bytes]]) -> None:
    coalescer = MotionCoalescer(interval=0.05)
    out = b""
    for step, read in enumerate(reads):
        out += coalescer.feed(b"".join(read), now=10.0 + step * 0.01)
    out += coalescer.release(100.0)
    whole = b"".join(b"".join(read) for read in reads)
    without_motion = whole.replace(motion(1), b"").replace(motion(2), b"")
    assert out.replace(motion(1), b"").replace(motion(2), b"") == without_motion
    if whole.endswith((motion(1), motion(2))):
        assert out.endswith(whole[-len(motion(1)) :])  # the pointer ends where it was left


async def test_sweeping_the_mouse_leaves_the_key_budget_to_the_keys(
    make_server: StartServer, user_key: asyncssh.SSHKey
) -> None:
    server = await make_server(key_rate=10, input_rate=1_000_000)
    client = await connect(server, "ann", user_key)
    await client.wait_for("New game")
    [game] = server.live.values()
    # Two seconds of a fast sweep (100 reports a second), then a burst of keys.
    for step in range(200):
        client.process.stdin.write(motion(1 + step % 79))
        await asyncio.sleep(0.01)
    before = game.input_bytes
    client.process.stdin.write(b"x" * 30)
    await asyncio.sleep(0.5)
    # The sweep passed at most five reports a second (half the key rate) ...
    assert before <= len(motion(10)) * (5 * 3 + 2)
    # ... so the burst of keys is still there for the keys: all 30 passed at once.
    assert game.input_bytes - before >= 30
    client.drop()


async def test_a_flood_of_motion_is_read_no_faster_than_the_byte_rate(
    make_server: StartServer, user_key: asyncssh.SSHKey
) -> None:
    server = await make_server(input_rate=2000)
    client = await connect(server, "ann", user_key)
    await client.wait_for("New game")
    [game] = server.live.values()
    client.process.stdin.write(b"".join(motion(1 + n % 79) for n in range(10_000)))
    await asyncio.sleep(1.5)
    # Thinned away or not, what is read is paid for: a burst of 4,000 bytes, 2,000 a second,
    # and one read of at most 4,096 before the wait.
    assert game.bytes_read <= 4000 + 2000 * 2 + 4096
    client.drop()
