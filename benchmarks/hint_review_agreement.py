"""Benchmark: does the review agree with the hint? (issue 44)

Plays seeded games in which every decision follows the app's hint (its advised choice) and
reviews each with ``rb.analyse``: the review should mark no step. Then plays games that take
the hint's last choice (the one it rates lowest) at every fourth decision and counts how many
of those decisions the review marks. Prints the counts and the CPU seconds per review.

    .venv/bin/python benchmarks/hint_review_agreement.py                  # 30 games of each
    .venv/bin/python benchmarks/hint_review_agreement.py --games 3 --only mount-doom
"""

from __future__ import annotations

import argparse
import statistics
import time

from machine import describe_machine

import ringbearer_engine as rb
from ringbearer_engine.advice import forget_advice

CASES: dict[str, tuple[str, dict[str, object]]] = {
    "mount-doom": ("Mount Doom, 2 players", {}),
    "adventure-game": ("Adventure Game, 2 players", {}),
    "adventure-book": ("Adventure Book, 2 players, chapter 1", {"chapter": 1}),
}
EVERY = 4
"""In the straying games, every fourth decision takes the hint's last choice."""


def hint(match: rb.Match) -> list[rb.Ranking]:
    """The hint the app shows at this point of ``match`` (the seed is the log's length)."""
    return rb.advise(match.game, match.state, seed=len(match.log))


def played(
    game_id: str, options: dict[str, object], seed: int, stray: bool
) -> tuple[rb.Match, set[int]]:
    """A match that follows the hint, or strays from it at every fourth decision; the log
    indices of the strays."""
    match = rb.Match.new(game_id, ["Ann", "Bo"], seed=seed, options=options)
    strays: set[int] = set()
    decisions = 0
    while match.to_move is not None:
        if len(match.actions()) < 2:
            match.play(match.actions()[0])
            continue
        decisions += 1
        ranking = hint(match)
        if stray and decisions % EVERY == 0 and len(ranking) > 1:
            strays.add(len(match.log))
            match.play(ranking[-1].action)
        else:
            match.play(ranking[0].action)
    return match, strays


def reviewed(match: rb.Match) -> tuple[rb.Analysis, float | None]:
    """The review of ``match``, and the CPU seconds until its first marked step was judged
    (the Review screen shows a step as soon as it is judged, the likeliest marks first)."""
    forget_advice()  # the hints the game was played by: a review from a save has none
    analyser = rb.analysis.Analyser(match)
    began, first = time.process_time(), None
    for review in analyser.run(order="marks first"):
        if first is None and review.mark is not None:
            first = time.process_time() - began
    return analyser.analysis(), first


def _median(values: list[float]) -> str:
    return f"median {statistics.median(values):.1f} s" if values else "no mark"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--only", choices=sorted(CASES))
    parser.add_argument("--first", type=int, default=1, help="the first seed")
    parser.add_argument(
        "--following-only", action="store_true", help="skip the straying games (the 30-game check)"
    )
    args = parser.parse_args()
    print(f"machine: {describe_machine()}; one process", flush=True)
    for game_id, (title, options) in CASES.items():
        if args.only and game_id != args.only:
            continue
        following_marks, games_marked, cpu = 0, 0, []
        strays, strays_marked, other_marks, strays_lost = 0, 0, 0, 0
        first_marks: list[float] = []
        for seed in range(args.first, args.first + args.games):
            match, _ = played(game_id, options, seed, stray=False)
            forget_advice()  # as if reviewed from a save: no hint worked out beforehand
            began = time.process_time()
            analysis = rb.analyse(match)
            cpu.append(time.process_time() - began)
            marked = len(analysis.marked)
            following_marks += marked
            games_marked += marked > 0
            if args.following_only:
                print(f"  {game_id} seed {seed}: following {marked} marked", flush=True)
                continue
            match, strayed = played(game_id, options, seed, stray=True)
            analysis, first_mark = reviewed(match)
            if first_mark is not None:
                first_marks.append(first_mark)
            strays += len(strayed)
            strays_marked += sum(1 for r in analysis.marked if r.step in strayed)
            strays_lost += sum(1 for r in analysis.steps if r.step in strayed and r.loss_low > 0)
            other_marks += sum(1 for r in analysis.marked if r.step not in strayed)
            print(
                f"  {game_id} seed {seed}: following {marked} marked; straying "
                f"{sum(1 for r in analysis.marked if r.step in strayed)} of {len(strayed)} "
                f"strays marked",
                flush=True,
            )
        print(
            f"{title}, {args.games} games: following the hint, {following_marks} steps marked "
            f"in {games_marked} games; straying at every {EVERY}th decision, {strays_marked} of "
            f"{strays} strays marked ({strays_marked / max(1, strays):.0%}; {strays_lost} "
            f"surely lost something, however little), {other_marks} other steps marked; "
            f"review median {statistics.median(cpu):.1f} s CPU per game; the first marked "
            f"step of a straying game judged after {_median(first_marks)} CPU",
            flush=True,
        )


if __name__ == "__main__":
    main()
