"""The Adventure Game's hint: its strongest bot, the information-set Monte-Carlo one, ranking
the choices from what the deciding seat knows and nothing more."""

from __future__ import annotations

from typing import Any

import ringbearer_engine as rb
from ringbearer_engine.games.adventure_game.bots import ISMC_SAMPLES, ISMCBot

HINT_DEALS = 4 * ISMC_SAMPLES
"""Imagined deals per hint: the bot's own search at four times its playing strength, so each
figure comes with a usable margin (about ±9 points at 50%) and a hint still takes well under a
second on a worker thread."""


class SeatAdvisor:
    """Ranks the choices of the seat to move with the ``ismc`` bot, on a copy of the state in
    which every card that seat cannot see (rival hands, the pile's order) is re-dealt and the
    dice to come are fresh: the hint cannot learn what the player could not."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def rank(self, game: rb.Game[Any], state: rb.GameState) -> list[rb.Ranking]:
        seat = game.to_move(state)
        if seat is None:
            return []
        known = game.determinize(state, seat, rb.Chance.seeded(rb.derive_seed(self.seed, seat)))
        return ISMCBot(self.seed, samples=HINT_DEALS).rank(game, known)
