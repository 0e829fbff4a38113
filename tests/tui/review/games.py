"""Games to review: a Mount Doom game lost to a blunder, its analysis, and small ones."""

from __future__ import annotations

import functools

import ringbearer_engine as rb
from ringbearer_engine.analysis import monte_carlo
from ringbearer_tui.seats import Seat, seats_to_meta

# Seed 45, two players: the heuristic's first 41 steps, then Faramir moves the Nazgûl two
# spaces, which gathers them and loses at once (see tests/engine/mount_doom/test_analysis.py).
OPENING = (
    "roll orange,purple", "keep 4 orange", "add blue", "keep 3 blue", "roll orange,blue",
    "keep 1 blue", "add purple", "keep 2 orange", "use vision -", "choose keep",
    "roll orange,blue", "keep 6 blue", "add purple", "keep 4 purple", "roll orange,green",
    "keep 5 orange", "add red", "keep 2 green", "roll orange,green", "keep 4 green", "add red",
    "keep 1 orange", "use galadriel -", "use theoden legolas", "roll orange,blue",
    "keep 1 blue", "add red", "keep 6 orange", "roll orange,blue", "keep 6 orange", "add red",
    "keep 1 blue", "roll orange,green", "keep 6 orange", "add blue", "keep 1 blue",
    "roll orange,blue", "keep 2 orange", "add red", "keep 2 blue", "choose 1",
)  # fmt: skip
BLUNDER = len(OPENING)
TINY = monte_carlo(4)


def lost_game() -> rb.Match:
    meta = {"seats": seats_to_meta([Seat("Ann"), Seat("Bo")])}
    return rb.Match.from_log(
        "mount-doom", ["Ann", "Bo"], 45, None, [*OPENING, "use faramir 2"], meta=meta
    )


@functools.cache
def lost_game_analysis() -> rb.Analysis:
    """The last few steps judged by the game's own advisor, the blunder among them."""
    analysis = rb.analyse(lost_game(), first=BLUNDER - 3, futures=8)
    assert analysis.steps[-1].mark == "blunder"
    return analysis


def pig_game(steps: int = 8, *, finished: bool = False) -> rb.Match:
    meta = {"seats": seats_to_meta([Seat("Ann"), Seat("Bo", "bot", "heuristic")])}
    match = rb.Match.new("pig", ["Ann", "Bo"], seed=4, meta=meta, options={"target": 12})
    while match.outcome is None and (finished or len(match.log) < steps):
        options = match.actions()
        match.play(options[len(match.log) % len(options)])  # both seats get turns
    return match
