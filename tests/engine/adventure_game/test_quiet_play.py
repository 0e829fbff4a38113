"""Play without events (``Game.advance``, what simulations, bots' futures and replays use)
leaves every state byte for byte as ``Game.apply`` does, for every seat count."""

from __future__ import annotations

import pytest
from adventure_game.table import GAME
from fuzzing import budget
from quiet_play import assert_quiet_play_matches

from ringbearer_engine import Chance, NoOptions
from ringbearer_engine.games.adventure_game.bots import HeuristicBot


@pytest.mark.fuzz
def test_advance_leaves_the_same_state_as_apply_at_every_step() -> None:
    for seed in range(budget(60, 3000)):
        players = tuple(f"P{n}" for n in range(2 + seed % 3))
        loud = GAME.setup(players, NoOptions(), Chance.seeded(seed))
        quiet = GAME.setup(players, NoOptions(), Chance.seeded(seed))
        # Half the games mix in the heuristic bot's moves, which reach towns and Mount Doom
        # more often than random play does.
        bots = [HeuristicBot(seat) for seat in range(len(players))] if seed % 2 else None
        assert_quiet_play_matches(GAME, loud, quiet, seed, bots)
