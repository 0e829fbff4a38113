"""Benchmark: the engine's speed beside a bare hand-written loop, in one run (issue 17).

    .venv/bin/python benchmarks/engine_speed.py                # about a minute
    .venv/bin/python benchmarks/engine_speed.py --rounds 3     # quicker, noisier
    .venv/bin/python benchmarks/engine_speed.py --yardstick ../shared/tools/bare_mount_doom.py

The machine is shared, so absolute rates say little: what is reported is each engine rate
*divided by* the rate of :func:`bare_turns` measured in the same run, in alternating rounds
(bare, engine, Match, bare, ...), as medians. Contention slows every column alike.

1. Mount Doom random play at Game level (what ``rb.simulate`` does), in turns per second.
2. Mount Doom random play through ``Match.actions()`` and ``Match.play()``, turns per second.
3. ``save()`` + ``Match.load()`` (which replays the log and checks the snapshot) of a typical
   mid-game match of each game, in milliseconds (medians), and in turns of the bare loop timed
   just before and after (what that is in milliseconds at the bare loop's speed when issue 17
   set its targets).
4. ``import ringbearer_engine`` in a fresh interpreter (``-X importtime``), median.

Games last different numbers of turns in the engine and in the bare loop, so rates are
compared in turns per second. ``--yardstick FILE`` also times another bare loop (a module
with ``play(rng)`` and a ``TURNS`` counter, as issue 17's yardstick has) in the same rounds,
to check that this file's loop is comparable. Nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

from machine import describe_machine

from ringbearer_engine import Chance, Match, derive_seed, get_game
from ringbearer_engine.bots import RandomBot
from ringbearer_engine.simulate import play_game

# -- the bare loop -----------------------------------------------------------------------------
#
# A yardstick, not a rules engine: Adventure to Mount Doom cut down to the work a turn needs in
# straight Python (two dice rolls with choices, an encounter row, exact moves to stage goals,
# event spaces, battles with support, Uruk-hai and Nazgul, a final stage), with plain ints and
# lists, no objects, no events, no checks, and simplified numbers. Not rules-faithful.

GOAL_EVERY = 8  # seven path spaces, then the stage goal
LAST_STAGE = 5
FINAL_SPACES = 7
# Per stage, the path offset of its dark-heart space and of its Nazgul space.
STRIKES = ((7, 3), (2, 7), (6, 4), (3, 6), (1, 3))
# Encounter cards as (effect, hearts); effects: B battle, N nazgul, S more Uruk-hai,
# U Uruk-hai battles, L lose resolve, F a friend (the slot empties).
B, N, S, U, L, F = range(6)
ENCOUNTERS = (
    ((B, 2), (S, 0), (N, 0), (L, 3), (B, 1), (F, 0), (F, 0)),
    ((B, 2), (L, 2), (F, 0), (N, 0), (U, 1), (S, 0), (F, 0)),
    ((F, 0), (L, 0), (F, 0), (N, 0), (U, 1), (B, 2), (S, 0)),
    ((N, 0), (L, 3), (B, 2), (L, 2), (U, 1), (F, 0), (F, 0)),
    ((L, 2), (B, 2), (L, 2), (B, 1), (F, 0), (U, 1), (B, 2)),
)
FINAL_CARDS = ((-2,), (2,), (-1,), (-1,), (-1,), (0,), (1,))  # resolve change per black face
EMPTY_SLOT_FIGURE = (0, 1, 2, 3, 4, 0)  # 0 on an empty slot: a Nazgul comes instead


def bare_game(rng: random.Random) -> tuple[bool, int]:
    """One random game of the cut-down rules: (won, turns)."""
    randint, sample, choice = rng.randint, rng.sample, rng.choice
    where = [0] * 5  # figure 0 is the Ring-bearer; absolute space numbers
    resolve, nazgul, uruk = 8, 1, 1
    stage, turns = 0, 0
    row: list[tuple[int, int] | None] = list(sample(ENCOUNTERS[0], 6))
    while stage < LAST_STAGE:
        turns += 1
        goal = (stage + 1) * GOAL_EVERY
        first = sample(range(5), 2)
        blacks = (randint(1, 6), randint(1, 6))
        companions = [(colour, randint(1, 6)) for colour in first]
        kept = choice(companions)
        tray = [(choice(blacks), *kept)]
        unkept = next(colour for colour, _ in companions if colour != kept[0])
        third = choice([c for c in range(5) if c not in first])
        figure, steps = choice(((unkept, randint(1, 6)), (third, randint(1, 6))))
        tray.append((randint(1, 6), figure, steps))
        reached = False
        for black, figure, steps in tray:
            card = row[black - 1]
            if card is None:
                mover = EMPTY_SLOT_FIGURE[black - 1]
                if mover:
                    where[mover] += randint(0, 2)
                else:
                    nazgul += 1
            else:
                effect, hearts = card
                if effect in (B, U):
                    for _ in range(uruk if effect == U else 1):
                        face = randint(0, 5)
                        helped = face < 4 and where[0] <= where[face + 1] <= goal
                        if not helped:
                            resolve -= hearts or 1
                        elif effect == U and uruk > 1:
                            uruk -= 1
                elif effect == N:
                    nazgul += 1
                elif effect == S:
                    uruk = min(6, uruk + 2)
                elif effect == L:
                    resolve -= hearts
                else:
                    row[black - 1] = None
            if resolve < 0 or nazgul >= 9:
                return False, turns
            target = where[figure] + steps
            if figure == 0 and target >= goal:
                target, reached = goal, True
            elif figure and target == goal:
                resolve = min(12, resolve + 1)
            where[figure] = target
            stage_of, offset = divmod(target, GOAL_EVERY)
            if offset and stage_of < LAST_STAGE and sum(p == target for p in where) == 1:
                heart, wraith = STRIKES[stage_of]
                if offset == heart:
                    resolve -= 1
                elif offset == wraith:
                    nazgul += 1
            if resolve < 0 or nazgul >= 9:
                return False, turns
        if reached:
            stage += 1
            if stage < LAST_STAGE:
                row = list(sample(ENCOUNTERS[stage], 6))
    step = where[1:].count(LAST_STAGE * GOAL_EVERY)
    while step < FINAL_SPACES:
        turns += 1
        resolve = min(12, resolve + FINAL_CARDS[randint(0, 6)][0])
        if resolve < 0:
            return False, turns
        step += 1
    return True, turns


def bare_turns(games: int, seed: int) -> float:
    """Turns per second of the bare loop over ``games`` games."""
    rng = random.Random(seed)
    turns = 0
    began = time.perf_counter()
    for _ in range(games):
        turns += bare_game(rng)[1]
    return turns / (time.perf_counter() - began)


def yardstick_turns(module: ModuleType, games: int, seed: int) -> float:
    """Turns per second of another bare loop: ``module.play(rng)`` counting in ``TURNS``."""
    rng = random.Random(seed)
    module.TURNS[0] = 0
    began = time.perf_counter()
    for _ in range(games):
        module.play(rng)
    return int(module.TURNS[0]) / (time.perf_counter() - began)


def load_yardstick(path: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location("yardstick", Path(path))
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot import {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    if not callable(getattr(module, "play", None)) or not hasattr(module, "TURNS"):
        raise SystemExit(f"{path} has no play(rng) and TURNS counter")
    return module


# -- the engine --------------------------------------------------------------------------------

PLAYERS = ("Ann", "Bo")


def game_level_turns(games: int, seed: int) -> float:
    """Turns per second of random play at Game level, as ``rb.simulate`` plays it."""
    turns = 0
    began = time.perf_counter()
    for index in range(games):
        turns += play_game("mount-doom", ["random", "random"], seed, index).turns
    return turns / (time.perf_counter() - began)


def match_turns(games: int, seed: int) -> float:
    """Turns per second of random play through ``Match``, as a client plays: it asks the match
    for the legal actions and plays one."""
    game = get_game("mount-doom")
    turns = 0
    began = time.perf_counter()
    for index in range(games):
        game_seed = derive_seed(seed, index)
        match = Match.new(game, PLAYERS, seed=game_seed)
        # Its own stream, drawn as the random bots of Game-level play draw theirs.
        pick = Chance.seeded(derive_seed(game_seed, 1)).picker()
        while options := match.actions():
            match.play(options[pick(len(options))])
        turns += game.turn_number(match.state)
    return turns / (time.perf_counter() - began)


def ratios(rounds: int, bare_games: int, engine_games: int, other: ModuleType | None) -> None:
    bare: list[float] = []
    engine: list[float] = []
    match: list[float] = []
    yardstick: list[float] = []
    for seed in range(rounds):
        bare.append(bare_turns(bare_games, seed))
        engine.append(game_level_turns(engine_games, seed))
        match.append(match_turns(engine_games // 2, seed))
        if other is not None:
            yardstick.append(yardstick_turns(other, bare_games, seed))
        bare.append(bare_turns(bare_games, 1000 + seed))
    base = statistics.median(bare)
    print(f"bare loop:                  median {base:9,.0f} turns/s")
    rows = [("Game level (rb.simulate):", engine), ("Match.play:", match)]
    if yardstick:
        rows.append(("yardstick (--yardstick):", yardstick))
    for label, rates in rows:
        rate = statistics.median(rates)
        around = [(before + after) / 2 for before, after in zip(bare[::2], bare[1::2], strict=True)]
        per_round = ", ".join(f"{r / b:.3f}" for r, b in zip(rates, around, strict=True))
        print(
            f"{label:<27} median {rate:9,.0f} turns/s  ratio {rate / base:.3f}"
            f"  (per round {per_round})"
        )


# -- saves and import --------------------------------------------------------------------------

MID_GAME = {
    "mount-doom": (("Ann", "Bo"), {}, 36),
    "adventure-game": (("Ann", "Bo", "Cy", "Di"), {}, 120),
    "adventure-book": (("Ann", "Bo"), {"chapter": 1}, 40),
}
"""Seats, options and steps of random play that make a typical mid-game save of each game."""


def mid_game(game_id: str) -> Match:
    players, options, steps = MID_GAME[game_id]
    for seed in range(100):
        match = Match.new(game_id, players, seed=seed, options=options)
        bot = RandomBot(seed)
        while match.outcome is None and len(match.log) < steps:
            match.play(bot.choose(match.game, match.state))
        if match.outcome is None:
            return match
    raise RuntimeError(f"no {game_id} match lasted {steps} steps")  # pragma: no cover


ISSUE_BARE_RATE = 118_000
"""The yardstick's turns per second when issue 17 set its targets (``bare_mount_doom.py``, which
runs at about the speed of :func:`bare_turns`). A load's time in bare-loop turns, measured in
the same run, converts to the milliseconds it would have taken on the machine as it was then:
the shared machine's speed varies about threefold from day to day."""


def save_load(times: int, bare_games: int) -> None:
    for game_id in MID_GAME:
        match = mid_game(game_id)
        size = len(match.save())
        before = bare_turns(bare_games, 7)
        costs = timed(lambda: Match.load(match.save()), times)  # noqa: B023 - used at once
        after = bare_turns(bare_games, 8)
        cost = statistics.median(costs)
        turns = cost * (before + after) / 2
        print(
            f"save()+load(), {game_id + ':':<16} median {cost * 1e3:6.3f} ms"
            f"  ({len(match.log)} steps, {size:,} bytes) = {turns:5.1f} bare-loop turns,"
            f" {turns / ISSUE_BARE_RATE * 1e3:.2f} ms at {ISSUE_BARE_RATE:,} turns/s"
        )


def timed(work: Callable[[], object], times: int) -> list[float]:
    costs = []
    for _ in range(times):
        began = time.perf_counter()
        work()
        costs.append(time.perf_counter() - began)
    return costs


def import_time(times: int) -> None:
    costs = []
    for _ in range(times):
        result = subprocess.run(
            [sys.executable, "-X", "importtime", "-c", "import ringbearer_engine"],
            capture_output=True,
            text=True,
            check=True,
        )
        last = result.stderr.strip().splitlines()[-1]
        costs.append(int(last.split("|")[1]) / 1e3)
    print(f"import ringbearer_engine:   median {statistics.median(costs):6.1f} ms ({times} runs)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7, help="alternating rounds")
    parser.add_argument("--bare-games", type=int, default=4000, help="bare games per round")
    parser.add_argument("--games", type=int, default=400, help="engine games per round")
    parser.add_argument("--saves", type=int, default=300, help="save+load repetitions")
    parser.add_argument("--imports", type=int, default=11, help="fresh interpreters")
    parser.add_argument("--yardstick", help="another bare loop to time beside this one")
    args = parser.parse_args()
    other = load_yardstick(args.yardstick) if args.yardstick else None
    get_game("mount-doom")  # the game modules' import is not part of any rate
    print(f"machine: {describe_machine()}; one process")
    ratios(args.rounds, args.bare_games, args.games, other)
    save_load(args.saves, args.bare_games)
    import_time(args.imports)


if __name__ == "__main__":
    main()
