"""An estimate of the chance to win a chapter attempt from a position, for look-ahead bots.

The Monte-Carlo advisor plays an imagined future only a turn or two ahead and then needs to
know how good the position it reached is. Playing the chapter out with the heuristic answers
with a single 0 or 1 and costs tens of milliseconds; this estimate answers with a probability
in a fraction of a millisecond.

It is a logistic model, one per chapter, over a few features of the page: how many Challenges
are left against how many Plot cards, the symbols the team still lacks for the open
Challenges, how far the pieces stand from the heuristic's goals, the chapter's dangers where
they stand (the Plot and Eye odds the chapter rules price), and the hands; then the chapter's own
features, read from the counters that lose it (``ChapterRules.features``: the Orcs hunting Frodo
in chapter 4, Gollum and the Webs in chapter 7, Gollum and the Orcs left in chapter 8), which the
generic ones cannot see. It leaves out what
a player could change at will without helping the attempt (One Ring cards held, the
corruption): there a fitted model measures the kind of play that led to them, not their
effect, and a search would spend the Ring to please it. Its
weights are *fitted*: ``tests/engine/adventure_book/tools/fit_value.py`` plays heuristic
attempts, records the features at the start of every turn with the attempt's result, and fits
each chapter's model by maximum likelihood (``value_weights.py`` holds the numbers and the
command). So the estimate means "the chance that heuristic play wins this attempt from here".
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Final

from .bots import Plan
from .chapters import page
from .content import SYMBOLS, TOKEN
from .rules.challenges import cost_now, open_challenge
from .state import AdventureBookState
from .value_weights import WEIGHTS

FEATURES: Final = (
    "bias",
    "Challenges left",
    "Plot cards left",
    "Challenges left per Plot card",
    "no Plot card left",
    "only the final Challenge left",
    "symbols the team lacks",
    "symbols the team lacks for the cheapest open Challenge",
    "steps to the goals",
    "danger where the pieces stand",
    "cards held per seat",
    "pieces on their side",
)
"""The names of the generic features, in the order of :func:`features`; a chapter's own
(:func:`feature_names`) follow them, and so do the fitted weights."""

DANGER_UNIT: Final = 150.0
"""The chapter rules price losing the chapter at 150 of their units (see ``danger``)."""


def feature_names(chapter: int) -> tuple[str, ...]:
    """The names of chapter ``chapter``'s features: the generic ones, then its own."""
    return FEATURES + page(chapter).rules.feature_names


def features(state: AdventureBookState) -> list[float]:
    """The features of a position, in the order of :func:`feature_names`."""
    chapter = page(state.chapter)
    challenges = chapter.chapter.challenges
    left = [c for c in challenges if c.id not in state.completed]
    plot_left = len(state.plot_deck)
    held: Counter[str] = Counter()
    cards = 0
    for hand in (*state.hands, state.solo):
        cards += len(hand)
        for card in hand:
            held[TOKEN[card]] += 1
    lacking = 0
    cheapest = 6
    opened = [c for c in left if open_challenge(chapter, state, c)]
    needed: Counter[str] = Counter()
    for challenge in opened:
        cost = Counter(s for s in cost_now(chapter, state, challenge) if s in SYMBOLS)
        needed |= cost
        cheapest = min(cheapest, sum(max(0, n - held[s]) for s, n in cost.items()))
    lacking = sum(max(0, n - held[s]) for s, n in needed.items())
    plan = Plan(chapter, state, state.seat)
    steps = 0
    danger = 0.0
    for piece, spot in state.pieces.items():
        goal = plan.goals.get(piece)
        if goal is not None:
            steps += min(chapter.distance(spot, goal[0]), 12)
        danger += plan.danger(piece, spot)
    return [
        1.0,
        float(len(left)),
        float(plot_left),
        len(left) / (plot_left + 1.0),
        float(plot_left == 0),
        float(len(left) == 1 and left[0].final),
        float(lacking),
        float(cheapest if opened else 0),
        float(steps),
        min(danger / DANGER_UNIT, 3.0),
        cards / max(1, len(state.hands)),
        float(len(state.down)),
        *chapter.rules.features(chapter, state),
    ]


def logistic(score: float) -> float:
    """The logistic function, safe from overflow."""
    if score >= 0:
        return 1.0 / (1.0 + math.exp(-score))
    odds = math.exp(score)
    return odds / (1.0 + odds)


def estimated_win_chance(state: AdventureBookState) -> float:
    """The fitted model's chance that heuristic play wins this attempt (exact once over)."""
    if state.result:
        return 1.0 if state.result == "won" else 0.0
    weights = WEIGHTS.get(state.chapter)
    if weights is None:
        return 0.5
    score = sum(w * x for w, x in zip(weights, features(state), strict=True))
    return logistic(score)
