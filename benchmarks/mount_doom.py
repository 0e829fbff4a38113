"""Benchmarks for Adventure to Mount Doom (``mount-doom``); figures for docs/performance.md.

Run: ``.venv/bin/python benchmarks/mount_doom.py [--games 5000] [--repeat 5]``

Prints, with the machine it ran on:

* random full games per second on one core (setup + random legal play to the end);
* heuristic full games per second on one core;
* the median cost of ``Match.play()`` (legality check, snapshot for undo, the rules);
* the median cost of ``save()`` + ``Match.load()`` of a mid-game match (and of a load that
  skips replaying the log);
* the Monte-Carlo advisor's time per decision (CPU) at ``mc:60``, the strength measured
  against the heuristic, and at the 400 futures of the app's hint.

Plain Python and ``time.perf_counter``; medians over repeats; nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from machine import describe_machine

from ringbearer_engine import Chance, Match, get_game
from ringbearer_engine.bots import MonteCarloAdvisor, RandomBot, make_bot, play_out
from ringbearer_engine.chance import derive_seed

GAME = "mount-doom"
PLAYERS = ("Ann", "Bo")


def games_per_second(bot: str, games: int, repeat: int) -> tuple[list[float], list[float]]:
    """Full games per second, one process, ``repeat`` runs of ``games`` games each: by the
    wall clock, and by the CPU time of this process (which other load on the machine does not
    inflate)."""
    game = get_game(GAME)
    options = game.convert_options({})
    wall, cpu = [], []
    for run in range(repeat):
        began, began_cpu = time.perf_counter(), time.process_time()
        for index in range(games):
            seed = derive_seed(run, index)
            state = game.setup(PLAYERS, options, Chance.seeded(seed))
            bots = [make_bot(game, bot, derive_seed(seed, 1000 + n)) for n in range(len(PLAYERS))]
            play_out(game, state, bots)
        wall.append(games / (time.perf_counter() - began))
        cpu.append(games / (time.process_time() - began_cpu))
    return wall, cpu


def mid_game_match(seed: int = 7, turns: int = 8) -> Match:
    """A match some turns in, played by random bots (restarted if it ends too early)."""
    while True:
        match = Match.new(GAME, PLAYERS, seed=seed)
        bot = RandomBot(seed)
        while match.outcome is None and match.state.turn <= turns:  # type: ignore[attr-defined]
            match.play(bot.choose(match.game, match.state))
        if match.outcome is None:
            return match
        seed += 1


def play_costs(matches: int) -> list[float]:
    """Seconds per ``Match.play`` call over whole random matches."""
    costs = []
    for seed in range(matches):
        match = Match.new(GAME, PLAYERS, seed=seed)
        bot = RandomBot(seed)
        while match.outcome is None:
            action = bot.choose(match.game, match.state)
            began = time.perf_counter()
            match.play(action)
            costs.append(time.perf_counter() - began)
    return costs


def timed(work: Callable[[], object], times: int) -> list[float]:
    costs = []
    for _ in range(times):
        began = time.perf_counter()
        work()
        costs.append(time.perf_counter() - began)
    return costs


def advisor_costs(playouts: int, games: int) -> list[float]:
    """CPU seconds of one advisor decision, at every decision with more than one choice in
    ``games`` games that the heuristic plays (the positions the advisor meets in practice)."""
    game = get_game(GAME)
    options = game.convert_options({})
    costs = []
    for index in range(games):
        seed = derive_seed(99, index)
        state = game.setup(PLAYERS, options, Chance.seeded(seed))
        policy = make_bot(game, "heuristic", seed)
        advisor = MonteCarloAdvisor(game, playouts=playouts, seed=seed)
        while game.to_move(state) is not None:
            if len(game.actions(state)) > 1:
                began = time.process_time()
                advisor.rank(game, state)
                costs.append(time.process_time() - began)
            game.apply(state, policy.choose(game, state))
    return costs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5000, help="games per throughput run")
    parser.add_argument("--heuristic-games", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=5, help="runs per throughput figure")
    parser.add_argument("--matches", type=int, default=200, help="matches for play() costs")
    parser.add_argument("--saves", type=int, default=2000, help="save+load repetitions")
    parser.add_argument("--advisor-games", type=int, default=4, help="games for advisor costs")
    args = parser.parse_args()

    print(f"Adventure to Mount Doom benchmarks on {describe_machine()}")
    for bot, games in (("random", args.games), ("heuristic", args.heuristic_games)):
        wall, cpu = games_per_second(bot, games, args.repeat)
        print(
            f"{bot + ' full games/s, one core:':<33} median {statistics.median(wall):8.1f}"
            f"  (per CPU-second {statistics.median(cpu):.1f}; runs:"
            f" {', '.join(f'{r:.0f}' for r in wall)}; {games} games each)"
        )
    costs = play_costs(args.matches)
    print(
        f"Match.play():                     median {statistics.median(costs) * 1e6:8.1f} µs"
        f"  (90th percentile {statistics.quantiles(costs, n=10)[-1] * 1e6:.1f} µs;"
        f" {len(costs)} calls)"
    )
    match = mid_game_match()
    data = match.save()
    size = len(data)
    both = timed(lambda: Match.load(match.save()), args.saves)
    fast = timed(lambda: Match.load(match.save(), verify=False), args.saves)
    print(
        f"save()+load(), mid-game:          median {statistics.median(both) * 1e3:8.3f} ms"
        f"  ({len(match.log)} logged steps, turn {match.state.turn}, {size} bytes;"  # type: ignore[attr-defined]
        f" load replays and checks the log)"
    )
    print(f"save()+load(verify=False):        median {statistics.median(fast) * 1e3:8.3f} ms")
    for playouts in (60, 400):
        costs = advisor_costs(playouts, args.advisor_games)
        label = f"advisor decision, mc:{playouts}:"
        print(
            f"{label:<33} median {statistics.median(costs) * 1e3:8.1f} ms CPU"
            f"  (90th percentile {statistics.quantiles(costs, n=10)[-1] * 1e3:.1f} ms;"
            f" {len(costs)} decisions)"
        )


if __name__ == "__main__":
    main()
