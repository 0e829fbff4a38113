"""Benchmark: reviewing a whole game with ``rb.analyse`` at the strength of the app's hints.

Plays a game with the heuristic bot on every seat, then analyses it with the game's one
advisor, the hint's (Mount Doom: 400 futures per decision, the Adventure Game: 128 deals of
its seat search, the Book: its own advisor at 120), on one process, and prints
the median CPU and wall seconds per game over several games, with the machine noted. Bars
from issue 44: a whole Mount Doom or Adventure Game game under 10 s of CPU, a Book chapter
under 10 s.
It asserts nothing about time.

    .venv/bin/python benchmarks/analysis.py                   # 3 games of each
    .venv/bin/python benchmarks/analysis.py --games 1 --only mount-doom
"""

from __future__ import annotations

import argparse
import statistics
import time

from machine import describe_machine

import ringbearer_engine as rb
from ringbearer_engine.analysis import default_advisor
from ringbearer_engine.analysis.advisors import advisor_name
from ringbearer_engine.bots import make_bot

CASES = {
    "mount-doom": ("Mount Doom, 2 players, a whole game", {}),
    "adventure-game": ("Adventure Game, 2 players, a whole game", {}),
    "adventure-book": ("Adventure Book, 2 players, chapter 1", {"chapter": 1}),
}


def played(game_id: str, options: dict[str, object], seed: int) -> rb.Match:
    match = rb.Match.new(game_id, ["Ann", "Bo"], seed=seed, options=options)
    bots = [make_bot(match.game, "heuristic", rb.derive_seed(seed, n)) for n in range(2)]
    while (seat := match.to_move) is not None:
        match.play(bots[seat].choose(match.game, match.game.clone(match.state)))
    return match


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--only", choices=sorted(CASES))
    args = parser.parse_args()
    print(f"machine: {describe_machine()}; one process")
    for game_id, (title, options) in CASES.items():
        if args.only and game_id != args.only:
            continue
        cpu, wall, steps = [], [], []
        for seed in range(1, args.games + 1):
            match = played(game_id, options, seed)
            began, began_cpu = time.perf_counter(), time.process_time()
            analysis = rb.analyse(match)
            cpu.append(time.process_time() - began_cpu)
            wall.append(time.perf_counter() - began)
            steps.append(len(analysis.steps))
        advisor = advisor_name(default_advisor(game_id))
        print(
            f"{title} (advisor {advisor}): median {statistics.median(cpu):.1f} s CPU, "
            f"{statistics.median(wall):.1f} s wall per game over {args.games} games "
            f"(median {statistics.median(steps):.0f} steps; CPU per game: "
            f"{', '.join(f'{c:.1f}' for c in cpu)})",
            flush=True,
        )


if __name__ == "__main__":
    main()
