"""Benchmark: ``Match.clone()`` against ``Match.load(match.save())`` (issue 45).

    .venv/bin/python benchmarks/clone.py              # a few seconds
    .venv/bin/python benchmarks/clone.py --rounds 9

For a mid-game match of each game (random play, 60 steps from seed 1), times a clone, a
reseeded clone, a pickle round trip, and a save and verified load, alternating them in
rounds on the same match, and prints the medians and how many times faster than the save
and load each is. The issue asks for clone() to be at least 20 times faster. Nothing here
asserts a time.
"""

from __future__ import annotations

import argparse
import pickle
import statistics
import time
from collections.abc import Callable

from machine import describe_machine

from ringbearer_engine import Match

GAMES = ("mount-doom", "adventure-game", "adventure-book")


def mid_game(game_id: str, steps: int = 60) -> Match:
    match = Match.new(game_id, ["Ann", "Bo"], seed=1)
    for n in range(steps):
        actions = match.actions()
        if not actions:
            break
        match.play(actions[(n * 7919) % len(actions)])
    return match


def copies_of(match: Match) -> dict[str, Callable[[], object]]:
    return {
        "clone": match.clone,
        "reseed": lambda: match.clone(seed=7),
        "pickle": lambda: pickle.loads(pickle.dumps(match)),
        "load": lambda: Match.load(match.save()),
    }


def per_call(work: Callable[[], object], repeat: int) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        work()
    return (time.perf_counter() - start) / repeat


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    print(f"machine: {describe_machine()}")
    print(f"medians of {args.rounds} rounds, microseconds per copy")
    print(
        f"{'game':16} {'steps':>5} {'clone':>8} {'reseed':>8} {'pickle':>8} {'save+load':>10} "
        f"{'load/clone':>10}"
    )
    for game_id in GAMES:
        match = mid_game(game_id)
        kinds = copies_of(match)
        times: dict[str, list[float]] = {kind: [] for kind in kinds}
        for _ in range(args.rounds):
            for kind, work in kinds.items():
                times[kind].append(per_call(work, 20 if kind == "load" else 400))
        medians = {kind: statistics.median(values) * 1e6 for kind, values in times.items()}
        print(
            f"{game_id:16} {len(match.log):>5} {medians['clone']:>8.1f} {medians['reseed']:>8.1f} "
            f"{medians['pickle']:>8.1f} {medians['load']:>10.1f} "
            f"{medians['load'] / medians['clone']:>9.0f}x"
        )


if __name__ == "__main__":
    main()
