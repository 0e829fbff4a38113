"""A PettingZoo loop: the engine's own bots against a random agent in the Adventure Game.

    pip install "ringbearer-engine[pettingzoo]"
    python examples/pettingzoo_bots_vs_random.py [--games 50] [--bot heuristic]

Seat 0 is played by one of the engine's bots, which reads the match behind the environment
(``env.match``) and answers with the action's id; seat 1 picks a legal id at random from the
mask, as any agent would. Seats swap every other game. Prints the bot's share of wins.
"""

from __future__ import annotations

import argparse
import random

import numpy as np

from ringbearer_engine import make_bot
from ringbearer_engine.integrations.pettingzoo import env


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--bot", default="heuristic")
    args = parser.parse_args()
    aec = env("adventure-game", players=2)
    catalogue = aec.match.game.numbered_actions()
    pick = random.Random(1)
    bot_wins = 0
    for number in range(args.games):
        bot_seat = number % 2
        aec.reset(seed=number)
        bot = make_bot(aec.match.game, args.bot, seed=number)
        for agent in aec.agent_iter():
            observation, reward, terminated, truncated, _ = aec.last()
            if terminated or truncated:
                if agent == f"seat_{bot_seat}":
                    bot_wins += int(reward)
                aec.step(None)
                continue
            if agent == f"seat_{bot_seat}":
                action = catalogue.encode(bot.choose(aec.match.game, aec.match.state))
            else:
                action = pick.choice(np.flatnonzero(observation["action_mask"]).tolist())
            aec.step(action)
    print(
        f"The Adventure Game, 2 players, {args.games} games: the {args.bot} bot won "
        f"{bot_wins / args.games:.0%} against a random agent"
    )


if __name__ == "__main__":
    main()
