"""The check every game's ``test_quiet_play`` runs: play without events (``Game.advance``,
what simulations, bots' futures and replays use) leaves every state byte for byte as
``Game.apply`` does."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ringbearer_engine import Bot, Chance, Game, GameState


def assert_quiet_play_matches(
    game: Game[Any],
    loud: GameState,
    quiet: GameState,
    seed: int,
    bots: Sequence[Bot] | None = None,
) -> None:
    """Play the same actions on ``loud`` with ``apply`` and on ``quiet`` with ``advance``,
    comparing the legal actions before each step and the state bytes after it. Random picks,
    and with ``bots`` (one per seat) three moves in four from the seat's bot instead."""
    pick = Chance.seeded(seed ^ 0xA5).below
    while (seat := game.to_move(loud)) is not None:
        options = game.actions(loud)
        assert game.actions(quiet) == options
        action = bots[seat].choose(game, loud) if bots and pick(4) else options[pick(len(options))]
        game.apply(loud, action)
        game.advance(quiet, action)
        assert game.encode_state(quiet) == game.encode_state(loud), (seed, action)
    assert game.outcome(quiet) == game.outcome(loud)
