"""Calibrate the Adventure Book chapters with the simulator.

Plays seeded chapter attempts with one bot policy on every seat and reports, per chapter and
player count, the win rate (95% Wilson interval), the corruption one attempt costs on
average, the mean length and how attempts end. ``--campaign`` plays whole campaigns over the
chapters this version has (retrying lost chapters) and reports the corruption they cost.

    .venv/bin/python tests/engine/adventure_book/tools/calibrate.py --games 400 --bot heuristic
    .venv/bin/python tests/engine/adventure_book/tools/calibrate.py --campaign 200

Game ``i`` of a run with seed ``S`` uses ``derive_seed(S, i)``, as the engine's simulator
does, so figures are reproducible.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[4] / "packages" / "engine" / "src"))

import ringbearer_engine as rb
from ringbearer_engine import Chance, derive_seed, get_game
from ringbearer_engine.actions import Action
from ringbearer_engine.bots import Bot, make_bot, play_out
from ringbearer_engine.game import Game, GameState
from ringbearer_engine.games.adventure_book import Campaign, campaign_after, pages
from ringbearer_engine.games.adventure_book.actions import Ring
from ringbearer_engine.games.adventure_book.advisor import hint_advisor
from ringbearer_engine.games.adventure_book.bots import HeuristicBot, Plan
from ringbearer_engine.games.adventure_book.state import AdventureBookState
from ringbearer_engine.stats import wilson_interval

GAME = "adventure-book"


class RecklessPlan(Plan):
    """Good moves, careless with the Ring: any payment, any One Ring ability that helps."""

    def ring_ok(self, pay: tuple[str, ...], final: bool) -> bool:
        return True

    def storytelling(self, options: list[Action]) -> Action:
        for action in options:
            if isinstance(action, Ring) and action.target in self.page.rules.ring_advice(
                self.page, self.state
            ):
                return action
        return super().storytelling(options)


def reckless(seed: int) -> HeuristicBot:
    bot = HeuristicBot(seed)
    bot.plan_type = RecklessPlan
    return bot


class HintPlayer:
    """Plays whatever the app's hint puts first, ranking every choice as a hint would."""

    name = "hint"

    def __init__(self, seed: int) -> None:
        self.advisor = hint_advisor(get_game(GAME), seed=seed)

    def choose(self, game: Game[Any], state: GameState) -> Action:
        return self.advisor.rank(game, state)[0].action


def bot_for(name: str, seed: int) -> Bot:
    if name == "reckless":
        return reckless(seed)
    if name == "hint":
        return HintPlayer(seed)
    return make_bot(get_game(GAME), name, seed)


def attempt(bot: str, players: int, chapter: int, seed: int) -> tuple[bool, int, int, str]:
    """One chapter attempt from a fresh campaign: (won, corruption, turns, reason)."""
    game = get_game(GAME)
    names = tuple(f"Seat {n + 1}" for n in range(players))
    options = game.convert_options({"chapter": chapter})
    state = game.setup(names, options, Chance.seeded(seed))
    bots = [bot_for(bot, derive_seed(seed, 1000 + n)) for n in range(players)]
    play_out(game, state, bots)
    assert isinstance(state, AdventureBookState)
    return state.result == "won", state.corruption, state.turn, state.result


def _attempt_job(args: tuple[str, int, int, int]) -> tuple[bool, int, int, str]:
    return attempt(*args)


def campaign(bot: str, players: int, seed: int, cap: int = 40) -> tuple[str, int, int, int]:
    """Play the chapters of this version in order, retrying lost ones.

    Returns (status, corruption at the end, attempts, last chapter reached).
    """
    last = max(pages())
    current = Campaign.new()
    attempts = 0
    while not current.finished and current.chapter <= last and attempts < cap:
        match = current.next_match(
            [f"Seat {n + 1}" for n in range(players)], derive_seed(seed, attempts)
        )
        bots = [bot_for(bot, derive_seed(seed, attempts, n)) for n in range(players)]
        play_out(match.game, match.state, bots)
        current = campaign_after(match)
        attempts += 1
    status = (
        current.status if current.finished else ("through" if current.chapter > last else "stuck")
    )
    return status, current.corruption, attempts, current.chapter


def _campaign_job(args: tuple[str, int, int]) -> tuple[str, int, int, int]:
    return campaign(*args)


def run_chapters(
    bot: str, games: int, seed: int, chapters: list[int], seats: list[int], workers: int
) -> None:
    print(f"bot {bot}, {games} attempts per row, seed {seed}")
    print("chapter players  won      95% CI          corruption/attempt  turns  outcomes")
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        for chapter in chapters:
            for players in seats:
                jobs = [
                    (bot, players, chapter, derive_seed(seed, chapter, players, i))
                    for i in range(games)
                ]
                began = time.perf_counter()
                results = pool.map(_attempt_job, jobs, chunksize=max(1, games // (workers * 4)))
                seconds = time.perf_counter() - began
                wins = sum(1 for r in results if r[0])
                low, high = wilson_interval(wins, games)
                corruption = sum(r[1] for r in results) / games
                turns = sum(r[2] for r in results) / games
                reasons = Counter(r[3] for r in results)
                outcome = ", ".join(f"{k} {v}" for k, v in reasons.most_common())
                print(
                    f"{chapter:>7} {players:>7}  {wins / games:6.1%}  {low:5.1%}-{high:5.1%}"
                    f"   {corruption:8.2f}            {turns:5.1f}  {outcome}  ({seconds:.0f} s)"
                )
                sys.stdout.flush()


def run_campaigns(bot: str, runs: int, seed: int, seats: list[int], workers: int) -> None:
    last = max(pages())
    print(f"bot {bot}, {runs} campaigns over chapters 1-{last} per row, seed {seed}")
    print(
        "players  through  95% CI         mean corruption  mean attempts  "
        "projected 8-chapter corruption"
    )
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        for players in seats:
            jobs = [(bot, players, derive_seed(seed, players, i)) for i in range(runs)]
            results = pool.map(_campaign_job, jobs, chunksize=max(1, runs // (workers * 4)))
            through = sum(1 for r in results if r[0] == "through")
            low, high = wilson_interval(through, runs)
            corruption = sum(r[1] for r in results) / runs
            attempts = sum(r[2] for r in results) / runs
            print(
                f"{players:>7}  {through / runs:6.1%}  {low:5.1%}-{high:5.1%}   {corruption:8.2f}"
                f"         {attempts:6.2f}         {corruption * 8 / last:6.1f}"
            )
            sys.stdout.flush()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--bot", default="heuristic", help="heuristic, random or reckless")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--chapters", default="", help="e.g. 1,3 (default: all)")
    parser.add_argument("--players", default="1,2,3,4")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--campaign", type=int, default=0, help="play this many campaigns instead")
    args = parser.parse_args(argv)
    rb.list_games()
    chapters = [int(c) for c in args.chapters.split(",")] if args.chapters else sorted(pages())
    seats = [int(p) for p in args.players.split(",")]
    if args.campaign:
        run_campaigns(args.bot, args.campaign, args.seed, seats, args.workers)
    else:
        run_chapters(args.bot, args.games, args.seed, chapters, seats, args.workers)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
