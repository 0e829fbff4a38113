"""Small statistics for simulation reports."""

from __future__ import annotations

import math

Z95 = 1.959963984540054


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default).

    Unlike the normal approximation it stays inside [0, 1] and behaves at 0% and 100%.
    """
    if trials <= 0:
        return (0.0, 1.0)
    if not 0 <= successes <= trials:
        raise ValueError(f"successes must be within 0..{trials}, not {successes}")
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return (low, high)


def share_interval(share: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval around an observed ``share`` of ``trials`` (95% by default).

    Like :func:`wilson_interval`, but the share may be any number in [0, 1]: the mean of
    scores that are themselves chances (futures cut short and scored by an estimate). A
    score in [0, 1] varies at most as much as a win-or-loss with the same mean, so this is
    never narrower than the truth would need; and all wins out of ``trials`` still leave room
    below 100%.
    """
    if trials <= 0:
        return (0.0, 1.0)
    p = min(max(share, 0.0), 1.0)
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return (max(0.0, centre - half), min(1.0, centre + half))
