"""Reviewing a match: every step judged by the game's advisor, with marks and turning points.

>>> import ringbearer_engine as rb
>>> analysis = rb.analyse(match)  # doctest: +SKIP
>>> [(s.step, s.mark) for s in analysis.marked]  # doctest: +SKIP
"""

from ..game import Advisor
from .advisors import HINT, AdvisorFactory, default_advisor, monte_carlo
from .analyse import JUDGE_FUTURES, Analyser, analyse
from .marks import BLUNDER, INACCURACY, MISTAKE
from .records import Analysis, Kind, Mark, StepReview

__all__ = [
    "BLUNDER",
    "HINT",
    "INACCURACY",
    "JUDGE_FUTURES",
    "MISTAKE",
    "Advisor",
    "AdvisorFactory",
    "Analyser",
    "Analysis",
    "Kind",
    "Mark",
    "StepReview",
    "analyse",
    "default_advisor",
    "monte_carlo",
]
