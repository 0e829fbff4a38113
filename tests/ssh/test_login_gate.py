"""Before a login (issue 48): sources, random early drop, penalties for addresses that never
log in, the handshake deadline, and a rate limiter that forgets."""

from __future__ import annotations

import asyncio
import logging
import socket
import time

import asyncssh
import pytest

from ringbearer_tui.server.core import TOO_SLOW
from ringbearer_tui.server.limits import LoginGate, Penalties, RateLimiter, source_of

from .conftest import TIMEOUT, StartServer
from .test_limits import logged, login

# -- sources ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("address", "source"),
    [
        ("203.0.113.7", "203.0.113.7"),
        ("::ffff:203.0.113.7", "203.0.113.7"),
        ("2001:db8:1:2:aaaa::1", "2001:db8:1:2::/64"),
        ("2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"),
        ("fe80::1%eth0", "fe80::/64"),
        ("?", "?"),
    ],
)
def test_an_ipv6_64_counts_as_one_source_and_ipv4_as_itself(address: str, source: str) -> None:
    assert source_of(address) == source


def test_one_ipv6_64_shares_one_rate_limit() -> None:
    limiter = RateLimiter(2)
    assert limiter.allow("2001:db8::1", now=0.0)
    assert limiter.allow("2001:db8::2", now=0.1)
    assert not limiter.allow("2001:db8::ffff:3", now=0.2)
    assert limiter.allow("2001:db8:0:1::1", now=0.3)  # the next /64 is another source


def test_the_rate_limiter_forgets_addresses_a_window_after_their_last_connection() -> None:
    limiter = RateLimiter(10, window=60.0)
    for n in range(1000):
        limiter.allow(f"198.51.100.{n % 250}", now=float(n) / 100)
    assert len(limiter) == 250
    limiter.allow("192.0.2.1", now=200.0)
    assert len(limiter) == 1


# -- random early drop --------------------------------------------------------------------------


def test_below_the_early_drop_mark_every_connection_gets_in() -> None:
    gate = LoginGate(100, 100, early_drop_from=10, chance=lambda: 0.0)
    assert all(gate.enter(f"192.0.2.{n}") is None for n in range(10))


def test_past_the_mark_connections_drop_at_random_more_often_the_fuller_the_gate() -> None:
    draws = iter([0.29, 0.31])
    gate = LoginGate(100, 100, early_drop_from=10, chance=lambda: next(draws))
    for n in range(10):
        assert gate.enter(f"192.0.2.{n}") is None
    # At the mark the odds are 30%: a draw under them drops, one over them gets in.
    assert gate.enter("198.51.100.1") == "dropped early: many connections logging in"
    assert gate.enter("198.51.100.2") is None


def test_the_drop_odds_rise_with_the_gate_and_reach_certainty_when_it_is_full() -> None:
    # Odds at 10 waiting: 30%, rising by 7 points a connection to 93% at 19 and 100% at 20.
    gate = LoginGate(20, 100, early_drop_from=10, chance=lambda: 0.9)
    admitted = sum(gate.enter(f"192.0.2.{n}") is None for n in range(40))
    assert admitted == 19  # a draw of 0.9 beats the odds up to 18 waiting, not at 19
    gate = LoginGate(20, 100, early_drop_from=10, chance=lambda: 0.9999)
    assert sum(gate.enter(f"198.51.100.{n}") is None for n in range(40)) == 20
    assert gate.enter("203.0.113.1") == "too many connections logging in"


# -- penalties ----------------------------------------------------------------------------------


def test_a_few_failed_connections_cost_no_refusal() -> None:
    penalties = Penalties(threshold=15.0)
    for moment in range(7):
        penalties.add("192.0.2.1", 2.0, now=float(moment))
    assert penalties.left("192.0.2.1", now=7.0) == 0.0


def test_a_source_whose_penalty_reaches_the_threshold_is_refused_until_it_runs_down() -> None:
    penalties = Penalties(threshold=15.0, longest=600.0)
    for _ in range(8):
        penalties.add("2001:db8::1", 2.0, now=0.0)
    assert penalties.left("2001:db8::77", now=1.0) == pytest.approx(15.0)  # the same /64
    assert penalties.left("2001:db8:0:1::1", now=1.0) == 0.0
    assert penalties.left("2001:db8::1", now=16.5) == 0.0


def test_a_penalty_is_never_longer_than_the_longest() -> None:
    penalties = Penalties(threshold=15.0, longest=600.0)
    for _ in range(1000):
        penalties.add("192.0.2.1", 10.0, now=0.0)
    assert penalties.left("192.0.2.1", now=0.0) == pytest.approx(600.0)


async def test_an_address_whose_connections_never_log_in_is_refused_for_a_while(
    make_server: StartServer, user_key: asyncssh.SSHKey, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    server = await make_server(connections_per_minute=100)
    for _ in range(8):  # each costs two seconds: sixteen, over the threshold of fifteen
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        await reader.readline()  # the server's version line
        writer.close()
        await writer.wait_closed()
    await asyncio.sleep(0.2)
    with pytest.raises(asyncssh.DisconnectError, match="ended without logging in"):
        await login(server, "ann", user_key)
    assert any(r["why"] == "penalised" for r in logged(caplog, "refused"))


async def test_penalties_can_be_turned_off(
    make_server: StartServer, user_key: asyncssh.SSHKey
) -> None:
    server = await make_server(connections_per_minute=100, penalties=False)
    for _ in range(10):
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        await reader.readline()
        writer.close()
        await writer.wait_closed()
    connection = await login(server, "ann", user_key)
    connection.close()


# -- the handshake deadline ---------------------------------------------------------------------


async def test_a_connection_that_never_starts_logging_in_is_closed_at_the_handshake_deadline(
    make_server: StartServer,
) -> None:
    server = await make_server(handshake_timeout=0.5, login_timeout=30.0)
    with socket.create_connection(("127.0.0.1", server.port), timeout=TIMEOUT) as bare:
        bare.setblocking(False)
        began = time.monotonic()
        received = b""
        while time.monotonic() - began < 10.0:
            try:
                chunk = bare.recv(4096)
            except BlockingIOError:
                await asyncio.sleep(0.05)
                continue
            if not chunk:
                break
            received += chunk
        assert time.monotonic() - began < 5.0, "still open long after the handshake deadline"
    assert received.startswith(b"SSH-2.0-")
    assert TOO_SLOW.encode() in received
    assert server.gate._count == 0
