"""An experiment: a Monte-Carlo advisor with common random numbers and a heuristic prior.

The engine's generic advisor (``mc``) gives each legal action independent imagined futures and
plays the action with the best win share. In Adventure to Mount Doom the win shares of the
options at a decision differ by a few points while a playout is a coin flip with p ≈ 0.4, so
with a few hundred playouts the generic advisor mostly picks noise, and loses to the heuristic
it uses for its own rollouts (see docs/games/mount-doom-design.md).

This advisor (a proposal for the core) changes two things:

* every action is tried against the *same* imagined futures (the same re-deal and the same
  stream of dice): differences between actions are then measured, not buried in luck;
* it plays the rollout policy's own choice unless another action wins clearly more of those
  paired futures (a sign test on the futures where the two disagree).

Usage (from the repository root):

    .venv/bin/python -m tests.engine.mount_doom.tools.paired_advisor --games 400 --futures 12
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
from typing import Any

from ringbearer_engine import Action, Chance, Game, GameState, get_game
from ringbearer_engine.bots import play_out
from ringbearer_engine.chance import derive_seed
from ringbearer_engine.games.mount_doom.bots import HeuristicBot
from ringbearer_engine.stats import wilson_interval


class PairedAdvisor:
    """Flat Monte-Carlo over paired futures, deviating from the prior only when clearly better."""

    name = "paired"

    def __init__(self, seed: int = 0, futures: int = 12, z: float = 2.0) -> None:
        self.futures = futures
        self.z = z
        self._chance = Chance.seeded(seed)
        self._rollout = HeuristicBot(seed + 1)
        self._decisions = 0
        self.deviations = 0

    def choose(self, game: Game[Any], state: GameState) -> Action:
        options = game.actions(state)
        if len(options) == 1:
            return options[0]
        seat = game.to_move(state)
        assert seat is not None
        prior = self._rollout.choose(game, game.clone(state))
        self._decisions += 1
        base = derive_seed(self._chance.next_u32(), self._decisions)
        outcomes: dict[Action, list[int]] = {}
        for action in options:
            row = []
            for k in range(self.futures):
                future = game.determinize(state, seat, Chance.seeded(derive_seed(base, k)))
                game.apply(future, action)
                play_out(game, future, [self._rollout] * len(state.players))
                outcome = game.outcome(future)
                row.append(int(outcome is not None and seat in outcome.winners))
            outcomes[action] = row
        best = max(options, key=lambda a: sum(outcomes[a]))
        if best == prior:
            return prior
        better = sum(1 for b, p in zip(outcomes[best], outcomes[prior], strict=True) if b > p)
        worse = sum(1 for b, p in zip(outcomes[best], outcomes[prior], strict=True) if b < p)
        if better - worse >= self.z * math.sqrt(better + worse) and better + worse > 0:
            self.deviations += 1
            return best
        return prior


def _play(args: tuple[str, int, int, int]) -> tuple[int, int]:
    bot, start, stop, futures = args
    game = get_game("mount-doom")
    wins = 0
    for index in range(start, stop):
        seed = derive_seed(2024, index)
        state = game.setup(("A", "B"), game.convert_options({}), Chance.seeded(seed))
        seats: list[Any]
        if bot == "paired":
            advisor = PairedAdvisor(seed, futures)
            seats = [advisor, advisor]
        else:
            seats = [HeuristicBot(seed), HeuristicBot(seed + 1)]
        play_out(game, state, seats)
        outcome = game.outcome(state)
        wins += int(outcome is not None and outcome.won)
    return wins, stop - start


def main() -> None:
    parser = argparse.ArgumentParser(description="paired advisor against the heuristic")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--futures", type=int, default=12)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    for bot in ("heuristic", "paired"):
        chunks = [
            (bot, start, min(start + 10, args.games), args.futures)
            for start in range(0, args.games, 10)
        ]
        with multiprocessing.get_context("fork").Pool(args.workers) as pool:
            results = pool.map(_play, chunks)
        wins = sum(w for w, _ in results)
        low, high = wilson_interval(wins, args.games)
        print(
            f"{bot:>9}: {wins / args.games:.1%} (95% CI {low:.1%} to {high:.1%}; "
            f"{wins}/{args.games})",
            flush=True,
        )


if __name__ == "__main__":
    main()
