"""Games to review: a Mount Doom game lost to a blunder, its analysis, and small ones."""

from __future__ import annotations

import functools

from blunder_game import FATAL, OPENING

import ringbearer_engine as rb
from ringbearer_engine.analysis import monte_carlo
from ringbearer_tui.seats import Seat, seats_to_meta

BLUNDER = len(OPENING)
TINY = monte_carlo(4)


def lost_game() -> rb.Match:
    meta = {"seats": seats_to_meta([Seat("Ann"), Seat("Bo")])}
    return rb.Match.from_log("mount-doom", ["Ann", "Bo"], 45, None, [*OPENING, FATAL], meta=meta)


@functools.cache
def lost_game_analysis() -> rb.Analysis:
    """The last few steps judged by the game's own advisor, the blunder among them."""
    analysis = rb.analyse(lost_game(), first=BLUNDER - 3, futures=48)
    assert analysis.steps[-1].mark == "blunder"
    return analysis


def pig_game(steps: int = 8, *, finished: bool = False) -> rb.Match:
    meta = {"seats": seats_to_meta([Seat("Ann"), Seat("Bo", "bot", "heuristic")])}
    match = rb.Match.new("pig", ["Ann", "Bo"], seed=4, meta=meta, options={"target": 12})
    while match.outcome is None and (finished or len(match.log) < steps):
        options = match.actions()
        match.play(options[len(match.log) % len(options)])  # both seats get turns
    return match
