"""Benchmark: how soon the Review screen shows its first marked step (issue 44's bar: within
2 s of opening it).

For each game, plays a seeded game that takes the hint's advice except at every fourth
decision, where it takes the hint's last choice (as ``hint_review_agreement.py`` does), then
opens the Review on it in the app under Textual's Pilot at 80x24 and waits until the status
line counts a mark ("So far: …"), or the analysis ends. Twice: from a save (no hint worked
out in the process, as when a saved game is reviewed) and right after the game (the hints
the game was played by are remembered, as in the app after a game played with hints).
Prints the wall and CPU seconds from pushing the screen to the mark on screen, the median
over the seeds, with the machine noted. It asserts nothing about time.

    .venv/bin/python benchmarks/review_first_mark.py                 # 3 seeds of each
    .venv/bin/python benchmarks/review_first_mark.py --games 1 --only mount-doom
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import tempfile
import time

from hint_review_agreement import CASES, played
from machine import describe_machine

from ringbearer_engine.advice import forget_advice

SIZE = (80, 24)
LIMIT = 120.0
"""Seconds to wait for a mark before giving up on a game."""


async def first_mark(match: object) -> tuple[float, float] | None:
    """Wall and CPU seconds from opening the Review on ``match`` to a mark on its status line
    (``None``: the analysis ended, or the limit passed, with none)."""
    from textual.widgets import Static

    from ringbearer_tui.app import RingbearerApp
    from ringbearer_tui.paths import resolve_paths
    from ringbearer_tui.screens.review import ReviewScreen

    app = RingbearerApp(resolve_paths())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = ReviewScreen(match)  # type: ignore[arg-type]
        began, began_cpu = time.perf_counter(), time.process_time()
        await app.push_screen(screen)
        while time.perf_counter() - began < LIMIT:
            await asyncio.sleep(0.01)
            status = str(screen.query_one("#status", Static).render())
            if "So far:" in status or "Marked:" in status:
                return time.perf_counter() - began, time.process_time() - began_cpu
            if screen.analysis is not None and screen.analysis.complete:
                return None
        return None


def _summary(times: list[tuple[float, float]], games: int) -> str:
    if not times:
        return f"no mark in {games} games"
    wall = statistics.median(t[0] for t in times)
    cpu = statistics.median(t[1] for t in times)
    return f"median {wall:.1f} s wall, {cpu:.1f} s CPU ({len(times)} of {games} games marked)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--only", choices=sorted(CASES))
    parser.add_argument("--first", type=int, default=101, help="the first seed")
    args = parser.parse_args()
    print(f"machine: {describe_machine()}; the app under Pilot at {SIZE[0]}x{SIZE[1]}")
    with tempfile.TemporaryDirectory() as data:
        os.environ["RINGBEARER_DATA_DIR"] = data
        for game_id, (title, options) in CASES.items():
            if args.only and game_id != args.only:
                continue
            saved: list[tuple[float, float]] = []
            after_hints: list[tuple[float, float]] = []
            for seed in range(args.first, args.first + args.games):
                match, _ = played(game_id, options, seed, stray=True)
                found = asyncio.run(first_mark(match))  # the hints played by: remembered
                if found is not None:
                    after_hints.append(found)
                forget_advice()
                found = asyncio.run(first_mark(match))
                if found is not None:
                    saved.append(found)
            print(
                f"{title}, straying at every 4th decision: the first mark on screen, from a "
                f"save {_summary(saved, args.games)}; right after the game "
                f"{_summary(after_hints, args.games)}",
                flush=True,
            )


if __name__ == "__main__":
    main()
