"""The Adventure Game's one advisor (hint, review, coach): its information-set search, ranking
the choices from what the deciding seat knows and nothing more."""

from __future__ import annotations

from typing import Any

from ringbearer_engine.bots.montecarlo import Ranking
from ringbearer_engine.chance import Chance, derive_seed
from ringbearer_engine.game import Game, GameState

from .bots import ISMC_SAMPLES, ISMCBot

HINT_DEALS = 4 * ISMC_SAMPLES
"""Imagined deals per hint: the seat search at four times its playing strength, so each
figure comes with a usable margin (about ±9 points at 50%) and a hint still takes well under a
second."""


class SeatAdvisor:
    """Ranks the choices of the seat to move with the ``ismc`` bot, on a copy of the state in
    which every card that seat cannot see (rival hands, the pile's order) is re-dealt and the
    dice to come are fresh: the advice cannot learn what the player could not."""

    def __init__(self, seed: int, deals: int = HINT_DEALS) -> None:
        self.seed = seed
        self.deals = deals

    def rank(self, game: Game[Any], state: GameState) -> list[Ranking]:
        seat = game.to_move(state)
        if seat is None:
            return []
        known = game.determinize(state, seat, Chance.seeded(derive_seed(self.seed, seat)))
        return ISMCBot(self.seed, samples=self.deals, racing=True).rank(game, known)
