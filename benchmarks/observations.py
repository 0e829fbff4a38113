"""Benchmark: random play with observations beside the engine's own loop, in one run (issue 45).

    .venv/bin/python benchmarks/observations.py               # a minute or two
    .venv/bin/python benchmarks/observations.py --rounds 3    # quicker, noisier

For each game, random play at Game level (``actions`` then ``advance``, the loop
``rb.simulate`` runs) is timed in alternating rounds beside the same games played with an
observation taken at every step, as a research loop takes it:

* ``tensor``: the observation tensor of the seat to move (what a PettingZoo AEC env's
  ``last()`` hands the agent);
* ``all tensors``: every seat's tensor (what an OpenSpiel observer asks for in a test);
* ``string``: the observation string of the seat to move;
* ``info state``: ``InformationStates.record`` at every step, then the information-state
  tensor of the seat to move (the history kept for every seat).

Times are the CPU time of this thread (``time.thread_time``), so that the time spent waiting
for the shared machine's cores is not counted. Each column is reported as steps per second and
as a ratio to the engine's own loop in the same rounds (medians); the issue asks for a
PettingZoo loop with observations at 0.5 or better. The same games are played in every column
(one random stream per game), game by game and each column in turn, so that a change in the
machine's load falls on every column alike. The hand-written yardstick ``bare_mount_doom.py``
(``--yardstick``; by default the shared one, when it exists) is timed in the same rounds,
beside Mount Doom's engine loop, in turns per second.
Nothing here asserts a time.
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
from typing import Any

from machine import describe_machine

from ringbearer_engine import Chance, GameState, InformationStates, get_game, get_observer

GAMES: dict[str, tuple[int, dict[str, Any]]] = {
    "mount-doom": (2, {}),
    "adventure-game": (3, {}),
    "adventure-book ch1": (2, {"chapter": 1}),
    "adventure-book ch6": (3, {"chapter": 6}),
}
"""Label -> seats and options of the games played."""
STEP_CAP = 3000
"""Random play in the Adventure Game can wander for a long time; every column stops here."""
DEFAULT_YARDSTICK = Path("/work/shared/tools/bare_mount_doom.py")

PerStep = Callable[[Any, GameState, int], None] | None
"""Work a research loop does at each step: (observer, state, seat to move)."""


def tensor(observer: Any, state: GameState, seat: int) -> None:
    observer.tensor(state, seat)


def all_tensors(observer: Any, state: GameState, seat: int) -> None:
    for n in range(len(state.players)):
        observer.tensor(state, n)


def string(observer: Any, state: GameState, seat: int) -> None:
    observer.string(state, seat)


COLUMNS: dict[str, PerStep] = {
    "engine": None,
    "tensor": tensor,
    "all tensors": all_tensors,
    "string": string,
    "info state": None,  # played by its own loop: it records before each step
}


def play(label: str, seed: int, column: str) -> tuple[int, int, float]:
    """(steps, turns, seconds) of one random game, doing ``column``'s work at each step."""
    game_id = label.split(maxsplit=1)[0]
    seats, options = GAMES[label]
    game = get_game(game_id)
    observer = get_observer(game_id)
    per_step = COLUMNS[column]
    players = tuple(f"P{n}" for n in range(seats))
    state = game.setup(players, game.convert_options(options), Chance.seeded(seed))
    pick = random.Random(seed).randrange
    recall = InformationStates(game, state) if column == "info state" else None
    steps = 0
    began = time.thread_time()
    for _ in range(STEP_CAP):
        seat = game.to_move(state)
        if seat is None:
            break
        actions = game.actions(state)
        if per_step is not None:
            per_step(observer, state, seat)
        action = actions[pick(len(actions))]
        if recall is not None:
            recall.tensor(state, seat)
            recall.record(state, action)
        game.advance(state, action)
        steps += 1
    return steps, game.turn_number(state), time.thread_time() - began


def yardstick_turns(module: ModuleType, games: int, seed: int) -> float:
    rng = random.Random(seed)
    module.TURNS[0] = 0
    began = time.thread_time()
    for _ in range(games):
        module.play(rng)
    return int(module.TURNS[0]) / (time.thread_time() - began)


def load_yardstick(path: Path) -> ModuleType | None:
    if not path.exists():
        return None
    spec = importlib.util.spec_from_file_location("yardstick", path)
    if spec is None or spec.loader is None:
        return None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds")
    parser.add_argument("--games", type=int, default=20, help="games per column and round")
    parser.add_argument("--bare-games", type=int, default=2000, help="yardstick games per round")
    parser.add_argument("--yardstick", type=Path, default=DEFAULT_YARDSTICK)
    args = parser.parse_args()
    bare = load_yardstick(args.yardstick)
    print(f"machine: {describe_machine()}; one process; medians of {args.rounds} rounds")
    print(f"{'game':20} {'column':12} {'steps/s':>10} {'ratio':>6}  per round")
    md_turns: list[float] = []
    bare_rates: list[float] = []
    for label in GAMES:
        rates: dict[str, list[float]] = {column: [] for column in COLUMNS}
        for column in COLUMNS:  # untimed: fills the observers' memos as a long run would
            play(label, 10**6, column)
        for round_ in range(args.rounds):
            # Game by game, every column in turn: a change in the machine's load falls on
            # all columns alike.
            totals = {column: [0, 0, 0.0] for column in COLUMNS}
            for index in range(args.games):
                for column, total in totals.items():
                    steps, turns, seconds = play(label, round_ * 1000 + index, column)
                    total[0] += steps
                    total[1] += turns
                    total[2] += seconds
            for column, (steps, turns, seconds) in totals.items():
                rates[column].append(steps / seconds)
                if label == "mount-doom" and column == "engine":
                    md_turns.append(turns / seconds)
            if label == "mount-doom" and bare is not None:
                bare_rates.append(yardstick_turns(bare, args.bare_games, round_))
        engine = rates["engine"]
        for column, values in rates.items():
            per_round = ", ".join(f"{v / e:.2f}" for v, e in zip(values, engine, strict=True))
            print(
                f"{label:20} {column:12} {statistics.median(values):>10,.0f} "
                f"{statistics.median(values) / statistics.median(engine):>6.2f}  ({per_round})",
                flush=True,
            )
    if bare_rates:
        md, yard = statistics.median(md_turns), statistics.median(bare_rates)
        print(
            f"mount-doom engine loop {md:,.0f} turns/s; {args.yardstick.name} {yard:,.0f} "
            f"turns/s; engine/bare {md / yard:.3f}"
        )
    else:
        print(f"no yardstick at {args.yardstick}")


if __name__ == "__main__":
    main()
