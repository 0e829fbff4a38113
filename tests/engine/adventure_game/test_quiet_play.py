"""Play without events (``Game.advance``, what simulations, bots' futures and replays use)
leaves every state byte for byte as ``Game.apply`` does, for every seat count."""

from __future__ import annotations

import pytest
from adventure_game.table import GAME
from fuzzing import budget

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
        pick = Chance.seeded(seed ^ 0xA5).below
        while (seat := GAME.to_move(loud)) is not None:
            options = GAME.actions(loud)
            assert GAME.actions(quiet) == options
            if bots and pick(4):
                action = bots[seat].choose(GAME, loud)
            else:
                action = options[pick(len(options))]
            GAME.apply(loud, action)
            GAME.advance(quiet, action)
            assert GAME.encode_state(quiet) == GAME.encode_state(loud), (seed, action)
        assert GAME.outcome(quiet) == GAME.outcome(loud)
