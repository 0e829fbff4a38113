"""Many players at once over SSH on loopback.

Starts ``ringbearer serve`` in-process on 127.0.0.1, connects SESSIONS clients (each its own
account and key), has each open a game of Adventure to Mount Doom (or the menu if that game
is not installed) and press keys, and reports keystroke-to-screen latency (p50/p95), the
peak resident memory of each game process, and how many sessions were lost.

    python benchmarks/ssh_load.py [SESSIONS] [PRESSES]
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import asyncssh
import pyte
from harness import percentile

import ringbearer_engine as rb

COLUMNS, ROWS = 100, 30
TIMEOUT = 120.0


class Player:
    def __init__(self, number: int) -> None:
        self.number = number
        self.screen = pyte.Screen(COLUMNS, ROWS)
        self.stream = pyte.ByteStream(self.screen)
        self.changed = asyncio.Event()
        self.latencies: list[float] = []
        self.lost = False
        self.ready = False
        self.answered = 0.0

    def text(self) -> str:
        return "\n".join(self.screen.display)

    async def read(self, process: asyncssh.SSHClientProcess[bytes]) -> None:
        with contextlib.suppress(OSError, asyncssh.Error):
            while data := await process.stdout.read(65536):
                self.answered = time.perf_counter()
                if not self.ready:  # the screen is parsed only to see the game is up
                    self.stream.feed(data)
                self.changed.set()

    async def until(self, check: object, timeout: float = TIMEOUT) -> None:
        deadline = time.monotonic() + timeout
        while not check(self.text()):  # type: ignore[operator]
            self.changed.clear()
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(self.text())
            await asyncio.wait_for(self.changed.wait(), left)

    async def play(self, port: int, game: str | None, presses: int, start: asyncio.Event) -> None:
        key = asyncssh.generate_private_key("ssh-ed25519")
        try:
            async with asyncssh.connect(
                "127.0.0.1",
                port,
                username=f"p{self.number}",
                client_keys=[key],
                known_hosts=None,
                agent_path=None,
            ) as conn:
                process = await conn.create_process(
                    game, term_type="xterm-256color", term_size=(COLUMNS, ROWS), encoding=None
                )
                reader = asyncio.ensure_future(self.read(process))
                ready = "Choices" if game else "New game"
                await self.until(lambda t: ready in t)
                self.ready = True
                await start.wait()
                pace = random.Random(self.number)
                for _ in range(presses):
                    # People press keys about once a second, not in lockstep.
                    await asyncio.sleep(pace.uniform(0.5, 1.5))
                    menu_key = b"s" if len(self.latencies) % 2 == 0 else b"\x1b"
                    keystroke = b"1" if game else menu_key
                    began = time.perf_counter()
                    process.stdin.write(keystroke)
                    # Keystroke to screen: until the first bytes of the repaint arrive.
                    while self.answered < began:
                        self.changed.clear()
                        await asyncio.wait_for(self.changed.wait(), 30)
                    self.latencies.append(self.answered - began)
                reader.cancel()
                conn.abort()
        except (OSError, asyncssh.Error, TimeoutError):
            self.lost = True


def game_pids(data: str) -> list[int]:
    found = []
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            with contextlib.suppress(OSError):
                args = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
                joined = b" ".join(args)
                if b"ringbearer_tui" in joined and data.encode() in joined and b"serve" not in args:
                    found.append(int(pid))
    return found


def peak_rss_mib(pids: list[int]) -> list[float]:
    sizes = []
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmHWM:"):
                    sizes.append(int(line.split()[1]) / 1024)
        except OSError:
            continue
    return sizes


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_server(data_dir: str, port: int, sessions: int) -> subprocess.Popen[bytes]:
    """``ringbearer serve`` in its own process, as it runs for real, with room for ``sessions``
    connections; returns once it listens."""
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "ringbearer_tui",
            "--data-dir",
            data_dir,
            "serve",
            "--port",
            str(port),
            "--max-sessions",
            str(sessions + 5),
            "--connections-per-minute",
            str(sessions + 5),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    assert server.stdout is not None
    server.stdout.readline()  # "listening on ..."
    return server


async def main(sessions: int, presses: int) -> None:
    game = "mount-doom" if "mount-doom" in [g.id for g in rb.list_games()] else None
    with tempfile.TemporaryDirectory() as data:
        port = free_port()
        # The server runs in its own process, as it would for real; the clients here only
        # time the answers, they do not emulate terminals while measuring.
        server = start_server(data, port, sessions)
        players = [Player(n) for n in range(sessions)]
        start = asyncio.Event()
        began = time.perf_counter()
        tasks = [asyncio.ensure_future(p.play(port, game, presses, start)) for p in players]
        # Keys are pressed only once every game has drawn its first screen: starting games
        # is measured by the app's cold-start benchmark, not here.
        while time.perf_counter() - began < TIMEOUT:
            if all(p.ready or p.lost for p in players):
                break
            await asyncio.sleep(0.2)
        up = time.perf_counter() - began
        await asyncio.sleep(2)
        start.set()
        await asyncio.sleep(presses * 1.2)
        rss = peak_rss_mib(game_pids(data))
        await asyncio.gather(*tasks)
        server.terminate()
        server.wait(30)
    latencies = [s * 1000 for p in players for s in p.latencies]
    lost = sum(p.lost for p in players)
    what = "a game of Mount Doom, key 1" if game else "the menu, keys s and escape"
    print("keystroke to screen: until the first bytes of the repaint reach the client")
    load = os.getloadavg()[0]
    print(
        f"{sessions} concurrent sessions over SSH ({what}); all drawn in {up:.1f} s; "
        f"load average {load:.1f} at the end"
    )
    if latencies:
        print(
            f"keystroke to screen: p50 {percentile(latencies, 0.5):.0f} ms, "
            f"p95 {percentile(latencies, 0.95):.0f} ms ({len(latencies)} keystrokes)"
        )
    if rss:
        print(
            f"peak RSS per game process: median {statistics.median(rss):.0f} MiB, "
            f"max {max(rss):.0f} MiB"
        )
    print(f"sessions lost: {lost}")


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    keys = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    asyncio.run(main(count, keys))
