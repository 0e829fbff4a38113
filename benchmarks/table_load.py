"""Shared tables under load: TABLES tables of three people, each with a spectator.

Opens TABLES three-player Adventure Game tables in a fresh data folder (as a server restores
them), starts ``ringbearer serve`` as its own process, and connects three players per table
(``join NAME``) and one spectator (``watch NAME``), each its own account, key and game
process. At each table the player to move presses the first choice about once a second;
for every move it times how long until each of the table's other screens (the two other
players' and the spectator's) receives its repaint. Reports that latency's p50/p95, the
peak resident memory of the game processes and of the server, the CPU time each part used
while playing, and moves and sessions lost. The clients (SSH and a terminal emulator per
screen) run at a lower priority than the server, as people's terminals would run elsewhere.

    PYTHONPATH=benchmarks python benchmarks/table_load.py [TABLES] [MOVES]
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import asyncssh
import pyte
from harness import percentile
from ssh_load import free_port, game_pids, peak_rss_mib, start_server

from ringbearer_tui.server.tables import TableService
from ringbearer_tui.tables.protocol import SeatPlan

COLUMNS, ROWS = 100, 30
TIMEOUT = 300.0
ANSWER_TIMEOUT = 5.0
FIRST_CHOICE = "│1 "
"""A screen with this has choices: its player is to move."""


class Seat:
    """One SSH session at a table; players' screens are parsed (to see whose turn it is),
    spectators' only timed."""

    def __init__(self, account: str, command: str, parse: bool) -> None:
        self.account = account
        self.command = command
        self.parse = parse
        self.screen = pyte.Screen(COLUMNS, ROWS)
        self.stream = pyte.ByteStream(self.screen)
        self.answered = 0.0
        self.changed = asyncio.Event()
        self.ready = False
        self.lost = False
        self.process: asyncssh.SSHClientProcess[bytes] | None = None
        self.connection: asyncssh.SSHClientConnection | None = None
        self.reader: asyncio.Future[None] | None = None

    def text(self) -> str:
        return "\n".join(self.screen.display)

    async def connect(self, port: int) -> None:
        try:
            self.connection = await asyncssh.connect(
                "127.0.0.1",
                port,
                username=self.account,
                client_keys=[asyncssh.generate_private_key("ssh-ed25519")],
                known_hosts=None,
                agent_path=None,
            )
            self.process = await self.connection.create_process(
                self.command,
                term_type="xterm-256color",
                term_size=(COLUMNS, ROWS),
                encoding=None,
            )
        except (OSError, asyncssh.Error):
            self.lost = True
            return
        self.reader = asyncio.ensure_future(self._read(self.process))

    async def _read(self, process: asyncssh.SSHClientProcess[bytes]) -> None:
        with contextlib.suppress(OSError, asyncssh.Error):
            while data := await process.stdout.read(65536):
                self.answered = time.perf_counter()
                if self.parse or not self.ready:
                    self.stream.feed(data)
                self.changed.set()
        self.lost = True

    async def until(self, check: object, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while not check(self.text()):  # type: ignore[operator]
            self.changed.clear()
            left = deadline - time.monotonic()
            if left <= 0 or self.lost:
                return False
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), left)
        return True

    def close(self) -> None:
        if self.connection is not None:
            self.connection.abort()


class Table:
    def __init__(self, number: int, name: str) -> None:
        self.name = name
        self.players = [Seat(f"t{number}p{n}", f"join {name}", True) for n in range(3)]
        self.spectator = Seat(f"t{number}w", f"watch {name}", False)
        self.latencies: list[float] = []
        self.lost_moves = 0

    @property
    def seats(self) -> list[Seat]:
        return [*self.players, self.spectator]

    async def play(self, moves: int, pace: random.Random) -> None:
        for _ in range(moves):
            await asyncio.sleep(pace.uniform(0.5, 1.5))  # people, not in lockstep
            mover = await self._mover()
            if mover is None:
                self.lost_moves += 1
                continue
            others = [seat for seat in self.seats if seat is not mover]
            began = time.perf_counter()
            assert mover.process is not None
            mover.process.stdin.write(b"1")
            answers = await asyncio.gather(*(self._answer(seat, began) for seat in others))
            if any(answer is None for answer in answers):
                self.lost_moves += 1
            self.latencies += [answer for answer in answers if answer is not None]
            # The mover's own screen must be up to date before it is read again.
            await asyncio.sleep(0.1)

    async def _mover(self) -> Seat | None:
        deadline = time.monotonic() + ANSWER_TIMEOUT
        while time.monotonic() < deadline:
            for seat in self.players:
                if FIRST_CHOICE in seat.text():
                    return seat
            await asyncio.sleep(0.05)
        return None

    @staticmethod
    async def _answer(seat: Seat, began: float) -> float | None:
        deadline = time.monotonic() + ANSWER_TIMEOUT
        while seat.answered < began:
            seat.changed.clear()
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(seat.changed.wait(), left)
        return seat.answered - began


def open_tables(data: Path, count: int) -> list[str]:
    """Tables as a server would restore them: the first seat held, the others open."""
    service = TableService(data, lambda name: None)
    names = []
    for number in range(count):
        plans = [SeatPlan(name) for name in ("Ann", "Bo", "Cy")]
        table = service.open(
            f"t{number}p0",
            "adventure-game",
            plans,
            seed=number,
            open_to_all=True,  # the benchmark's players are strangers to each other
            spectators=True,
        )
        names.append(table.name)
    service.database.close()
    return names


def cpu_seconds(pid: int) -> float:
    """User and system CPU time a process has used so far."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def server_rss_mib(pid: int) -> float:
    return next(iter(peak_rss_mib([pid])), 0.0)


async def main(count: int, moves: int) -> None:
    with tempfile.TemporaryDirectory(prefix="rb-") as folder:
        data = Path(folder) / "server"
        tables = [Table(n, name) for n, name in enumerate(open_tables(data, count))]
        sessions = 4 * count
        port = free_port()
        server = start_server(folder, port, sessions)
        # The eighty clients stand in for people on other machines, yet share the server's
        # two cores here, and reading eighty screens is much of the run's CPU. They yield
        # to the server (which started at the usual priority, as did its games): that only
        # delays their own reading of each answer, so the latencies err on the slow side.
        os.nice(10)
        began = time.perf_counter()
        # Players in seat order, so each table's seats fill as numbered.
        for seat_number in range(3):
            await asyncio.gather(*(t.players[seat_number].connect(port) for t in tables))
            await asyncio.gather(
                *(t.players[seat_number].until(lambda s: "Table " in s, TIMEOUT) for t in tables)
            )
        await asyncio.gather(*(t.spectator.connect(port) for t in tables))
        watching = [t.spectator.until(lambda s: "Watching" in s, TIMEOUT) for t in tables]
        await asyncio.gather(*watching)
        for table in tables:
            for seat in table.seats:
                seat.ready = True
        up = time.perf_counter() - began
        seated_cpu = sum(cpu_seconds(pid) for pid in game_pids(str(data)))
        seated_own = os.times()
        await asyncio.sleep(2)
        await asyncio.gather(*(t.play(moves, random.Random(n)) for n, t in enumerate(tables)))
        rss = peak_rss_mib(game_pids(str(data)))
        games_cpu = sum(cpu_seconds(pid) for pid in game_pids(str(data))) - seated_cpu
        server_cpu = cpu_seconds(server.pid)
        own = os.times()
        played = time.perf_counter() - began - up
        moved = sum(len(t.latencies) // 3 for t in tables)
        server_rss = server_rss_mib(server.pid)
        lost_sessions = sum(seat.lost for t in tables for seat in t.seats)
        for table in tables:
            for seat in table.seats:
                seat.close()
        server.terminate()
        server.wait(60)
    latencies = [s * 1000 for t in tables for s in t.latencies]
    print("move to other screens: from the mover's key to the first bytes of each other")
    print("screen's repaint (two players and a spectator per move)")
    print(
        f"{count} tables x 3 players + {count} spectators = {sessions} sessions over SSH; "
        f"all seated in {up:.1f} s; load average {os.getloadavg()[0]:.1f} at the end"
    )
    if latencies:
        print(
            f"move to other screens: p50 {percentile(latencies, 0.5):.0f} ms, "
            f"p95 {percentile(latencies, 0.95):.0f} ms ({len(latencies)} screens)"
        )
    if rss:
        print(
            f"peak RSS per game process: median {statistics.median(rss):.0f} MiB, "
            f"max {max(rss):.0f} MiB; server {server_rss:.0f} MiB"
        )
    print(
        f"CPU while playing ({played:.0f} s, {moved} moves): game processes {games_cpu:.1f} s "
        f"({1000 * games_cpu / max(1, moved):.0f} ms a move for its four screens); over the "
        f"whole run, server {server_cpu:.1f} s; this benchmark's clients while playing "
        f"{own.user + own.system - seated_own.user - seated_own.system:.1f} s"
    )
    print(f"moves lost: {sum(t.lost_moves for t in tables)}; sessions lost: {lost_sessions}")


if __name__ == "__main__":
    tables_wanted = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    moves_wanted = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    asyncio.run(main(tables_wanted, moves_wanted))
