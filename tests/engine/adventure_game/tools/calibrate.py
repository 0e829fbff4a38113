"""Calibration and round-robin figures for the Adventure Game (not a test; run by hand).

    .venv/bin/python tests/engine/adventure_game/tools/calibrate.py length --games 2000
    .venv/bin/python tests/engine/adventure_game/tools/calibrate.py roundrobin --games 1000

``length`` plays heuristic-only games for 2, 3 and 4 players and reports game length (turns,
and minutes at the assumed seconds per turn), how games end, and the first player's win rate
with a 95% Wilson interval. ``roundrobin`` plays two-seat games for each pairing of bots,
each bot taking the first seat in half of them (``hint`` plays the app's hint, the game's
advisor). Both use every core given by ``--workers``.
"""

from __future__ import annotations

import argparse
import itertools
import multiprocessing
import statistics
import sys
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TextIO

from ringbearer_engine import Action, Chance, Game, GameState, NoOptions, derive_seed, make_bot
from ringbearer_engine.bots import Bot, play_out
from ringbearer_engine.games.adventure_game.game import GAME
from ringbearer_engine.stats import wilson_interval

SECONDS_PER_TURN = 20
"""Assumed table time of one turn (one option, its card or roll, and the town swaps)."""


Task = tuple[tuple[str, ...], int, int]
Result = tuple[int, int, int, str, int]


class HintBot:
    """Plays what the app's hint advises (the game's advisor), seeded afresh at every decision
    as the hint is by the step's index."""

    name = "hint"

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.decisions = 0

    def choose(self, game: Game[Any], state: GameState) -> Action:
        self.decisions += 1
        return game.advisor(derive_seed(self.seed, self.decisions)).rank(game, state)[0].action


def _bot(name: str, seed: int) -> Bot:
    return HintBot(seed) if name == "hint" else make_bot(GAME, name, seed)


def play(task: Task) -> Result:
    """One game: (winner or -1, first seat, turns, reason, steps)."""
    bots, seed, index = task
    game_seed = derive_seed(seed, index)
    names = tuple(f"Seat {n + 1}" for n in range(len(bots)))
    state = GAME.setup(names, NoOptions(), Chance.seeded(game_seed))
    seats = [_bot(name, derive_seed(game_seed, 1000 + n)) for n, name in enumerate(bots)]
    steps = play_out(GAME, state, seats)
    return state.winner, state.first, state.turns, state.ended, steps


def run(tasks: list[Task], workers: int, log: TextIO | None = None) -> list[Result]:
    """Every task's result, in order; with ``log``, one line per game as it ends (bots,
    game index, winner or -1), so a run stopped early still counts."""
    results: Iterator[Result]
    if workers <= 1:
        results = (play(t) for t in tasks)
        pool = None
    else:
        pool = multiprocessing.get_context("fork").Pool(workers)
        results = pool.imap(play, tasks, chunksize=4)
    done: list[Result] = []
    try:
        for task, result in zip(tasks, results, strict=False):
            done.append(result)
            if log is not None:
                log.write(f"{','.join(task[0])}\t{task[2]}\t{result[0]}\n")
                log.flush()
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    return done


def share(count: int, total: int) -> str:
    low, high = wilson_interval(count, total)
    return f"{count / total:6.1%} (95% CI {low:.1%} to {high:.1%}; {count}/{total})"


def length(args: argparse.Namespace) -> None:
    print(f"heuristic-only games, {args.games} per player count, seed {args.seed}")
    print(f"assumed table time: {SECONDS_PER_TURN} s per turn\n")
    for players in (2, 3, 4):
        bots = ("heuristic",) * players
        began = time.perf_counter()
        results = run([(bots, args.seed + players, i) for i in range(args.games)], args.workers)
        seconds = time.perf_counter() - began
        turns = [r[2] for r in results]
        firsts = sum(1 for r in results if r[0] == r[1] and r[0] >= 0)
        reasons = Counter(r[3] for r in results)
        seat_wins = Counter(r[0] for r in results)
        q = statistics.quantiles(turns, n=10)
        minutes = statistics.median(turns) * SECONDS_PER_TURN / 60
        print(f"{players} players ({seconds:.1f} s)")
        print(
            f"  turns: mean {statistics.mean(turns):.1f}, median {statistics.median(turns):.0f}, "
            f"10%-90% {q[0]:.0f}-{q[-1]:.0f}; per player {statistics.mean(turns) / players:.1f}"
        )
        print(f"  table time at the median: {minutes:.0f} min")
        print(f"  first player wins {share(firsts, args.games)}; fair share {1 / players:.1%}")
        for seat in range(players):
            print(f"  seat {seat + 1} wins {share(seat_wins[seat], args.games)}")
        print(f"  endings: {dict(reasons)}\n")


def roundrobin(args: argparse.Namespace) -> None:
    names = args.bots.split(",")
    print(f"two-seat round robin, {args.games} games per pairing, seed {args.seed}\n")
    print("| pairing | games | first bot wins (95% CI) | no winner | seconds |")
    print("|---|---|---|---|---|")
    for a, b in itertools.combinations(names, 2):
        tasks: list[Task] = []
        for i in range(args.games):
            bots: tuple[str, ...] = (a, b) if i % 2 == 0 else (b, a)
            tasks.append((bots, args.seed, i))
        began = time.perf_counter()
        if args.log is None:
            results = run(tasks, args.workers)
        else:
            with args.log.open("a") as log:
                results = run(tasks, args.workers, log)
        seconds = time.perf_counter() - began
        a_wins = sum(
            1 for i, r in enumerate(results) if r[0] >= 0 and r[0] == (0 if i % 2 == 0 else 1)
        )
        none = sum(1 for r in results if r[0] < 0)
        print(
            f"| {a} vs {b} | {args.games} | {share(a_wins, args.games)} | {none} | {seconds:.0f} |"
        )
        sys.stdout.flush()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["length", "roundrobin"])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--bots", default="random,heuristic,ismc")
    parser.add_argument(
        "--log", type=Path, help="roundrobin: append each game's result here as it ends"
    )
    args = parser.parse_args()
    length(args) if args.command == "length" else roundrobin(args)


if __name__ == "__main__":
    main()
