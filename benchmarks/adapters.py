"""Benchmark: random play through the research adapters against the engine's own loop (issue 45).

    .venv/bin/python benchmarks/adapters.py              # about a minute
    .venv/bin/python benchmarks/adapters.py --rounds 3   # quicker, noisier

For each game, random play over the same seeds is timed three ways, in alternating rounds,
and reported as decisions per second and as a ratio to the engine's own loop (the ``engine``
loop of ``action_ids.py``: ``game.actions``, a random pick, ``game.advance``):

* ``pettingzoo``: the AEC env of :mod:`ringbearer_engine.integrations.pettingzoo`, ``last()``
  at every turn (the acting seat's observation tensor and action mask), a random legal id;
* ``openspiel``: a state of :mod:`ringbearer_engine.integrations.openspiel`, the acting
  seat's ``observation_tensor`` at every decision, a random legal id, and each chance node's
  outcome drawn from its ``chance_outcomes``.

Both need the engine's extras (``pettingzoo``, ``openspiel``); a loop whose framework is not
installed is left out. Loops are timed in CPU time of this thread (``time.thread_time``), so
that waiting for the shared machine's cores does not count (``--wall`` for wall-clock time).
Mount Doom's engine loop is also compared with the bare, hand-written loop (``--yardstick``)
in the same rounds, by the same clock. Nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from action_ids import DEFAULT_YARDSTICK, Played, engine_loop, load_yardstick, race
from machine import describe_machine

from ringbearer_engine import get_game


def pettingzoo_loop(game_id: str, seats: int, seeds: range) -> Played:
    import numpy as np

    from ringbearer_engine.integrations.pettingzoo import env

    decisions = turns = 0
    aec = env(game_id, players=seats)
    for seed in seeds:
        aec.reset(seed=seed)
        pick = random.Random(seed).choice
        for _ in aec.agent_iter():
            observation, _, terminated, truncated, _ = aec.last()
            if terminated or truncated:
                aec.step(None)
                continue
            # A bool view finds the ones several times faster than np.flatnonzero on int8
            # (19 µs over the Book's 10,676 ids): the agent's cost is not the env's.
            aec.step(pick(observation["action_mask"].view(np.bool_).nonzero()[0].tolist()))
            decisions += 1
        turns += get_game(game_id).turn_number(aec.match.state)
    return decisions, turns


def openspiel_loop(game_id: str, seats: int, seeds: range) -> Played:
    import pyspiel

    from ringbearer_engine.integrations import openspiel

    openspiel.register()
    decisions = 0
    for seed in seeds:
        game = pyspiel.load_game(openspiel.short_name(game_id), {"players": seats, "seed": seed})
        state = game.new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            state.observation_tensor(state.current_player())
            state.apply_action(rng.choice(state.legal_actions()))
            decisions += 1
    return decisions, 0


def installed(module: str) -> bool:
    return importlib.util.find_spec(module) is not None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=10, help="games per loop and round")
    parser.add_argument("--yardstick", type=Path, default=DEFAULT_YARDSTICK)
    parser.add_argument("--wall", action="store_true", help="time in wall-clock time")
    args = parser.parse_args()
    print(f"machine: {describe_machine()}")
    loops: dict[str, Callable[[str, int, range], Played]] = {"engine": engine_loop}
    for name, module, loop in (
        ("pettingzoo", "pettingzoo", pettingzoo_loop),
        ("openspiel", "pyspiel", openspiel_loop),
    ):
        if installed(module):
            loops[name] = loop
        else:
            print(f"{module} is not installed: the {name} loop is left out")
    bare: Any = load_yardstick(args.yardstick) if args.yardstick.exists() else None
    print(
        f"medians of {args.rounds} rounds of {args.games} random games each; "
        f"decisions per {'second' if args.wall else 'CPU second'}, and the ratio to the "
        "engine's own loop"
    )
    clock = time.perf_counter if args.wall else time.thread_time
    engine_doom, bare_rates = race(
        loops, args.rounds, args.games, bare, turns_of="engine", clock=clock
    )
    if bare_rates:
        engine_turns, bare_turns = statistics.median(engine_doom), statistics.median(bare_rates)
        print(
            f"mount-doom turns/s, engine loop {engine_turns:,.0f}; bare loop "
            f"({args.yardstick.name}) {bare_turns:,.0f}; ratio {engine_turns / bare_turns:.2f}"
        )


if __name__ == "__main__":
    main()
