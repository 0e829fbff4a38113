"""The review's deeper look: two choices compared on the same imagined futures.

Each future is played twice from the same re-deal, the same dice and the same rollout seed,
once after each choice (common random numbers), so the luck of a future falls on both alike
and the paired differences measure the choices. The comparison races: it imagines futures in
rounds and stops as soon as the 95% interval of the mean difference lies wholly on one side
of every bar that matters (each mark's), or when its budget is spent. A near-tie thus
costs the whole budget and ends as a tie; a clear loss is settled in a round or two.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import msgspec

from ..actions import Action
from ..bots.montecarlo import DEFAULT_HORIZON
from ..chance import derive_seed
from ..game import Game, GameState
from ..stats import Z95
from .judge import Estimate, future_score

ROUND = 24
"""Futures per round of a comparison."""


class Comparison(msgspec.Struct, frozen=True):
    """How much better ``first`` did than ``second`` on the same futures."""

    first: Estimate
    second: Estimate
    gain: float
    """The mean of ``first``'s score minus ``second``'s, future by future."""
    low: float
    """The lower end of the gain's 95% interval."""
    high: float
    futures: int


def compare(
    game: Game[Any],
    state: GameState,
    seat: int,
    first: Action,
    second: Action,
    seed: int,
    budget: int,
    bars: Sequence[float],
    horizon: int = DEFAULT_HORIZON,
    *,
    more: int = 0,
    more_bars: Sequence[float] = (),
) -> Comparison:
    """Compare ``first`` with ``second`` for ``seat`` on at most ``budget`` paired futures,
    stopping once the gain's interval is clear of every one of ``bars`` (each surely above
    or surely below it), each future played ``horizon`` turns ahead before it is scored.
    If the interval still straddles one of ``more_bars`` then, up to ``more`` futures more
    go to settling that one."""
    ones: list[float] = []
    twos: list[float] = []

    def race(limit: int, racing: Sequence[float]) -> None:
        while len(ones) < limit:
            for k in range(len(ones), min(limit, len(ones) + ROUND)):
                future_seed = derive_seed(seed, k)
                ones.append(future_score(game, state, seat, future_seed, first, horizon))
                twos.append(future_score(game, state, seat, future_seed, second, horizon))
            if not _straddles(ones, twos, racing):
                return

    race(budget, bars)
    if more and _straddles(ones, twos, more_bars):
        race(budget + more, more_bars)
    gain, low, high = _paired(ones, twos)
    n = len(ones)
    return Comparison(
        Estimate.of(sum(ones) / n, n), Estimate.of(sum(twos) / n, n), gain, low, high, n
    )


def _straddles(ones: list[float], twos: list[float], bars: Sequence[float]) -> bool:
    """Whether the gain's interval holds one of ``bars`` (it is unsure which side it is on)."""
    _, low, high = _paired(ones, twos)
    return any(low < bar <= high for bar in bars)


def _paired(ones: list[float], twos: list[float]) -> tuple[float, float, float]:
    """The mean paired difference and its 95% interval (normal, on the sample spread)."""
    gains = [a - b for a, b in zip(ones, twos, strict=True)]
    n = len(gains)
    mean = sum(gains) / n
    spread = math.sqrt(sum((g - mean) ** 2 for g in gains) / (n - 1)) if n > 1 else 1.0
    half = Z95 * spread / math.sqrt(n)
    return mean, mean - half, mean + half
