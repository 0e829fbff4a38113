"""The Monte-Carlo advisor: ranks the legal actions by how well imagined futures turn out.

An imagined future is a determinized copy of the state (what the deciding seat knows, with
fresh chance and re-dealt hidden cards), the action, then the rollout policy for every seat.
Three choices make the comparison between actions fair and cheap enough to be useful:

* **Common futures.** Every action is tried against the *same* futures: the same re-deal,
  the same stream of dice, the same seed for the rollout policy. The luck of a future then
  falls on every action alike, and what differs between actions is mostly the actions.
* **A horizon.** When the game can estimate a position (:meth:`Game.evaluate`), a future is
  played only ``horizon`` turns ahead and scored by that estimate, a probability, rather than
  by a single won-or-lost playout to the end. It is cheaper, and far less noisy. A future that
  ends before the horizon scores its real result; a game without an estimate is played out.
* **The policy's choice by default.** The advisor keeps the rollout policy's own choice unless
  another action scores clearly better on the same futures (a paired test of the per-future
  differences). Noise then cannot drag the advisor below the policy it refines.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import msgspec

from ..actions import Action
from ..chance import Chance, derive_seed
from ..game import Bot, Game, GameState
from ..stats import Z95, share_interval
from .base import RandomBot, play_out

DEFAULT_PLAYOUTS = 200
HINT_FUTURES = 400
"""The futures behind a hint from the generic advisor (:meth:`Game.advisor`)."""
DEFAULT_HORIZON = 2
"""Turns each future is played ahead before the game's estimate scores it. Longer is less
biased by the estimate but costs more per future; Mount Doom's trials chose two (see its
design page)."""
DEFAULT_CONFIDENCE = 1.5
"""How many standard errors an action must gain over the policy's choice to replace it. Scores
from the estimate vary little between futures, so a modest bar already keeps noise out; in
Mount Doom's trials 1.5 won more games than 2 (see its design page)."""


class Ranking(msgspec.Struct, frozen=True):
    """One legal action with its estimated win chance over ``playouts`` imagined futures.

    ``wins`` counts the futures won, a future cut at the horizon counting as its estimated
    chance (so it is the rounded sum of the scores). ``spread`` is the standard deviation of
    one future's score when known; ``margin`` uses it.
    """

    action: Action
    win_rate: float
    playouts: int
    wins: int
    spread: float | None = None

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval around ``win_rate`` over ``playouts`` futures.

        Honest at the edges: 150 futures that all win give about 97.5–100%, not 100% ±0%.
        ``spread`` only ever widens it (a normal interval on the per-future scores, where
        that is wider)."""
        if self.playouts == 0 or math.isnan(self.win_rate):
            return (0.0, 1.0)
        low, high = share_interval(self.win_rate, self.playouts)
        if self.spread is not None and self.playouts > 1:
            half = Z95 * self.spread / math.sqrt(self.playouts)
            low = max(0.0, min(low, self.win_rate - half))
            high = min(1.0, max(high, self.win_rate + half))
        return (low, high)

    @property
    def margin(self) -> float:
        """Half the width of :attr:`interval`."""
        low, high = self.interval
        return (high - low) / 2


class MonteCarloAdvisor:
    """Ranks actions by simulated outcome; as a bot, plays the top-ranked one.

    ``playouts`` is the number of imagined futures per decision. Half of them screen every legal
    action alike (at least two futures each); the rest go to the policy's choice and to the
    actions that did better than it in the screen, or, when none did, to it and the actions
    the screen could not tell from it. ``rollout`` names the policy used inside the
    imagined futures: the game's ``heuristic`` bot when it has one, otherwise ``random``. The
    ranking starts with the action the advisor recommends: the policy's own choice unless
    another is clearly better; the others follow by estimated win chance.
    """

    name = "mc"

    def __init__(
        self,
        game: Game[Any],
        playouts: int = DEFAULT_PLAYOUTS,
        seed: int = 0,
        rollout: str | None = None,
        horizon: int = DEFAULT_HORIZON,
        confidence: float = DEFAULT_CONFIDENCE,
    ) -> None:
        self.playouts = playouts
        self.horizon = horizon
        self.confidence = confidence
        self._seed = seed
        factories = game.bots()
        policy = rollout or ("heuristic" if "heuristic" in factories else "random")
        self._make_policy = factories.get(policy, RandomBot)
        self._policy: Bot = self._make_policy(derive_seed(seed, 1))
        self._decisions = 0

    def choose(self, game: Game[Any], state: GameState) -> Action:
        return self.rank(game, state)[0].action

    def rank(self, game: Game[Any], state: GameState) -> list[Ranking]:
        """Every legal action, the recommended one first."""
        seat = game.to_move(state)
        options = game.actions(state)
        if seat is None or not options:
            return []
        if len(options) == 1:
            return [Ranking(options[0], math.nan, 0, 0)]
        self._decisions += 1
        base = derive_seed(self._seed, self._decisions)
        # The policy looks at a copy: a bot may scribble on the state while it thinks.
        prior = options.index(self._policy.choose(game, game.clone(state)))
        scores: list[list[float]] = [[] for _ in options]
        # Half the futures screen every action; the rest go to the policy's choice and the
        # actions that did better than it, as only those can end up replacing it.
        screen = max(2, self.playouts // (2 * len(options)))
        self._extend(game, state, seat, options, range(len(options)), scores, base, screen)
        contenders = [i for i in range(len(options)) if _mean(scores[i]) > _mean(scores[prior])]
        # With no action above the policy's choice, the rest go to it and to the actions
        # the screen could not tell from it (within their margin): only their figures are
        # close enough at the top to need sharpening, and the choice stays the policy's.
        racing = [prior, *contenders] if contenders else [prior, *self._close(scores, prior)]
        if len(racing) > 1:
            left = self.playouts - screen * len(options)
            more = left // len(racing)
            self._extend(game, state, seat, options, racing, scores, base, more)
        best = max(contenders, key=lambda i: _mean(scores[i]), default=prior)
        chosen = best if self._clearly_better(scores[best], scores[prior]) else prior
        rankings = [
            Ranking(action, _mean(row), len(row), round(sum(row)), _spread(row))
            for action, row in zip(options, scores, strict=True)
        ]
        top = rankings[chosen]
        rest = sorted((r for i, r in enumerate(rankings) if i != chosen), key=lambda r: -r.win_rate)
        return [top, *rest]

    def _extend(
        self,
        game: Game[Any],
        state: GameState,
        seat: int,
        options: list[Action],
        which: Sequence[int],
        scores: list[list[float]],
        base: int,
        count: int,
    ) -> None:
        """Score the options ``which`` in ``count`` more futures, the same futures for each."""
        done = len(scores[which[0]])
        for k in range(done, done + count):
            future_seed = derive_seed(base, k)
            for i in which:
                scores[i].append(self._imagine(game, state, seat, options[i], future_seed))

    @staticmethod
    def _close(scores: list[list[float]], prior: int) -> list[int]:
        """The actions whose screen score is within its margin of the policy's choice."""
        top = _mean(scores[prior])
        return [
            i
            for i, row in enumerate(scores)
            if i != prior and _mean(row) + Z95 * _spread(row) / math.sqrt(len(row)) >= top
        ]

    def _clearly_better(self, candidate: list[float], prior: list[float]) -> bool:
        """Whether ``candidate`` beats ``prior`` on the same futures by ``confidence`` SEs."""
        if candidate is prior or len(candidate) < 2:
            return False
        gains = [c - p for c, p in zip(candidate, prior, strict=True)]
        mean = sum(gains) / len(gains)
        if mean <= 0:
            return False
        spread = _spread(gains)
        return mean > self.confidence * spread / math.sqrt(len(gains))

    def _imagine(
        self, game: Game[Any], state: GameState, seat: int, action: Action, future_seed: int
    ) -> float:
        """The score of ``action`` in the future ``future_seed``: 1 won, 0 lost, or between."""
        future = game.determinize(state, seat, Chance.seeded(future_seed))
        game.advance(future, action)
        policy = self._make_policy(future_seed)
        seats = [policy] * len(state.players)
        play_out(game, future, seats, until_turn=game.turn_number(state) + self.horizon)
        if game.to_move(future) is not None:
            estimate = game.evaluate(future, seat)
            if estimate is not None:
                return estimate
            play_out(game, future, seats)
        outcome = game.outcome(future)
        return float(outcome is not None and seat in outcome.winners)


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def _spread(values: list[float]) -> float:
    """The sample standard deviation (0 for fewer than two values)."""
    if len(values) < 2:
        return 0.0
    mean = sum(values) / len(values)
    return math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1))
