"""Many players at once over SSH on loopback.

Starts ``ringbearer serve`` as its own process on 127.0.0.1, connects SESSIONS clients (each
its own account and key), has each open a game of Adventure to Mount Doom (or the menu if
that game is not installed) and, once every game is up, press PRESSES keys, one a second.
The keys are spread evenly: client n presses at n/SESSIONS of each second, so the server
gets a steady SESSIONS keys a second rather than bursts. Every client holds its connection
until all have pressed all their keys, so no hang-up (a save and an exit) lands among the
measured keys.

It reports:

- keystroke to screen (the key until the first bytes of the repaint reach the client):
  p50, p95 and p99;
- CPU per keypress in the game processes (user + system from /proc/PID/stat over all the
  keys, divided by the keys) and in the server;
- start-up CPU per session (each game process's CPU when its first screen is drawn) and
  the CPU of a hang-up (a save and an exit);
- memory per game process: RSS, PSS and USS (/proc/PID/smaps_rollup);
- the load average, and how many sessions were lost.

    python benchmarks/ssh_load.py [SESSIONS] [PRESSES] [--menu] [--no-zygote]

(100 sessions and 20 keys by default; ``--menu``: the main menu, keys s and escape, instead
of Mount Doom; ``--no-zygote`` is passed to ``ringbearer serve``.)
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import re
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
from proc_stats import children_of, cpu_seconds, memory_mib

import ringbearer_engine as rb

COLUMNS, ROWS = 100, 30
TIMEOUT = 180.0
INTERVAL = 1.0
"""Seconds between one client's keys."""


class Player:
    def __init__(self, number: int, sessions: int) -> None:
        self.number = number
        self.phase = number / sessions * INTERVAL
        self.username = f"p{number}"
        self.screen = pyte.Screen(COLUMNS, ROWS)
        self.stream = pyte.ByteStream(self.screen)
        self.changed = asyncio.Event()
        self.latencies: list[float] = []
        self.lost = False
        self.ready = False
        self.finished = False
        self.answered = 0.0
        self.pid = 0
        self.start_cpu: float | None = None

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

    async def play(
        self,
        port: int,
        game: str | None,
        presses: int,
        start: asyncio.Event,
        schedule: list[float],
        hang_up: asyncio.Event,
        pids: dict[str, int],
    ) -> None:
        key = asyncssh.generate_private_key("ssh-ed25519")
        try:
            async with asyncssh.connect(
                "127.0.0.1",
                port,
                username=self.username,
                client_keys=[key],
                known_hosts=None,
                agent_path=None,
                login_timeout=TIMEOUT,
            ) as conn:
                process = await conn.create_process(
                    game, term_type="xterm-256color", term_size=(COLUMNS, ROWS), encoding=None
                )
                reader = asyncio.ensure_future(self.read(process))
                ready = "Choices" if game else "New game"
                await self.until(lambda t: ready in t)
                for _ in range(40):  # the server's log line may not have been read yet
                    if self.username in pids:
                        break
                    await asyncio.sleep(0.05)
                self.pid = pids.get(self.username, 0)
                # The start-up's CPU: the game is drawn; the rest of its first repaint, if
                # any, is a few milliseconds.
                self.start_cpu = cpu_seconds(self.pid) if self.pid else None
                self.ready = True
                await start.wait()
                for number in range(presses):
                    # Even spreading: client n presses at n/SESSIONS of every second.
                    delay = schedule[0] + self.phase + number * INTERVAL - time.perf_counter()
                    if delay > 0:
                        await asyncio.sleep(delay)
                    menu_key = b"s" if number % 2 == 0 else b"\x1b"
                    keystroke = b"1" if game else menu_key
                    began = time.perf_counter()
                    process.stdin.write(keystroke)
                    # Keystroke to screen: until the first bytes of the repaint arrive.
                    while self.answered < began:
                        self.changed.clear()
                        await asyncio.wait_for(self.changed.wait(), 30)
                    self.latencies.append(self.answered - began)
                self.finished = True
                await hang_up.wait()  # held until every client is done
                reader.cancel()
                conn.abort()
        except (OSError, asyncssh.Error, TimeoutError):
            self.lost = True
            self.finished = True


def game_pids(data: str) -> list[int]:
    """The game processes of the server whose data folder is ``data``: every game runs in
    its account's folder under it, however it was started (spawned, or forked by the
    server's zygote)."""
    found = []
    root = os.path.realpath(data) + os.sep
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            with contextlib.suppress(OSError):
                if os.readlink(f"/proc/{pid}/cwd").startswith(root):
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


def start_server(
    data_dir: str, port: int, sessions: int, extra: list[str] | None = None
) -> subprocess.Popen[bytes]:
    """``ringbearer serve`` in its own process, as it runs for real, with room for ``sessions``
    connections; returns once it listens. Its log goes to ``DATA_DIR/serve.log``."""
    log = open(Path(data_dir) / "serve.log", "wb")  # noqa: SIM115 (the server holds it)
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
            "--max-unauthenticated",
            str(sessions + 5),
            "--max-unauthenticated-per-address",
            str(sessions + 5),
            # Each client registers its own new name as it logs in.
            "--registration",
            "open",
            *(extra or []),
        ],
        stdout=subprocess.PIPE,
        stderr=log,
    )
    log.close()
    assert server.stdout is not None
    server.stdout.readline()  # "listening on ..."
    return server


class SessionPids:
    """Each account's game pid, as the server logs it when a session starts."""

    PATTERN = re.compile(rb"session account=(\S+) .*?pid=(\d+)")

    def __init__(self, log: Path) -> None:
        self.log = log
        self.pids: dict[str, int] = {}
        self.offset = 0

    async def follow(self) -> None:
        while True:
            with contextlib.suppress(OSError), self.log.open("rb") as handle:
                handle.seek(self.offset)
                chunk = handle.read()
                end = chunk.rfind(b"\n") + 1
                self.offset += end
                for match in self.PATTERN.finditer(chunk[:end]):
                    self.pids[match[1].decode()] = int(match[2])
            await asyncio.sleep(0.05)


def reaped_cpu(pids: list[int]) -> float:
    """CPU of the ended children these processes have waited for (cutime + cstime)."""
    total = 0.0
    for pid in pids:
        with contextlib.suppress(OSError):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[13]) + int(fields[14])) / os.sysconf("SC_CLK_TCK")
    return total


def ms(values: list[float]) -> str:
    return (
        f"p50 {percentile(values, 0.5):.0f} ms, p95 {percentile(values, 0.95):.0f} ms, "
        f"p99 {percentile(values, 0.99):.0f} ms"
    )


async def main(sessions: int, presses: int, extra: list[str], menu: bool) -> None:
    installed = "mount-doom" in [g.id for g in rb.list_games()]
    game = "mount-doom" if installed and not menu else None
    load_at_start = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as data:
        port = free_port()
        server = start_server(data, port, sessions, extra)
        # The clients stand in for people on other machines yet share the server's cores:
        # they yield to it (and to its games, started at the usual priority), which only
        # delays their reading of each answer, so latencies err on the slow side.
        os.nice(10)
        pids = SessionPids(Path(data) / "serve.log")
        following = asyncio.ensure_future(pids.follow())
        players = [Player(n, sessions) for n in range(sessions)]
        start, hang_up = asyncio.Event(), asyncio.Event()
        schedule = [0.0]
        """When the first second of keys begins, once every game is up."""
        began = time.perf_counter()
        tasks = []
        for player in players:
            # Logins a little apart, as people arrive, not all in the same millisecond.
            tasks.append(
                asyncio.ensure_future(
                    player.play(port, game, presses, start, schedule, hang_up, pids.pids)
                )
            )
            await asyncio.sleep(0.02)
        # Keys are pressed only once every game has drawn its first screen.
        while time.perf_counter() - began < TIMEOUT:
            if all(p.ready or p.lost for p in players):
                break
            await asyncio.sleep(0.2)
        up = time.perf_counter() - began
        await asyncio.sleep(2)
        reapers = [server.pid, *children_of(server.pid)]
        games = [p.pid for p in players if p.ready and p.pid]
        before = {pid: cpu_seconds(pid) for pid in games}
        server_before = cpu_seconds(server.pid) or 0.0
        reaped_before = reaped_cpu(reapers)
        load_before_keys = os.getloadavg()[0]
        schedule[0] = time.perf_counter() + 0.5
        start.set()
        while not all(p.finished for p in players):
            await asyncio.sleep(0.2)
        load_after_keys = os.getloadavg()[0]
        after = {pid: cpu_seconds(pid) for pid in games}
        server_cpu = (cpu_seconds(server.pid) or 0.0) - server_before
        memory = [m for m in (memory_mib(pid) for pid in games) if m is not None]
        helpers = {"server": memory_mib(server.pid)}
        for pid in children_of(server.pid):
            if pid not in games:  # the zygote, when there is one
                helpers["zygote"] = memory_mib(pid)
        last_cpu = sum(v for v in after.values() if v is not None)
        hang_up.set()
        await asyncio.gather(*tasks)
        # Every game saves and exits now; the server (or its zygote) waits for each.
        deadline = time.perf_counter() + 60
        while any(Path(f"/proc/{pid}").exists() and _alive(pid) for pid in games):
            if time.perf_counter() > deadline:
                break
            await asyncio.sleep(0.2)
        await asyncio.sleep(0.5)
        stopping_cpu = reaped_cpu(reapers) - reaped_before - last_cpu
        following.cancel()
        server.terminate()
        server.wait(60)
    latencies = [s * 1000 for p in players for s in p.latencies]
    lost = sum(p.lost for p in players)
    keys = sum(len(p.latencies) for p in players if p.pid in before)
    spent = [
        end - begin
        for pid in games
        if (begin := before.get(pid)) is not None and (end := after.get(pid)) is not None
    ]
    starts = [p.start_cpu for p in players if p.start_cpu is not None]
    what = "a game of Mount Doom, key 1" if game else "the menu, keys s and escape"
    print(
        f"{sessions} concurrent sessions over SSH ({what}), {presses} keys each, "
        f"{sessions / INTERVAL:.0f} keys a second spread evenly; all drawn in {up:.1f} s"
    )
    print(
        f"load average: {load_at_start:.1f} at start, {load_before_keys:.1f} before the keys, "
        f"{load_after_keys:.1f} after them"
    )
    if latencies:
        print(f"keystroke to screen: {ms(latencies)} ({len(latencies)} keystrokes)")
    if spent and keys:
        print(
            f"CPU per keypress: game processes {1000 * sum(spent) / keys:.1f} ms "
            f"(mean over {keys} keys); server {1000 * server_cpu / max(1, len(latencies)):.1f} ms"
        )
    if starts:
        print(
            f"start-up CPU per session (game process, to its first screen): median "
            f"{statistics.median(starts):.2f} s, max {max(starts):.2f} s"
        )
    if games:
        print(f"hang-up CPU per session (save and exit): {stopping_cpu / len(games):.2f} s")
    if memory:
        rss = [m[0] for m in memory]
        pss = [m[1] for m in memory]
        uss = [m[2] for m in memory]
        print(
            f"memory per game process: RSS median {statistics.median(rss):.1f} MiB "
            f"(max {max(rss):.1f}), PSS median {statistics.median(pss):.1f} MiB "
            f"(max {max(pss):.1f}), USS median {statistics.median(uss):.1f} MiB"
        )
    for name, sizes in helpers.items():
        if sizes is not None:
            print(f"{name}: RSS {sizes[0]:.1f} MiB, PSS {sizes[1]:.1f} MiB")
    print(f"sessions lost: {lost}")


def _alive(pid: int) -> bool:
    with contextlib.suppress(OSError):
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        return state != "Z"
    return False


def parse_arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Many players at once over SSH on loopback (see the module's docstring)."
    )
    parser.add_argument("sessions", nargs="?", type=int, default=100)
    parser.add_argument("presses", nargs="?", type=int, default=20, help="keys per session")
    parser.add_argument("--menu", action="store_true", help="the main menu, not Mount Doom")
    parser.add_argument("--no-zygote", action="store_true", help="passed to `ringbearer serve`")
    return parser.parse_args()


if __name__ == "__main__":
    arguments = parse_arguments()
    flags = ["--no-zygote"] if arguments.no_zygote else []
    asyncio.run(main(arguments.sessions, arguments.presses, flags, arguments.menu))
