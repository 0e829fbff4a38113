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
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import asyncssh
import pyte
from harness import percentile

import ringbearer_engine as rb
from ringbearer_tui.server.config import ServeConfig
from ringbearer_tui.server.core import GameServer

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

    def text(self) -> str:
        return "\n".join(self.screen.display)

    async def read(self, process: asyncssh.SSHClientProcess[bytes]) -> None:
        with contextlib.suppress(OSError, asyncssh.Error):
            while data := await process.stdout.read(65536):
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
                await start.wait()
                pace = random.Random(self.number)
                for _ in range(presses):
                    # People press keys about once a second, not in lockstep.
                    await asyncio.sleep(pace.uniform(0.5, 1.5))
                    if game:
                        before = self.text()
                        began = time.perf_counter()
                        process.stdin.write(b"1")
                        await self.until(lambda t, b=before: t != b, 30)
                    else:
                        began = time.perf_counter()
                        process.stdin.write(b"s")
                        await self.until(lambda t: "Default name" in t, 30)
                        self.latencies.append(time.perf_counter() - began)
                        await asyncio.sleep(pace.uniform(0.5, 1.5))
                        began = time.perf_counter()
                        process.stdin.write(b"\x1b")
                        await self.until(lambda t: "New game" in t, 30)
                    self.latencies.append(time.perf_counter() - began)
                reader.cancel()
                conn.abort()
        except (OSError, asyncssh.Error, TimeoutError):
            self.lost = True


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


async def main(sessions: int, presses: int) -> None:
    game = "mount-doom" if "mount-doom" in [g.id for g in rb.list_games()] else None
    with tempfile.TemporaryDirectory() as data:
        config = ServeConfig(
            host="127.0.0.1",
            port=0,
            data_dir=Path(data),
            max_sessions=sessions + 5,
            connections_per_minute=sessions + 5,
        )
        server = GameServer(config, asyncssh.generate_private_key("ssh-ed25519"))
        await server.start()
        players = [Player(n) for n in range(sessions)]
        start = asyncio.Event()
        began = time.perf_counter()
        tasks = [asyncio.ensure_future(p.play(server.port, game, presses, start)) for p in players]
        while len(server.live) < sessions and time.perf_counter() - began < TIMEOUT:
            await asyncio.sleep(0.2)
            if all(t.done() for t in tasks):
                break
        await asyncio.sleep(3)  # let every session draw its first screen
        up = time.perf_counter() - began
        rss = peak_rss_mib([game_.child.pid for game_ in server.live.values()])
        start.set()
        await asyncio.gather(*tasks)
        rss = max(rss, peak_rss_mib([g.child.pid for g in server.live.values()]), key=len)
        await server.close()
    latencies = [s * 1000 for p in players for s in p.latencies]
    lost = sum(p.lost for p in players)
    what = "a game of Mount Doom, key 1" if game else "the menu, keys s and escape"
    print(f"{sessions} concurrent sessions over SSH ({what}); all up in {up:.1f} s")
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
