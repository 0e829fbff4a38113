"""The Adventure Game's one advisor (hint, review, coach): its information-set search, ranking
the choices from what the deciding seat knows and nothing more."""

from __future__ import annotations

from typing import Any

from ringbearer_engine.bots.montecarlo import Ranking
from ringbearer_engine.chance import Chance, derive_seed
from ringbearer_engine.game import Game, GameState

from .bots import ISMC_SAMPLES, ISMCBot
from .state import AdventureState

HINT_DEALS = 4 * ISMC_SAMPLES
"""Imagined deals per hint: the seat search at four times its playing strength, so each
figure comes with a usable margin (about ±9 points at 50%) and a hint still takes well under a
second."""


HINT_ROUNDS = 2
"""Rounds of turns (every seat once) each imagined game is played ahead before the game's
estimate of the seat's chance scores it (:mod:`.value`): the choices' effects show within a
round or two, and a future cut there costs a tenth or less of one played to the end."""


class SeatAdvisor:
    """Ranks the choices of the seat to move with the ``ismc`` bot, on a copy of the state in
    which every card that seat cannot see (rival hands, the pile's order) is re-dealt and the
    dice to come are fresh: the advice cannot learn what the player could not. Its imagined
    games stop after :data:`HINT_ROUNDS` rounds, scored by the game's estimate."""

    def __init__(self, seed: int, deals: int = HINT_DEALS) -> None:
        self.seed = seed
        self.deals = deals

    def horizon_at(self, state: GameState) -> int:
        """Turns the imagined games are played ahead from ``state`` (the review's deeper look
        plays its futures as far)."""
        assert isinstance(state, AdventureState)
        return HINT_ROUNDS * len(state.players)

    def rank(self, game: Game[Any], state: GameState) -> list[Ranking]:
        seat = game.to_move(state)
        if seat is None:
            return []
        known = game.determinize(state, seat, Chance.seeded(derive_seed(self.seed, seat)))
        search = ISMCBot(self.seed, samples=self.deals, racing=True, horizon=self.horizon_at(state))
        return search.rank(game, known)
