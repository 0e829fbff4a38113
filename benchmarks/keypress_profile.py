"""What one game process costs: start-up CPU, CPU per keypress, memory; optionally where the
keypresses' CPU goes (cProfile).

Runs the app in a real PTY, as ``ringbearer serve`` does, and reads its screen through pyte.
Figures are the game process's own CPU time from /proc (user + system, every thread), which
other work on a shared machine does not inflate as it does wall time.

    python benchmarks/keypress_profile.py [--screen mount-doom|adventure-game|menu]...
        [--keys 30] [--runs 3] [--size 100x30] [--idle 10] [--profile] [--top 30]

- start-up CPU: from exec until the first screen is drawn and quiet;
- CPU per keypress: the mean over a run's keys (each key, then until the screen has been
  quiet for 0.15 s), and the median of the runs;
- memory: RSS and PSS (/proc/PID/smaps_rollup) after the keys;
- idle CPU: what the game spends a second on its first screen with no key (``--idle``).

With ``--profile`` one more run of each screen is profiled from its first key to its last (the
start-up left out) and the functions taking the most time are printed.
"""

from __future__ import annotations

import argparse
import os
import pstats
import signal
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from harness import Terminal
from machine import describe_machine
from proc_stats import cpu_seconds, memory_mib

HERE = Path(__file__).parent


class Screen:
    """How to open a screen and which key to press next on it."""

    def __init__(
        self,
        args: list[str],
        ready: Callable[[str], bool],
        key: Callable[[str], bytes],
        done: Callable[[str], bool],
    ) -> None:
        self.args, self.ready, self.key, self.done = args, ready, key, done


SCREENS = {
    "mount-doom": Screen(
        ["new", "mount-doom", "--seats", "Ann", "--seed", "1"],
        lambda text: "Choices" in text,
        lambda text: b"1",
        lambda text: "Choices" not in text,
    ),
    # Two people at one keyboard: a choice, or enter on the hand-over screen.
    "adventure-game": Screen(
        ["new", "adventure-game", "--seats", "Ann,Bo", "--seed", "1"],
        lambda text: "Pass to" in text,
        lambda text: b"\r" if "Pass to" in text else b"1",
        lambda text: False,
    ),
    "menu": Screen(
        [],
        lambda text: "New game" in text,
        lambda text: b"\x1b" if "Default name" in text else b"s",
        lambda text: False,
    ),
}


class Run:
    def __init__(
        self, start_cpu: float, per_key: float, keys: int, rss: float, pss: float, uss: float
    ) -> None:
        self.start_cpu, self.per_key, self.keys = start_cpu, per_key, keys
        self.rss, self.pss, self.uss = rss, pss, uss


def idle_cpu(screen: Screen, seconds: float, size: tuple[int, int]) -> float:
    """CPU seconds a second that the game spends on its first screen with no key pressed."""
    with tempfile.TemporaryDirectory() as data:
        terminal = Terminal(["--data-dir", data, *screen.args], *size)
        terminal.wait_for(screen.ready)
        terminal.settle(0.3)
        before = cpu_seconds(terminal.child.pid) or 0.0
        began = time.perf_counter()
        while time.perf_counter() - began < seconds:
            terminal.pump(0.2)
        spent = (cpu_seconds(terminal.child.pid) or before) - before
        terminal.close()
    return spent / seconds


def one_run(screen: Screen, keys: int, size: tuple[int, int], profile: Path | None) -> Run:
    with tempfile.TemporaryDirectory() as data:
        command = (
            (sys.executable, str(HERE / "profiled_app.py"), str(profile))
            if profile
            else (sys.executable, "-m", "ringbearer_tui")
        )
        terminal = Terminal(["--data-dir", data, *screen.args], *size, command=command)
        pid = terminal.child.pid
        terminal.wait_for(screen.ready)
        terminal.settle(0.3)
        start_cpu = cpu_seconds(pid) or 0.0
        if profile:
            os.kill(pid, signal.SIGUSR1)
        pressed = 0
        for _ in range(keys):
            text = terminal.text()
            if screen.done(text):
                break
            terminal.press(screen.key(text))
            terminal.wait_for(text.__ne__)
            terminal.settle(0.15)
            pressed += 1
        spent = (cpu_seconds(pid) or start_cpu) - start_cpu
        memory = memory_mib(pid) or (0.0, 0.0, 0.0)
        if profile:
            os.kill(pid, signal.SIGUSR2)
            time.sleep(0.5)
        terminal.close()
    return Run(start_cpu, spent / max(pressed, 1), pressed, *memory)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--screen", action="append", choices=sorted(SCREENS))
    parser.add_argument("--keys", type=int, default=30)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--size", default="100x30")
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument(
        "--idle", type=float, default=10.0, help="seconds to sit on each screen without a key"
    )
    args = parser.parse_args()
    columns, rows = (int(n) for n in args.size.split("x"))
    print(f"machine: {describe_machine()}")
    for name in args.screen or ["mount-doom", "adventure-game"]:
        screen = SCREENS[name]
        with tempfile.TemporaryDirectory() as scratch:
            out = Path(scratch) / "keys.prof"
            runs = [one_run(screen, args.keys, (columns, rows), None) for _ in range(args.runs)]
            print(
                f"{name} at {columns}x{rows}: CPU per keypress median "
                f"{statistics.median(r.per_key for r in runs) * 1000:.1f} ms "
                f"(runs: {', '.join(f'{r.per_key * 1000:.1f}' for r in runs)} ms; "
                f"{runs[-1].keys} keys a run); start-up CPU median "
                f"{statistics.median(r.start_cpu for r in runs):.2f} s; "
                f"RSS {statistics.median(r.rss for r in runs):.1f} MiB, "
                f"PSS {statistics.median(r.pss for r in runs):.1f} MiB (alone: no other process "
                "shares its pages)"
            )
            if args.idle > 0:
                idle = idle_cpu(screen, args.idle, (columns, rows))
                print(f"{name}: idle CPU {idle * 1000:.1f} ms a second ({args.idle:g} s, no key)")
            if args.profile:
                # A run of its own: the profiler's overhead stays out of the figures above.
                one_run(screen, args.keys, (columns, rows), out)
                stats = pstats.Stats(str(out))
                stats.sort_stats("tottime").print_stats(args.top)
                stats.sort_stats("cumulative").print_stats(args.top)


if __name__ == "__main__":
    main()
