"""Marks by how much chance a choice gave up, and the steps that turned the match.

The thresholds are in points of chance to win (0.10 is ten points) and are documented in
``docs/engine.md``. Figures below them are within the noise of a hint-strength estimate.
"""

from __future__ import annotations

from collections.abc import Sequence

from .records import Mark, StepReview

INACCURACY = 0.05
MISTAKE = 0.10
BLUNDER = 0.20
MARK_BARS = (INACCURACY, MISTAKE, BLUNDER)
TURNING_POINTS = 5
"""At most this many turning points are named."""
TURNING_SWING = 0.10
"""A step must move the estimate by at least ten points to be a turning point."""


def mark_for(loss: float) -> Mark | None:
    """The mark for a loss at least this large (the review passes the lower end of the loss's
    interval, so a mark is given only for a loss it is sure of)."""
    if loss >= BLUNDER:
        return "blunder"
    if loss >= MISTAKE:
        return "mistake"
    if loss >= INACCURACY:
        return "inaccuracy"
    return None


def turning_points(steps: Sequence[StepReview]) -> list[int]:
    """The log indices of the few steps, decisions or chance, that moved the estimate most."""
    moving = [review for review in steps if abs(review.swing) >= TURNING_SWING]
    moving.sort(key=lambda review: (-abs(review.swing), review.step))
    return [review.step for review in moving[:TURNING_POINTS]]
