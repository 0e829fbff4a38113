"""Reviewing a Mount Doom game: a choice into certain loss is marked a blunder."""

from __future__ import annotations

from blunder_game import FATAL, OPENING

import ringbearer_engine as rb
from ringbearer_engine.analysis import BLUNDER, monte_carlo

TINY = monte_carlo(24)
"""A weak advisor keeps the test quick; a certain loss is plain even to it."""


def blundered_match() -> rb.Match:
    match = rb.Match.from_log("mount-doom", ["Ann", "Bo"], 45, None, [*OPENING, FATAL])
    assert match.outcome is not None
    assert not match.outcome.won
    return match


def test_a_choice_into_certain_loss_is_marked_a_blunder() -> None:
    # The game's own advisor, on the last step only; a blunder is marked only when the
    # lower end of the loss's interval passes the bar, which takes a few dozen futures.
    analysis = rb.analyse(blundered_match(), first=len(OPENING), futures=48)
    [last] = analysis.steps
    assert last.chosen == FATAL
    assert last.best != FATAL
    assert last.chosen_win == 0.0
    assert last.loss >= BLUNDER
    assert last.mark == "blunder"
    assert last.after == 0.0
    assert analysis.turning_points == [len(OPENING)]


def test_the_advised_choice_is_not_marked() -> None:
    match = rb.Match.from_log("mount-doom", ["Ann", "Bo"], 45, None, OPENING)
    analysis = rb.analyse(match, TINY, futures=4, first=30)
    assert all(review.loss == 0.0 for review in analysis.steps if review.best == review.chosen)
    assert analysis.outcome is None
