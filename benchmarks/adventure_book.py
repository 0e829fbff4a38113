"""Benchmark: random full chapter playouts of the Adventure Book Game per second, one core.

Plays complete chapter attempts with the random bot on every seat, in this process only,
several rounds per chapter, and prints the median rate with the machine it ran on. It asserts
nothing about time: the figures go into reports, not into tests. Bar from the issue: at least
200 random chapter playouts per second on one core.

    .venv/bin/python benchmarks/adventure_book.py                 # 5 rounds of 200 per row
    .venv/bin/python benchmarks/adventure_book.py --rounds 3 --games 100 --bot heuristic
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from machine import describe_machine

import ringbearer_engine as rb
from ringbearer_engine import Chance, derive_seed, get_game
from ringbearer_engine.bots import make_bot, play_out
from ringbearer_engine.games.adventure_book import pages


def one_round(
    bot: str, chapter: int, players: int, games: int, seed: int
) -> tuple[float, float, float]:
    """(chapter playouts per second, actions per second, playouts per CPU-second) for one
    round. CPU time leaves out what other work on a shared machine takes from this process."""
    game = get_game("adventure-book")
    names = tuple(f"Seat {n + 1}" for n in range(players))
    options = game.convert_options({"chapter": chapter})
    actions = 0
    began = time.perf_counter()
    began_cpu = time.process_time()
    for index in range(games):
        game_seed = derive_seed(seed, index)
        state = game.setup(names, options, Chance.seeded(game_seed))
        bots = [make_bot(game, bot, derive_seed(game_seed, n)) for n in range(players)]
        actions += play_out(game, state, bots)
    seconds = time.perf_counter() - began
    cpu_seconds = time.process_time() - began_cpu
    return games / seconds, actions / seconds, games / cpu_seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--bot", default="random")
    parser.add_argument("--players", default="1,2,3,4")
    parser.add_argument("--chapters", default="", help="e.g. 1,5 (default: every chapter)")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core, as the bar says
    rb.list_games()
    print(f"machine: {describe_machine()}; using 1 core")
    print(f"bot {args.bot}; {args.rounds} rounds of {args.games} chapter playouts per row")
    print("chapter players  median playouts/s  (min..max)      median actions/s  per CPU-second")
    chapters = [int(c) for c in args.chapters.split(",")] if args.chapters else sorted(pages())
    for chapter in chapters:
        for players in (int(p) for p in args.players.split(",")):
            rates = [
                one_round(args.bot, chapter, players, args.games, seed)
                for seed in range(args.rounds)
            ]
            games = [r[0] for r in rates]
            acts = [r[1] for r in rates]
            cpu = [r[2] for r in rates]
            print(
                f"{chapter:>7} {players:>7}  {statistics.median(games):>17.0f}  "
                f"({min(games):.0f}..{max(games):.0f})   {statistics.median(acts):>16.0f}"
                f"  {statistics.median(cpu):>14.0f}"
            )


if __name__ == "__main__":
    main()
