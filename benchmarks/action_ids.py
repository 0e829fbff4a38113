"""Benchmark: random play through action ids against the engine's own loop (issue 45).

    .venv/bin/python benchmarks/action_ids.py               # about half a minute
    .venv/bin/python benchmarks/action_ids.py --rounds 3    # quicker, noisier
    .venv/bin/python benchmarks/action_ids.py --yardstick ../shared/tools/bare_mount_doom.py

For each game, random play (the same seeds) is timed five ways, in alternating rounds, and
reported as decisions per second and as a ratio to the engine's own loop (after an untimed
pass over the same seeds, each loop going first in turn):

* ``engine``: ``game.actions(state)``, a random pick, ``game.advance`` (what ``rb.simulate``
  does);
* ``ids``: ``game.legal_ids(state)``, a random id, ``catalogue.decode``, ``game.advance``: what
  an agent with a fixed action space does;
* ``ids+mask``: the same, building the legal mask from the ids (``catalogue.mask(ids)``) too
  at every decision;
* ``match``: ``match.actions()`` and ``match.play()``, the checked loop a client uses;
* ``match ids``: ``match.legal_ids()`` and ``match.play_id()``.

Mount Doom's turns per second through ids are also divided by the turns per second of a bare,
hand-written random-play loop (``--yardstick``, a module with ``play(rng)`` and a ``TURNS``
counter; by default ``/work/shared/tools/bare_mount_doom.py`` when it exists) timed in the same
rounds, since the machine is shared. Nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

from machine import describe_machine

from ringbearer_engine import Match, get_game

GAMES = {"mount-doom": 2, "adventure-game": 3, "adventure-book": 2}
"""Each game with its seats."""
DEFAULT_YARDSTICK = Path("/work/shared/tools/bare_mount_doom.py")

Played = tuple[int, int]
"""(decisions, turns) of the games a loop played."""


def engine_loop(game_id: str, seats: int, seeds: range) -> Played:
    game = get_game(game_id)
    decisions = turns = 0
    for seed in seeds:
        state = Match.new(game_id, [f"P{n}" for n in range(seats)], seed=seed).state
        pick = random.Random(seed).choice
        while actions := game.actions(state):
            game.advance(state, pick(actions))
            decisions += 1
        turns += game.turn_number(state)
    return decisions, turns


def id_loop(game_id: str, seats: int, seeds: range, *, mask: bool = False) -> Played:
    game = get_game(game_id)
    catalogue = game.numbered_actions()
    decode = catalogue.decode
    decisions = turns = 0
    for seed in seeds:
        state = Match.new(game_id, [f"P{n}" for n in range(seats)], seed=seed).state
        pick = random.Random(seed).choice
        while ids := game.legal_ids(state):
            if mask:
                catalogue.mask(ids)
            game.advance(state, decode(pick(ids)))
            decisions += 1
        turns += game.turn_number(state)
    return decisions, turns


def match_loop(game_id: str, seats: int, seeds: range, *, ids: bool = False) -> Played:
    decisions = turns = 0
    for seed in seeds:
        match = Match.new(game_id, [f"P{n}" for n in range(seats)], seed=seed)
        pick = random.Random(seed).choice
        while match.outcome is None:
            if ids:
                match.play_id(pick(match.legal_ids()))
            else:
                match.play(pick(match.actions()))
            decisions += 1
        turns += match.game.turn_number(match.state)
    return decisions, turns


def load_yardstick(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location("yardstick", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def bare_turns_per_second(
    bare: ModuleType, seconds: float, clock: Callable[[], float] = time.perf_counter
) -> float:
    rng = random.Random(1)
    start_turns = bare.TURNS[0]
    start = clock()
    while clock() - start < seconds:
        bare.play(rng)
    return float(bare.TURNS[0] - start_turns) / (clock() - start)


def timed(
    loop: Callable[[str, int, range], Played],
    game_id: str,
    seats: int,
    seeds: range,
    clock: Callable[[], float] = time.perf_counter,
) -> tuple[float, float]:
    """Decisions and turns per second of one run of ``loop``, timed by ``clock``."""
    start = clock()
    decisions, turns = loop(game_id, seats, seeds)
    spent = clock() - start
    return decisions / spent, turns / spent


def race(
    loops: dict[str, Callable[[str, int, range], Played]],
    rounds: int,
    games: int,
    bare: ModuleType | None,
    *,
    turns_of: str,
    clock: Callable[[], float] = time.perf_counter,
) -> tuple[list[float], list[float]]:
    """Time every loop on every game in alternating rounds (by ``clock``) and print the
    medians, as decisions per second and as a ratio to the ``engine`` loop. Returns Mount
    Doom's turns per second through ``turns_of`` and the bare loop's, one figure a round."""
    print(f"{'game':16}" + "".join(f"{name:>20}" for name in loops))
    doom_turns: list[float] = []
    bare_rates: list[float] = []
    for game_id, seats in GAMES.items():
        rates: dict[str, list[float]] = {name: [] for name in loops}
        for round_ in range(rounds):
            seeds = range(round_ * games, (round_ + 1) * games)
            if bare is not None and game_id == "mount-doom":
                bare_rates.append(bare_turns_per_second(bare, 0.5, clock))
            # An untimed pass first: the rules cache what hands can do, and the loop that met
            # a hand first would pay for all. The loops then take turns at going first.
            engine_loop(game_id, seats, seeds)
            order = list(loops.items())
            order = order[round_ % len(order) :] + order[: round_ % len(order)]
            for name, loop in order:
                per_decision, per_turn = timed(loop, game_id, seats, seeds, clock)
                rates[name].append(per_decision)
                if name == turns_of and game_id == "mount-doom":
                    doom_turns.append(per_turn)
        medians = {name: statistics.median(values) for name, values in rates.items()}
        base = medians["engine"]
        print(
            f"{game_id:16}"
            + "".join(f"{medians[name]:>12,.0f} {medians[name] / base:>6.2f}x" for name in loops)
        )
    return doom_turns, bare_rates


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=40, help="games per loop and round")
    parser.add_argument("--yardstick", type=Path, default=DEFAULT_YARDSTICK)
    args = parser.parse_args()
    print(f"machine: {describe_machine()}")
    bare = load_yardstick(args.yardstick) if args.yardstick.exists() else None
    for game_id in GAMES:  # build the catalogues before timing
        get_game(game_id).numbered_actions()
    print(
        f"medians of {args.rounds} rounds of {args.games} random games each; "
        "decisions per second, and the ratio to the engine's own loop"
    )
    loops: dict[str, Callable[[str, int, range], Played]] = {
        "engine": engine_loop,
        "ids": id_loop,
        "ids+mask": lambda g, s, r: id_loop(g, s, r, mask=True),
        "match": match_loop,
        "match ids": lambda g, s, r: match_loop(g, s, r, ids=True),
    }
    doom_turns, bare_rates = race(loops, args.rounds, args.games, bare, turns_of="ids")
    if bare_rates:
        ids_turns, bare_turns = statistics.median(doom_turns), statistics.median(bare_rates)
        print(
            f"mount-doom turns/s through ids {ids_turns:,.0f}; bare loop "
            f"({args.yardstick.name}) {bare_turns:,.0f}; ratio {ids_turns / bare_turns:.2f}"
        )
    else:
        print(f"no yardstick at {args.yardstick}: bare loop not timed")


if __name__ == "__main__":
    main()
