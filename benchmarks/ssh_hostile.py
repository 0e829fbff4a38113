"""An honest player's keys while one hostile client does its worst, on loopback.

Starts ``ringbearer serve`` as its own process on 127.0.0.1. One honest client opens Adventure
to Mount Doom and presses a key every quarter second; meanwhile a hostile client runs one of
these attacks, reconnecting whenever the server cuts it off:

- ``quiet``: no attack (the yardstick);
- ``rekey``: logs in and starts new key exchanges as fast as the server lets it;
- ``dh-rekey``: the same, insisting on finite-field Diffie-Hellman group exchange (which
  the server used to offer, at 1024 bits);
- ``resize``: opens a game and sends window changes as fast as it can;
- ``dcs``: opens a game and sends an unterminated DCS string, then more of it, endlessly;
- ``keys``: opens a game and sends key presses as fast as it can;
- ``mouse``: opens a game and sends pointer motion reports as fast as it can.

For each attack it reports the honest player's keystroke to screen (p50, p95, p99), the CPU
the server process spent a second, and how often the hostile client was cut off.

    python benchmarks/ssh_hostile.py [ATTACK ...] [--seconds N] [--presses N]

The hostile re-key uses asyncssh's internals (no honest client re-keys on demand).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import tempfile
import time
from collections.abc import Awaitable, Callable

import asyncssh
from harness import percentile
from proc_stats import cpu_seconds
from ssh_load import free_port, start_server

ATTACKS = ("quiet", "rekey", "dh-rekey", "resize", "dcs", "keys", "mouse")
TIMEOUT = 120.0
HOSTILE_ADDRESS = "127.0.0.2"
"""The attacker's own loopback address: the server's penalties for it must not fall on the
honest player too, as they would if both came from one address."""


async def open_game(
    port: int, username: str, key: asyncssh.SSHKey, address: str = "127.0.0.1"
) -> tuple[asyncssh.SSHClientConnection, asyncssh.SSHClientProcess[bytes]]:
    conn = await asyncssh.connect(
        "127.0.0.1",
        port,
        local_addr=(address, 0),
        username=username,
        client_keys=[key],
        known_hosts=None,
        agent_path=None,
        login_timeout=TIMEOUT,
    )
    process = await conn.create_process(
        "mount-doom", term_type="xterm-256color", term_size=(100, 30), encoding=None
    )
    return conn, process


async def wait_for_text(process: asyncssh.SSHClientProcess[bytes], text: bytes) -> None:
    seen = b""
    while text not in seen:
        data = await asyncio.wait_for(process.stdout.read(65536), TIMEOUT)
        if not data:
            raise ConnectionError("the game ended before it was drawn")
        seen = seen[-4096:] + data


async def honest(port: int, presses: int, interval: float) -> list[float]:
    conn, process = await open_game(port, "honest", asyncssh.generate_private_key("ssh-ed25519"))
    await wait_for_text(process, b"Choices")
    answered = [0.0]
    changed = asyncio.Event()

    async def read() -> None:
        with contextlib.suppress(OSError, asyncssh.Error):
            while await process.stdout.read(65536):
                answered[0] = time.perf_counter()
                changed.set()

    reader = asyncio.ensure_future(read())
    await asyncio.sleep(1.0)
    latencies = []
    for number in range(presses):
        began = time.perf_counter()
        process.stdin.write(b"1" if number % 3 else b"\t")
        while answered[0] < began:
            changed.clear()
            await asyncio.wait_for(changed.wait(), 30)
        latencies.append((answered[0] - began) * 1000)
        await asyncio.sleep(max(0.0, interval - (time.perf_counter() - began)))
    reader.cancel()
    conn.abort()
    return latencies


async def rekeying(port: int, key: asyncssh.SSHKey, cut: list[int], kex: list[str]) -> None:
    options = {"kex_algs": kex} if kex else {}
    conn = await asyncssh.connect(
        "127.0.0.1",
        port,
        username="mallory",
        client_keys=[key],
        known_hosts=None,
        agent_path=None,
        local_addr=(HOSTILE_ADDRESS, 0),
        **options,  # type: ignore[arg-type]
    )
    try:
        while True:
            conn._send_kexinit()  # type: ignore[attr-defined]
            conn._kexinit_sent = True  # type: ignore[attr-defined]
            while not conn._kex_complete:  # type: ignore[attr-defined]
                await asyncio.sleep(0)
                if conn._transport is None:  # type: ignore[attr-defined]
                    cut[0] += 1
                    return
    finally:
        conn.abort()


async def in_game(
    port: int,
    key: asyncssh.SSHKey,
    cut: list[int],
    flood: Callable[[asyncssh.SSHClientProcess[bytes]], Awaitable[None]],
) -> None:
    conn, process = await open_game(port, "mallory", key, HOSTILE_ADDRESS)
    try:
        await wait_for_text(process, b"Choices")
        drain = asyncio.ensure_future(_drain(process))
        await flood(process)
        await drain
        cut[0] += 1
    finally:
        conn.abort()


async def _drain(process: asyncssh.SSHClientProcess[bytes]) -> None:
    with contextlib.suppress(OSError, asyncssh.Error):
        while await process.stdout.read(65536):
            pass


async def resizes(process: asyncssh.SSHClientProcess[bytes]) -> None:
    with contextlib.suppress(OSError, asyncssh.Error):
        for n in range(1_000_000):
            process.change_terminal_size(80 + n % 40, 24 + n % 10)
            if n % 100 == 0:
                await asyncio.sleep(0)


async def dcs(process: asyncssh.SSHClientProcess[bytes]) -> None:
    with contextlib.suppress(OSError, asyncssh.Error):
        process.stdin.write(b"\x1bP")
        while True:
            process.stdin.write(b"a" * 60_000)
            await process.stdin.drain()


async def keys(process: asyncssh.SSHClientProcess[bytes]) -> None:
    with contextlib.suppress(OSError, asyncssh.Error):
        while True:
            process.stdin.write(b"1" * 60_000)
            await process.stdin.drain()


async def mouse(process: asyncssh.SSHClientProcess[bytes]) -> None:
    sweep = b"".join(f"\x1b[<35;{1 + n % 79};{1 + n % 23}M".encode() for n in range(5000))
    with contextlib.suppress(OSError, asyncssh.Error):
        while True:
            process.stdin.write(sweep)
            await process.stdin.drain()


async def attack(kind: str, port: int, cut: list[int]) -> None:
    key = asyncssh.generate_private_key("ssh-ed25519")
    floods = {"resize": resizes, "dcs": dcs, "keys": keys, "mouse": mouse}
    while True:
        try:
            if kind == "rekey":
                await rekeying(port, key, cut, [])
            elif kind == "dh-rekey":
                await rekeying(port, key, cut, ["diffie-hellman-group-exchange-sha256"])
            else:
                await in_game(port, key, cut, floods[kind])
        except (OSError, asyncssh.Error, ConnectionError):
            cut[0] += 1
            await asyncio.sleep(0.1)


async def run(kind: str, presses: int, interval: float) -> None:
    with tempfile.TemporaryDirectory() as data:
        port = free_port()
        server = start_server(data, port, 5, ["--connections-per-minute", "1000"])
        try:
            cut = [0]
            hostile = None if kind == "quiet" else asyncio.ensure_future(attack(kind, port, cut))
            await asyncio.sleep(3.0 if hostile else 0.0)  # the attack under way first
            before, began = cpu_seconds(server.pid) or 0.0, time.perf_counter()
            latencies = await honest(port, presses, interval)
            spent = (cpu_seconds(server.pid) or 0.0) - before
            elapsed = time.perf_counter() - began
            if hostile is not None:
                hostile.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await hostile
        finally:
            server.terminate()
            server.wait(60)
    print(
        f"{kind:7} honest key to screen: p50 {percentile(latencies, 0.5):.0f} ms, "
        f"p95 {percentile(latencies, 0.95):.0f} ms, p99 {percentile(latencies, 0.99):.0f} ms; "
        f"server CPU {spent / elapsed * 100:.0f}% of a core; hostile cut off {cut[0]} times",
        flush=True,
    )


def main() -> None:
    # The hostile client writes on after the server has cut it off; asyncio says so each time.
    logging.getLogger("asyncio").setLevel(logging.CRITICAL)
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("attacks", nargs="*", help=f"some of {', '.join(ATTACKS)} (all)")
    parser.add_argument("--presses", type=int, default=40)
    parser.add_argument("--interval", type=float, default=0.25)
    args = parser.parse_args()
    unknown = set(args.attacks) - set(ATTACKS)
    if unknown:
        parser.error(f"unknown attack {', '.join(sorted(unknown))}: choose from {ATTACKS}")
    for kind in args.attacks or ATTACKS:
        asyncio.run(run(kind, args.presses, args.interval))


if __name__ == "__main__":
    main()
