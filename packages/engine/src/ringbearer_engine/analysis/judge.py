"""Estimates of the chance to win, from one seat's knowledge, with an honest margin.

A figure is the mean score of imagined futures: a copy of the position re-dealt from what the
seat knows (:meth:`Game.determinize`), played ahead by the game's own policy and scored as the
Monte-Carlo advisor scores it (the game's estimate after a short horizon, or the real end).
Its interval is the Wilson interval the hints use (:func:`~ringbearer_engine.stats.share_interval`,
:attr:`Ranking.interval`), so a figure from few futures that all won still reads "between 70%
and 100%", not "100% ± 0".
"""

from __future__ import annotations

import math
from typing import Any

import msgspec

from ..actions import Action
from ..bots import RandomBot, Ranking, play_out
from ..bots.montecarlo import DEFAULT_HORIZON
from ..chance import Chance, derive_seed
from ..game import Game, GameState
from ..stats import share_interval


class Estimate(msgspec.Struct, frozen=True):
    win: float
    low: float
    high: float
    futures: int

    @classmethod
    def of(cls, score: float, futures: int) -> Estimate:
        low, high = share_interval(score, futures)
        return cls(score, low, high, futures)

    @classmethod
    def certain(cls, won: bool) -> Estimate:
        value = 1.0 if won else 0.0
        return cls(value, value, value, 0)


def from_ranking(ranking: Ranking) -> Estimate | None:
    """An advisor's figure as an estimate; ``None`` when it has none (an unsearched choice)."""
    if ranking.playouts == 0 or math.isnan(ranking.win_rate):
        return None
    low, high = ranking.interval  # the very range the hint shows for this choice
    return Estimate(ranking.win_rate, low, high, ranking.playouts)


def estimate(
    game: Game[Any],
    state: GameState,
    seat: int,
    futures: int,
    seed: int,
    action: Action | None = None,
) -> Estimate:
    """The chance that ``seat`` wins from ``state`` (after ``action``, if one is given),
    judged from what ``seat`` knows."""
    outcome = game.outcome(state)
    if outcome is not None:
        return Estimate.certain(seat in outcome.winners)
    scores = [future_score(game, state, seat, derive_seed(seed, k), action) for k in range(futures)]
    mean = sum(scores) / len(scores) if scores else 0.5
    return Estimate.of(mean, len(scores))


def future_score(
    game: Game[Any],
    state: GameState,
    seat: int,
    future_seed: int,
    action: Action | None = None,
    horizon: int = DEFAULT_HORIZON,
) -> float:
    """The score of one imagined future from ``state`` (after ``action``): 1 won, 0 lost, or
    the game's estimate where the future is cut short, ``horizon`` turns ahead. The same
    ``future_seed`` gives the same re-deal, dice and rollout policy whatever the action:
    futures are paired by it."""
    make_policy = game.bots().get("heuristic", RandomBot)
    future = game.determinize(state, seat, Chance.seeded(future_seed))
    if action is not None:
        game.advance(future, action)
    policy = make_policy(future_seed)
    seats = [policy] * len(state.players)
    play_out(game, future, seats, until_turn=game.turn_number(state) + horizon)
    if game.to_move(future) is not None:
        score = game.evaluate(future, seat)
        if score is not None:
            return score
        play_out(game, future, seats)
    ended = game.outcome(future)
    return float(ended is not None and seat in ended.winners)


def horizon_of(advisor: object, state: GameState) -> int:
    """How many turns ahead ``advisor`` plays its futures from ``state`` before the game's
    estimate scores them, so a review's deeper look scores futures as the advice did: its
    ``horizon_at(state)`` if it has one, else its ``horizon``, else the default."""
    at = getattr(advisor, "horizon_at", None)
    if callable(at):
        return int(at(state))
    fixed = getattr(advisor, "horizon", None)
    return fixed if isinstance(fixed, int) else DEFAULT_HORIZON
