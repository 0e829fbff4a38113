"""Play without events (``Game.advance``, what simulations, bots' futures and replays use)
leaves every state byte for byte as ``Game.apply`` does, in every chapter and seat count."""

from __future__ import annotations

import pytest
from fuzzing import budget
from quiet_play import assert_quiet_play_matches

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
        bots = [HeuristicBot(seed)] * len(loud.players) if seed // 32 % 2 else None
        assert_quiet_play_matches(game, loud, quiet, seed, bots)
