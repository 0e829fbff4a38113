"""The Monte-Carlo advisor: ranks the legal actions by how often imagined futures are won.

For each legal action it imagines many continuations: a determinized copy of the state (what
the deciding seat knows, with fresh chance and re-dealt hidden cards), the action, then a fast
policy for every seat to the end. Playouts go to the actions by UCB1, so promising actions
are sampled more, and each action's share of won playouts estimates its win chance.
"""

from __future__ import annotations

import math
from typing import Any

import msgspec

from ..actions import Action
from ..chance import Chance
from ..game import Game, GameState
from .base import Bot, RandomBot, play_out

DEFAULT_PLAYOUTS = 200
_EXPLORATION = 1.0


class Ranking(msgspec.Struct, frozen=True):
    """One legal action with its estimated win chance over ``playouts`` imagined games."""

    action: Action
    win_rate: float
    playouts: int
    wins: int

    @property
    def margin(self) -> float:
        """Half-width of a 95% normal interval around ``win_rate``."""
        if self.playouts == 0:
            return 1.0
        p = self.win_rate
        return 1.96 * math.sqrt(max(p * (1 - p), 0.25 / self.playouts) / self.playouts)


class MonteCarloAdvisor:
    """Ranks actions by simulated outcome; as a bot, plays the best-ranked one.

    ``rollout`` names the policy used inside the imagined games: the game's ``heuristic`` bot
    when it has one, otherwise ``random``.
    """

    name = "mc"

    def __init__(
        self,
        game: Game[Any],
        playouts: int = DEFAULT_PLAYOUTS,
        seed: int = 0,
        rollout: str | None = None,
    ) -> None:
        self.playouts = playouts
        self._chance = Chance.seeded(seed)
        factories = game.bots()
        policy = rollout or ("heuristic" if "heuristic" in factories else "random")
        factory = factories.get(policy)
        self._rollout: Bot = factory(seed + 1) if factory else RandomBot(seed + 1)
        self._counter = 0

    def choose(self, game: Game[Any], state: GameState) -> Action:
        return self.rank(game, state)[0].action

    def rank(self, game: Game[Any], state: GameState) -> list[Ranking]:
        """Every legal action, best first."""
        seat = game.to_move(state)
        options = game.actions(state)
        if seat is None or not options:
            return []
        if len(options) == 1:
            return [Ranking(options[0], math.nan, 0, 0)]
        wins = [0] * len(options)
        visits = [0] * len(options)
        for n in range(self.playouts):
            index = n if n < len(options) else self._pick(wins, visits, n)
            wins[index] += self._imagine(game, state, seat, options[index])
            visits[index] += 1
        rankings = [
            Ranking(action, wins[i] / visits[i] if visits[i] else 0.0, visits[i], wins[i])
            for i, action in enumerate(options)
        ]
        return sorted(rankings, key=lambda r: (-r.win_rate, -r.playouts))

    def _pick(self, wins: list[int], visits: list[int], total: int) -> int:
        log_total = math.log(total)
        best, best_score = 0, -1.0
        for i, (w, v) in enumerate(zip(wins, visits, strict=True)):
            score = w / v + _EXPLORATION * math.sqrt(log_total / v)
            if score > best_score:
                best, best_score = i, score
        return best

    def _imagine(self, game: Game[Any], state: GameState, seat: int, action: Action) -> int:
        self._counter += 1
        future = game.determinize(state, seat, self._chance.fork(self._counter))
        game.apply(future, action)
        seats = len(state.players)
        play_out(game, future, [self._rollout] * seats)
        outcome = game.outcome(future)
        return int(outcome is not None and seat in outcome.winners)
