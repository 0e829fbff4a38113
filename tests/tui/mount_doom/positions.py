"""Seeded Mount Doom matches stopped at the moments the screen tests look at.

Each position is reached by letting the heuristic bot play a fixed seed until a condition on
the state holds, so it is the same every run.
"""

from __future__ import annotations

from collections.abc import Callable

import ringbearer_engine as rb
from ringbearer_engine.games.mount_doom.content import FINAL_STAGE
from ringbearer_engine.games.mount_doom.state import Ask, MountDoomState

Condition = Callable[[MountDoomState, rb.Match], bool]

PLAYERS = ("Ann", "Bo")


def reach(
    condition: Condition, *, seeds: range = range(1, 400), players: tuple[str, ...] = PLAYERS
) -> rb.Match:
    """The first seeded heuristic game that arrives where ``condition`` says, stopped there."""
    for seed in seeds:
        match = rb.Match.new("mount-doom", players, seed=seed, meta={"id": f"{seed:032x}"})
        bot = rb.make_bot(match.game, "heuristic", seed)
        while True:
            state = match.state
            assert isinstance(state, MountDoomState)
            if condition(state, match):
                return match
            if match.outcome is not None:
                break
            match.play(bot.choose(match.game, match.game.clone(state)))
    raise LookupError("no seed reaches that position; widen the range")


def at_start(state: MountDoomState, match: rb.Match) -> bool:
    return True


def in_battle(state: MountDoomState, match: rb.Match) -> bool:
    return state.pending == Ask.BATTLE


def army_of_the_dead(state: MountDoomState, match: rb.Match) -> bool:
    return state.pending == Ask.ARMY


def final_stage(state: MountDoomState, match: rb.Match) -> bool:
    return state.stage == FINAL_STAGE and state.pending == Ask.FINAL_START


def won(state: MountDoomState, match: rb.Match) -> bool:
    return match.outcome is not None and match.outcome.won


def lost(state: MountDoomState, match: rb.Match) -> bool:
    return match.outcome is not None and not match.outcome.won
