"""How much could one better decision gain over the heuristic? (an experiment)

Samples decisions from heuristic games and scores every legal option with many *paired*
imagined futures (the same re-deal and dice for every option, heuristic play afterwards). The
gap between the best option and the heuristic's own choice is the most any one-step look-ahead
advisor (such as the engine's ``mc``) can win at that decision.

    .venv/bin/python -m tests.engine.mount_doom.tools.headroom --decisions 120 --futures 300
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
from typing import Any

from ringbearer_engine import Chance, get_game
from ringbearer_engine.bots import play_out
from ringbearer_engine.chance import derive_seed
from ringbearer_engine.games.mount_doom.bots import HeuristicBot
from ringbearer_engine.games.mount_doom.view import ASK_NAMES


def _sample(args: tuple[int, int]) -> list[tuple[str, int, float, float, float]]:
    index, futures = args
    game = get_game("mount-doom")
    seed = derive_seed(77, index)
    chance = Chance.seeded(seed)
    state = game.setup(("A", "B"), game.convert_options({}), Chance.seeded(seed))
    bot = HeuristicBot(seed)
    # Walk a heuristic game to a random multi-option decision.
    target = chance.below(60)
    seen = 0
    while game.to_move(state) is not None:
        options = game.actions(state)
        if len(options) > 1:
            if seen == target:
                break
            seen += 1
        game.apply(state, bot.choose(game, state))
    else:
        return []
    seat = game.to_move(state)
    assert seat is not None
    choice = HeuristicBot(seed).choose(game, game.clone(state))
    rates: dict[Any, float] = {}
    rollout = HeuristicBot(seed + 1)
    for action in options:
        wins = 0
        for k in range(futures):
            future = game.determinize(state, seat, Chance.seeded(derive_seed(seed, 5000 + k)))
            game.apply(future, action)
            play_out(game, future, [rollout, rollout])
            outcome = game.outcome(future)
            wins += int(outcome is not None and outcome.won)
        rates[action] = wins / futures
    best = max(rates.values())
    mean = statistics.mean(rates.values())
    return [(ASK_NAMES[state.pending], len(options), rates[choice], best, mean)]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--decisions", type=int, default=120)
    parser.add_argument("--futures", type=int, default=300)
    args = parser.parse_args()
    with multiprocessing.get_context("fork").Pool(2) as pool:
        parts = pool.map(_sample, [(i, args.futures) for i in range(args.decisions)])
    rows = [row for part in parts for row in part]
    gaps = [best - mine for _, _, mine, best, _ in rows]
    print(f"{len(rows)} decisions, {args.futures} paired futures per option")
    print(f"mean win share of the heuristic's choice   {statistics.mean(r[2] for r in rows):.3f}")
    print(f"mean win share of the best option          {statistics.mean(r[3] for r in rows):.3f}")
    print(f"mean win share of a uniformly random option {statistics.mean(r[4] for r in rows):.3f}")
    print(
        f"mean gap best - heuristic {statistics.mean(gaps):.4f}; decisions with gap > 0.03: "
        f"{sum(g > 0.03 for g in gaps)}"
    )
    by_kind: dict[str, list[float]] = {}
    for kind, _, mine, best, _ in rows:
        by_kind.setdefault(kind, []).append(best - mine)
    for kind, values in sorted(by_kind.items()):
        print(f"  {kind:<12} {len(values):>4} decisions, mean gap {statistics.mean(values):.4f}")


if __name__ == "__main__":
    main()
