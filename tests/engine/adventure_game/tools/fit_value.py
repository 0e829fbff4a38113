"""Fit the Adventure Game value model (``games/adventure_game/value.py``) and write its weights.

Plays two-player heuristic games, records at the start of every turn the difference between
the two seats' features (seat 0's less seat 1's) with whether seat 0 won, and fits a logistic
regression without a constant (the model is the same from either side) by the Mount Doom
tool's Newton's method. Games that end with no winner are left out (about one in two hundred).
The last fifth of the games is held out to report how well the model predicts; the weights are
then written to ``value_weights.py`` together with this command.

    .venv/bin/python tests/engine/adventure_game/tools/fit_value.py --games 4000 --seed 17
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from mount_doom.tools.fit_value import Sample, fit_and_report, played, write_weights

from ringbearer_engine import Chance, NoOptions
from ringbearer_engine.chance import derive_seed
from ringbearer_engine.games.adventure_game.bots import HeuristicBot
from ringbearer_engine.games.adventure_game.game import GAME
from ringbearer_engine.games.adventure_game.value import FEATURES, features

WEIGHTS_FILE = (
    Path(__file__).resolve().parents[4]
    / "packages/engine/src/ringbearer_engine/games/adventure_game/value_weights.py"
)


def _play(args: tuple[int, int, int]) -> list[list[Sample]]:
    """The turn-start samples of games ``start`` to ``stop``, one list per game with a
    winner."""
    seed, start, stop = args
    games = []
    for index in range(start, stop):
        game_seed = derive_seed(seed, index)
        state = GAME.setup(("A", "B"), NoOptions(), Chance.seeded(game_seed))
        bots = [HeuristicBot(derive_seed(game_seed, 1000 + n)) for n in range(2)]
        rows: list[list[float]] = []
        turn = 0
        while (seat := GAME.to_move(state)) is not None:
            if state.turns != turn:
                turn = state.turns
                mine, theirs = features(state, 0), features(state, 1)
                rows.append([a - b for a, b in zip(mine, theirs, strict=True)])
            GAME.advance(state, bots[seat].choose(GAME, state))
        if state.winner >= 0:
            games.append([(row, int(state.winner == 0)) for row in rows])
    return games


def main() -> None:
    parser = argparse.ArgumentParser(description="fit the Adventure Game value model")
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--dry-run", action="store_true", help="report, but write nothing")
    args = parser.parse_args()
    games = played(_play, args.games, args.seed, args.workers)
    weights, summary = fit_and_report(games, FEATURES, "two-player games")
    if not args.dry_run:
        command = (
            ".venv/bin/python tests/engine/adventure_game/tools/fit_value.py "
            f"--games {args.games} --seed {args.seed}"
        )
        write_weights(WEIGHTS_FILE, "Adventure Game", FEATURES, weights, command, summary)
        print(f"wrote {WEIGHTS_FILE}")


if __name__ == "__main__":
    main()
