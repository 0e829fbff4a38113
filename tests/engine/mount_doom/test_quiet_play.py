"""Play without events (``Game.advance``, what simulations, bots' futures and replays use)
leaves every state byte for byte as ``Game.apply`` does, in every variant and seat count."""

from __future__ import annotations

import pytest
from fuzzing import budget
from quiet_play import assert_quiet_play_matches

from ringbearer_engine import Chance, get_game
from ringbearer_engine.games.mount_doom.bots import HeuristicBot
from ringbearer_engine.games.mount_doom.state import MountDoomState

VARIANTS: tuple[dict[str, bool], ...] = (
    {},
    {"friends_in_need": True},
    {"without_protection": True},
    {"friends_in_need": True, "without_protection": True},
)


def twin_games(seed: int) -> tuple[MountDoomState, MountDoomState]:
    game = get_game("mount-doom")
    players = tuple(f"P{n}" for n in range(1 + seed % 4))
    options = game.convert_options(VARIANTS[seed % len(VARIANTS)])
    loud = game.setup(players, options, Chance.seeded(seed))
    quiet = game.setup(players, options, Chance.seeded(seed))
    return loud, quiet


@pytest.mark.fuzz
def test_advance_leaves_the_same_state_as_apply_at_every_step() -> None:
    game = get_game("mount-doom")
    for seed in range(budget(60, 3000)):
        loud, quiet = twin_games(seed)
        # Half the games follow the heuristic bot with some random moves, to reach the later
        # stages and the cards that random play seldom gets to.
        bots = [HeuristicBot(seed)] * len(loud.players) if seed % 2 else None
        assert_quiet_play_matches(game, loud, quiet, seed, bots)
