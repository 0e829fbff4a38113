"""Play without events (``Game.advance``, what simulations, bots' futures and replays use)
leaves every state byte for byte as ``Game.apply`` does, in every chapter and seat count."""

from __future__ import annotations

import pytest
from fuzzing import budget

from ringbearer_engine import Chance, get_game
from ringbearer_engine.games.adventure_book.bots import HeuristicBot
from ringbearer_engine.games.adventure_book.chapters import LAST_CHAPTER
from ringbearer_engine.games.adventure_book.state import AdventureBookState


def twin_games(seed: int) -> tuple[AdventureBookState, AdventureBookState]:
    game = get_game("adventure-book")
    players = tuple(f"P{n}" for n in range(1 + seed % 4))
    options = game.convert_options({"chapter": 1 + seed // 4 % LAST_CHAPTER})
    loud = game.setup(players, options, Chance.seeded(seed))
    quiet = game.setup(players, options, Chance.seeded(seed))
    return loud, quiet


@pytest.mark.fuzz
def test_advance_leaves_the_same_state_as_apply_at_every_step() -> None:
    game = get_game("adventure-book")
    for seed in range(budget(64, 3000)):
        loud, quiet = twin_games(seed)
        # Half the games follow the heuristic bot with some random moves, to complete
        # Challenges and reach the later turns that random play seldom gets to.
        bot = HeuristicBot(seed) if seed // 32 % 2 else None
        pick = Chance.seeded(seed ^ 0xA5).below
        while options := game.actions(loud):
            assert game.actions(quiet) == options
            action = bot.choose(game, loud) if bot and pick(4) else options[pick(len(options))]
            game.apply(loud, action)
            game.advance(quiet, action)
            assert game.encode_state(quiet) == game.encode_state(loud), (seed, action)
        assert game.outcome(quiet) == game.outcome(loud)
