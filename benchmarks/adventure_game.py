"""Benchmarks of the Adventure Game (``adventure-game``); figures only, no pass or fail.

    .venv/bin/python benchmarks/adventure_game.py            # the full run (a few minutes)
    .venv/bin/python benchmarks/adventure_game.py --quick    # a smoke run
    .venv/bin/python benchmarks/adventure_game.py --seats 3 --games 300 --random-only

1. Random full games per second on one core, for 2, 3 and 4 seats: each figure is the
   median of several timed batches of seeded games between random bots. Time is CPU time
   of this process (``time.process_time``), so other work on the machine slows it less.
2. The IS-MC bot's decision time at its default strength: every decision it takes (with more
   than one legal option) in seeded three-seat games against heuristic bots is timed; the
   median, 90th percentile and maximum are reported.

The machine (CPU model, cores, Python) and its load are printed with the figures; run it on
an idle machine for the best figures.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from machine import describe_machine

from ringbearer_engine import Chance, NoOptions, RandomBot, derive_seed
from ringbearer_engine.bots import Bot, play_out
from ringbearer_engine.games.adventure_game.bots import (
    ISMC_CANDIDATES,
    ISMC_SAMPLES,
    HeuristicBot,
    ISMCBot,
)
from ringbearer_engine.games.adventure_game.game import GAME
from ringbearer_engine.games.adventure_game.rules.legal import legal_actions


def random_games(players: int, games: int, seed: int) -> float:
    """Seconds to play ``games`` random full games with ``players`` seats."""
    names = tuple(f"Seat {n + 1}" for n in range(players))
    began = time.process_time()
    for index in range(games):
        game_seed = derive_seed(seed, index)
        state = GAME.setup(names, NoOptions(), Chance.seeded(game_seed))
        bots = [RandomBot(derive_seed(game_seed, n)) for n in range(players)]
        play_out(GAME, state, list[Bot](bots))
    return time.process_time() - began


def ismc_decisions(games: int, seed: int) -> tuple[list[float], list[float]]:
    """CPU and wall seconds per IS-MC decision in three-seat games against two heuristic bots."""
    cpu: list[float] = []
    wall: list[float] = []
    for index in range(games):
        game_seed = derive_seed(seed, index)
        state = GAME.setup(("IS-MC", "H1", "H2"), NoOptions(), Chance.seeded(game_seed))
        seats: list[Bot] = [ISMCBot(game_seed), HeuristicBot(1), HeuristicBot(2)]
        while (seat := GAME.to_move(state)) is not None:
            if seat == 0 and len(legal_actions(state)) > 1:
                began, clock = time.process_time(), time.perf_counter()
                action = seats[0].choose(GAME, state)
                cpu.append(time.process_time() - began)
                wall.append(time.perf_counter() - clock)
            else:
                action = seats[seat].choose(GAME, state)
            GAME.apply(state, action)
    return cpu, wall


def summary(times: list[float]) -> str:
    deciles = statistics.quantiles(times, n=10) if len(times) > 1 else times
    return (
        f"median {statistics.median(times) * 1000:.0f} ms, 90th percentile "
        f"{deciles[-1] * 1000:.0f} ms, max {max(times) * 1000:.0f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description="Adventure Game benchmarks")
    parser.add_argument("--quick", action="store_true", help="a short smoke run")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument(
        "--seats", type=int, action="append", choices=(2, 3, 4), help="only these seat counts"
    )
    parser.add_argument("--games", type=int, help="random games per batch")
    parser.add_argument("--random-only", action="store_true", help="skip the IS-MC timing")
    args = parser.parse_args()
    batches, per_batch, ismc_games = (2, 100, 1) if args.quick else (7, 500, 6)
    per_batch = args.games or per_batch
    print(f"machine: {describe_machine()}")
    print(f"\nrandom full games per CPU-second, one core ({batches} batches of {per_batch} games)")
    for players in args.seats or (2, 3, 4):
        rates = [
            per_batch / random_games(players, per_batch, args.seed + b) for b in range(batches)
        ]
        print(
            f"  {players} seats: median {statistics.median(rates):7.1f} games/s "
            f"(min {min(rates):.1f}, max {max(rates):.1f})"
        )
    if args.random_only:
        return
    cpu, wall = ismc_decisions(ismc_games, args.seed)
    print(
        f"\nIS-MC decision time at default strength ({ISMC_SAMPLES} imagined deals x up to "
        f"{ISMC_CANDIDATES} candidates), 3 seats, {ismc_games} games, {len(cpu)} decisions"
    )
    print(f"  CPU time:  {summary(cpu)}")
    print(f"  wall time: {summary(wall)}")
    print(f"\nload average while running: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
