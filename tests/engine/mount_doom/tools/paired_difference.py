"""Compare two simulation runs game by game (a paired comparison).

Two runs with the same seed and number of games play the same deals and dice, so game ``n``
of one run and game ``n`` of the other differ only by the bots. The games that only one of
the two bots won say how much better it is, far more tightly than two separate intervals:
the games both won or both lost add no noise. Make the runs with ``--json``:

    .venv/bin/python -m ringbearer_engine simulate mount-doom --games 2000 --bot mc \\
        --workers 2 --seed 0 --json > mc.json
    .venv/bin/python -m ringbearer_engine simulate mount-doom --games 2000 --bot heuristic \\
        --workers 2 --seed 0 --json > heuristic.json
    .venv/bin/python -m tests.engine.mount_doom.tools.paired_difference mc.json heuristic.json
"""

from __future__ import annotations

import argparse
import math
from pathlib import Path

import msgspec

from ringbearer_engine.simulate import SimulationReport


def exact_two_sided(only_first: int, only_second: int) -> float:
    """McNemar's exact test: the chance of a split this uneven if both bots were as good."""
    total = only_first + only_second
    if total == 0:
        return 1.0
    low = min(only_first, only_second)
    tail: float = sum(math.comb(total, k) for k in range(low + 1)) / 2**total
    return min(1.0, 2 * tail)


def paired_difference(only_first: int, only_second: int, games: int) -> tuple[float, float]:
    """The difference of the win rates, and the half-width of its 95% normal interval."""
    difference = (only_first - only_second) / games
    variance = ((only_first + only_second) / games - difference**2) / games
    return difference, 1.96 * math.sqrt(max(variance, 0.0))


def paired_lines(first: SimulationReport, second: SimulationReport) -> list[str]:
    """The paired difference of two runs on the same games, as lines of text."""
    if (first.game, first.seed, first.games) != (second.game, second.seed, second.games):
        raise ValueError("the runs must be of the same game, seed and number of games")
    games = first.games
    a, b = set(first.won_games), set(second.won_games)
    only_first, only_second = len(a - b), len(b - a)
    difference, half = paired_difference(only_first, only_second, games)
    return [
        f"paired over {games} games (seed {first.seed}): both won {len(a & b)}, "
        f"only {first.bots[0]} {only_first}, only {second.bots[0]} {only_second}",
        f"  difference {difference:+.1%} (95% CI {difference - half:+.1%} to "
        f"{difference + half:+.1%}); exact two-sided p = "
        f"{exact_two_sided(only_first, only_second):.2g}",
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description="paired difference of two simulation runs")
    parser.add_argument("first", type=Path, help="a run's report from simulate --json")
    parser.add_argument("second", type=Path, help="a run on the same seed, as JSON")
    args = parser.parse_args()
    first, second = (
        msgspec.json.decode(path.read_bytes(), type=SimulationReport)
        for path in (args.first, args.second)
    )
    print(first.text(), second.text(), *paired_lines(first, second), sep="\n")


if __name__ == "__main__":
    main()
