"""Fit the Mount Doom value model (``games/mount_doom/value.py``) and write its weights.

Plays two-player heuristic games, records the model's features at the start of every turn
together with whether that game was won, and fits a logistic regression by iteratively
reweighted least squares (Newton's method on the log-likelihood), in pure Python. The last
fifth of the games is held out to report how well the fitted model predicts, then the weights
are written to ``value_weights.py`` together with this command.

    .venv/bin/python -m tests.engine.mount_doom.tools.fit_value --games 6000 --seed 11
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import textwrap
from collections.abc import Callable, Sequence
from pathlib import Path

from ringbearer_engine import Chance, get_game
from ringbearer_engine.chance import derive_seed
from ringbearer_engine.games.mount_doom.bots import HeuristicBot
from ringbearer_engine.games.mount_doom.state import WON, MountDoomState
from ringbearer_engine.games.mount_doom.value import FEATURES, features, logistic

Sample = tuple[list[float], int]
WEIGHTS_FILE = (
    Path(__file__).resolve().parents[4]
    / "packages/engine/src/ringbearer_engine/games/mount_doom/value_weights.py"
)
RIDGE = 1e-3
"""A tiny L2 penalty: keeps Newton's steps finite if a feature never varies in the sample."""


def _play(args: tuple[int, int, int]) -> list[list[Sample]]:
    """The turn-start samples of games ``start`` to ``stop``, one list per game."""
    seed, start, stop = args
    game = get_game("mount-doom")
    games = []
    for index in range(start, stop):
        game_seed = derive_seed(seed, index)
        state = game.setup(("A", "B"), game.convert_options({}), Chance.seeded(game_seed))
        assert isinstance(state, MountDoomState)
        bots = [HeuristicBot(derive_seed(game_seed, 1000 + n)) for n in range(2)]
        rows: list[list[float]] = []
        turn = 0
        while (seat := game.to_move(state)) is not None:
            if state.turn != turn:
                turn = state.turn
                rows.append(features(state))
            game.apply(state, bots[seat].choose(game, state))
        won = int(state.result == WON)
        games.append([(row, won) for row in rows])
    return games


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Solve ``matrix · x = vector`` by Gaussian elimination with partial pivoting."""
    size = len(vector)
    rows = [[*matrix[i], vector[i]] for i in range(size)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(col + 1, size):
            factor = rows[r][col] / rows[col][col]
            if factor:
                for c in range(col, size + 1):
                    rows[r][c] -= factor * rows[col][c]
    solution = [0.0] * size
    for r in reversed(range(size)):
        total = rows[r][size] - sum(rows[r][c] * solution[c] for c in range(r + 1, size))
        solution[r] = total / rows[r][r]
    return solution


def fit(samples: list[Sample], iterations: int = 25) -> list[float]:
    """Maximum-likelihood logistic weights (with :data:`RIDGE`), by Newton's method."""
    size = len(samples[0][0])
    weights = [0.0] * size
    for _ in range(iterations):
        gradient = [-RIDGE * w for w in weights]
        hessian = [[RIDGE if i == j else 0.0 for j in range(size)] for i in range(size)]
        for row, won in samples:
            p = logistic(sum(w * x for w, x in zip(weights, row, strict=True)))
            residual, curvature = won - p, p * (1 - p)
            for i, xi in enumerate(row):
                if xi:
                    gradient[i] += residual * xi
                    scaled = curvature * xi
                    line = hessian[i]
                    for j in range(i, size):
                        line[j] += scaled * row[j]
        for i in range(size):
            for j in range(i):
                hessian[i][j] = hessian[j][i]
        step = _solve(hessian, gradient)
        weights = [w + s for w, s in zip(weights, step, strict=True)]
        if max(abs(s) for s in step) < 1e-7:
            break
    return weights


def log_loss(samples: list[Sample], weights: list[float]) -> float:
    total = 0.0
    for row, won in samples:
        p = logistic(sum(w * x for w, x in zip(weights, row, strict=True)))
        p = min(max(p, 1e-12), 1 - 1e-12)
        total -= math.log(p if won else 1 - p)
    return total / len(samples)


def calibration(samples: list[Sample], weights: list[float], bins: int = 10) -> list[str]:
    """Predicted against observed win share, by tenths of the prediction."""
    groups: list[list[tuple[float, int]]] = [[] for _ in range(bins)]
    for row, won in samples:
        p = logistic(sum(w * x for w, x in zip(weights, row, strict=True)))
        groups[min(int(p * bins), bins - 1)].append((p, won))
    return [
        f"  predicted {sum(p for p, _ in group) / len(group):5.1%}  observed "
        f"{sum(w for _, w in group) / len(group):5.1%}  ({len(group)} positions)"
        for group in groups
        if group
    ]


def write_weights(
    path: Path, title: str, names: Sequence[str], weights: list[float], command: str, summary: str
) -> None:
    """Write the weights file of a value model: ``title`` names the game's model."""
    lines = "\n".join(f"    {w!r},  # {name}" for w, name in zip(weights, names, strict=True))
    path.write_text(
        f'"""Fitted weights of the {title} value model (``value.py``), one per feature.\n\n'
        "Generated by a tool, not written by hand; to fit them again, from the repository "
        f"root:\n\n    {command}\n\n{textwrap.fill(summary, 95)}\n"
        '"""\n\nfrom typing import Final\n\n'
        f"WEIGHTS: Final = (\n{lines}\n)\n"
    )


def fit_and_report(
    games: list[list[Sample]], names: Sequence[str], what: str
) -> tuple[list[float], str]:
    """Fit on the first four fifths of ``games`` (``what`` they are, for the summary), print
    how the model predicts the held-out fifth and its weights; the weights and a summary."""
    split = len(games) * 4 // 5
    train = [s for g in games[:split] for s in g]
    test = [s for g in games[split:] for s in g]
    weights = fit(train)
    base = sum(w for _, w in train) / len(train)
    base_loss = -(base * math.log(base) + (1 - base) * math.log(1 - base))
    summary = (
        f"Fitted on {len(train)} turn starts of {split} {what}; on the {len(test)} turn starts "
        f"of {len(games) - split} held-out games the log loss is "
        f"{log_loss(test, weights):.4f} (a constant {base:.1%} scores {base_loss:.4f})."
    )
    print(summary)
    print("\n".join(calibration(test, weights)))
    for w, name in zip(weights, names, strict=True):
        print(f"  {name:<36} {w:+.4f}")
    return weights, summary


def played(
    play: Callable[[tuple[int, int, int]], list[list[Sample]]], games: int, seed: int, workers: int
) -> list[list[Sample]]:
    """``play``'s samples of ``games`` seeded games, a hundred at a time over ``workers``."""
    chunk = 100
    tasks = [(seed, s, min(s + chunk, games)) for s in range(0, games, chunk)]
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        return [g for part in pool.map(play, tasks) for g in part]


def main() -> None:
    parser = argparse.ArgumentParser(description="fit the Mount Doom value model")
    parser.add_argument("--games", type=int, default=6000)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--dry-run", action="store_true", help="report, but write nothing")
    args = parser.parse_args()
    games = played(_play, args.games, args.seed, args.workers)
    weights, summary = fit_and_report(games, FEATURES, "games")
    if not args.dry_run:
        command = (
            ".venv/bin/python -m tests.engine.mount_doom.tools.fit_value "
            f"--games {args.games} --seed {args.seed}"
        )
        write_weights(WEIGHTS_FILE, "Mount Doom", FEATURES, weights, command, summary)
        print(f"wrote {WEIGHTS_FILE}")


if __name__ == "__main__":
    main()
