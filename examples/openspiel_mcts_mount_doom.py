"""OpenSpiel's MCTS plays Adventure to Mount Doom through the adapter, against random play.

    pip install "ringbearer-engine[openspiel]"
    python examples/openspiel_mcts_mount_doom.py [--games 20] [--simulations 100] [--players 1]

The search's leaves are scored by one playout of the engine's heuristic bot on a copy of the
match with its future dice dealt afresh: random playouts almost never win Mount Doom, so they
tell the search nothing. Both sides play the same deals (the first chance node's outcome is the
game's number); every later die and draw is a chance node that MCTS samples while it searches
and that the real game draws at random. Prints the share of games won by MCTS, by the
heuristic bot alone and by random play, on the same deals.
"""

from __future__ import annotations

import argparse
import random

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

from ringbearer_engine import make_bot
from ringbearer_engine.integrations import openspiel


class PlayoutEvaluator(mcts.Evaluator):  # type: ignore[misc]
    """Scores a state by playing it out once with the engine's heuristic bot on every seat,
    on a copy of the match whose future dice are dealt afresh (``Match.clone(seed=…)``), so
    the search never sees the real game's dice. A uniform prior."""

    def __init__(self, seed: int) -> None:
        self.seeds = random.Random(seed)

    def evaluate(self, state: pyspiel.State) -> np.ndarray:
        if state.is_terminal():
            return np.array(state.returns())
        copy = state.table.match.clone(seed=self.seeds.getrandbits(62))
        game = copy.game
        bot = make_bot(game, "heuristic", seed=self.seeds.getrandbits(62))
        while copy.outcome is None:
            copy.play(bot.choose(game, copy.state))
        return np.array([copy.outcome.utility(seat) for seat in range(len(copy.players))])

    def prior(self, state: pyspiel.State) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return list(state.chance_outcomes())
        legal = state.legal_actions()
        return [(action, 1 / len(legal)) for action in legal]


def heuristic_choice(state: pyspiel.State) -> int:
    """The engine's heuristic bot's choice, as the action's id."""
    match = state.table.match
    bot = make_bot(match.game, "heuristic", seed=len(match.log))
    return int(match.game.numbered_actions().encode(bot.choose(match.game, match.state)))


def play(game: pyspiel.Game, deal: int, choose: object, rng: random.Random) -> float:
    """One game from deal ``deal``; ``choose(state)`` picks each decision. Seat 0's return."""
    state = game.new_initial_state()
    state.apply_action(deal)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
        else:
            state.apply_action(choose(state))  # type: ignore[operator]
    return float(state.returns()[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--simulations", type=int, default=100)
    parser.add_argument("--players", type=int, default=1)
    args = parser.parse_args()
    openspiel.register()
    game = pyspiel.load_game("ringbearer_mount_doom", {"players": args.players})
    numbers = np.random.RandomState(7)
    bot = mcts.MCTSBot(
        game,
        uct_c=1.4,
        max_simulations=args.simulations,
        evaluator=PlayoutEvaluator(seed=7),
        random_state=numbers,
    )
    pick = random.Random(7)
    searched = sum(play(game, deal, bot.step, random.Random(deal)) for deal in range(args.games))
    heuristic = sum(
        play(game, deal, heuristic_choice, random.Random(deal)) for deal in range(args.games)
    )
    randomly = sum(
        play(game, deal, lambda state: pick.choice(state.legal_actions()), random.Random(deal))
        for deal in range(args.games)
    )
    print(
        f"Mount Doom, {args.players} player(s), {args.games} deals: MCTS ({args.simulations} "
        f"simulations a decision) won {searched / args.games:.0%}, the heuristic bot alone "
        f"{heuristic / args.games:.0%}, random play {randomly / args.games:.0%}"
    )


if __name__ == "__main__":
    main()
