"""Benchmark: the Adventure Book's advisor, as a hint and as the search bot, in CPU seconds.

* **Hint**: the CPU time of one hint (the Book's advisor ranking every choice) at decisions
  met in two-player heuristic attempts of every chapter, median and worst per chapter. Bar from
  issue 35: under 0.5 s median on every chapter, no decision over 1.5 s.
* **Search bot**: the CPU time of one whole chapter attempt with the ``search`` bot on both
  seats of a two-player table, median per chapter. Bar from issue 35: under 1 s.

CPU time leaves out what other work on a shared machine takes from this process; the figures go
into reports, not into tests.

    .venv/bin/python benchmarks/book_advisor.py                  # 12 hints, 5 attempts a chapter
    .venv/bin/python benchmarks/book_advisor.py --hints 30 --attempts 10 --chapters 3,8
"""

from __future__ import annotations

import argparse
import statistics
import time

from machine import describe_machine

import ringbearer_engine as rb
from ringbearer_engine import Chance, derive_seed, get_game
from ringbearer_engine.bots import make_bot, play_out
from ringbearer_engine.games.adventure_book import pages
from ringbearer_engine.games.adventure_book.advisor import hint_advisor
from ringbearer_engine.games.adventure_book.bots import HeuristicBot

GAME = "adventure-book"
NAMES = ("Seat 1", "Seat 2")


def hint_seconds(chapter: int, hints: int, seed: int) -> list[float]:
    """CPU seconds of ``hints`` hints, at every fifth decision with a choice of heuristic
    attempts, one attempt after another until enough were met."""
    game = get_game(GAME)
    options = game.convert_options({"chapter": chapter})
    times: list[float] = []
    attempt = 0
    while len(times) < hints:
        state = game.setup(NAMES, options, Chance.seeded(derive_seed(seed, chapter, attempt)))
        bot = HeuristicBot()
        decision = 0
        while game.to_move(state) is not None and len(times) < hints:
            if len(game.actions(state)) > 1:
                decision += 1
                if decision % 5 == 1:
                    advisor = hint_advisor(game, seed=decision)
                    began = time.process_time()
                    advisor.rank(game, game.clone(state))
                    times.append(time.process_time() - began)
            game.advance(state, bot.choose(game, state))
        attempt += 1
    return times


def attempt_seconds(chapter: int, attempts: int, seed: int) -> list[float]:
    """CPU seconds of ``attempts`` two-player chapter attempts with the search bot."""
    game = get_game(GAME)
    options = game.convert_options({"chapter": chapter})
    times = []
    for index in range(attempts):
        attempt_seed = derive_seed(seed, chapter, 2, index)
        state = game.setup(NAMES, options, Chance.seeded(attempt_seed))
        bots = [make_bot(game, "search", derive_seed(attempt_seed, 1000 + n)) for n in range(2)]
        began = time.process_time()
        play_out(game, state, bots)
        times.append(time.process_time() - began)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hints", type=int, default=12, help="hints timed per chapter")
    parser.add_argument("--attempts", type=int, default=5, help="search attempts per chapter")
    parser.add_argument("--chapters", default="", help="e.g. 3,8 (default: every chapter)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rb.list_games()
    print(f"machine: {describe_machine()}")
    print(f"{args.hints} hints and {args.attempts} search attempts per chapter, two players")
    print("chapter  hint median  hint worst   search attempt median  (min..max)")
    chapters = [int(c) for c in args.chapters.split(",")] if args.chapters else sorted(pages())
    for chapter in chapters:
        hints = hint_seconds(chapter, args.hints, args.seed)
        attempts = attempt_seconds(chapter, args.attempts, args.seed)
        print(
            f"{chapter:>7}  {statistics.median(hints):>9.3f} s  {max(hints):>8.3f} s"
            f"   {statistics.median(attempts):>19.3f} s  "
            f"({min(attempts):.2f}..{max(attempts):.2f})",
            flush=True,
        )


if __name__ == "__main__":
    main()
