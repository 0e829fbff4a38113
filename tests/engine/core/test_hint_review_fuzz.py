"""Games that follow the hint are not marked by the review, in every game (issue 44's check).

Bounded in the default checks (one short game of each); ``nox -s fuzz`` plays 30 whole games
of each, as ``benchmarks/hint_review_agreement.py`` does with its counts of marked strays.
"""

from __future__ import annotations

import pytest
from fuzzing import budget, long_run

import ringbearer_engine as rb

from .test_one_advisor import hinted

GAMES = {"mount-doom": 16, "adventure-game": 3, "adventure-book": 16}
"""Each game, and how many steps of it the bounded run plays (the Adventure Game's hint
searches whole games, so fewer)."""


@pytest.mark.fuzz
@pytest.mark.parametrize("game_id", GAMES)
def test_a_game_that_follows_the_hint_has_no_marked_step(game_id: str) -> None:
    steps = 10_000 if long_run() else GAMES[game_id]
    for seed in range(1, budget(1, 30) + 1):
        match = hinted(game_id, seed, steps)
        analysis = rb.analyse(match, futures=budget(24, 100))
        assert [r for r in analysis.steps if r.kind == "decision"], "the game must have choices"
        assert analysis.marked == [], f"{game_id} seed {seed}"
