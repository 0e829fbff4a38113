"""Which advisor judges a match's decisions: by default the game's own, the hint's.

A game names its advisor (:meth:`Game.advisor`); the review asks it exactly as the hint does,
with the step's index in the log as its seed, so both advise the same choice. An advisor is
built fresh for every step, so an analysis is the same whatever order or process its steps
are judged in. Other advisors (:func:`monte_carlo`) are for studies and quick tests.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..bots import MonteCarloAdvisor
from ..game import Advisor, Game

AdvisorFactory = Callable[[Game[Any], int], Advisor]
"""Builds an advisor for a game from a seed."""


class NamedFactory:
    """An advisor factory with a name for the analysis to record. It pickles (the function
    it wraps is a module-level one), so a study can send it to any executor's workers."""

    def __init__(self, name: str, build: Callable[[Game[Any], int, int], Advisor], size: int):
        self.name = name
        self.build = build
        self.size = size

    def __call__(self, game: Game[Any], seed: int) -> Advisor:
        return self.build(game, seed, self.size)

    def __repr__(self) -> str:
        return f"NamedFactory({self.name!r})"


def _monte_carlo(game: Game[Any], seed: int, playouts: int) -> Advisor:
    return MonteCarloAdvisor(game, playouts=playouts, seed=seed)


def monte_carlo(playouts: int) -> AdvisorFactory:
    """The generic Monte-Carlo advisor with ``playouts`` imagined futures per decision."""
    return NamedFactory(f"mc:{playouts}", _monte_carlo, playouts)


def _game_advisor(game: Game[Any], seed: int, size: int) -> Advisor:
    return game.advisor(seed)


HINT: AdvisorFactory = NamedFactory("hint", _game_advisor, 0)
"""Each game's one advisor (:meth:`Game.advisor`), the very one behind the app's hint."""


def default_advisor(game_id: str) -> AdvisorFactory:
    """The advisor a review asks by default: the game's own, as the hint asks it."""
    return HINT


def advisor_name(factory: AdvisorFactory) -> str:
    if isinstance(factory, NamedFactory):
        return factory.name
    return getattr(factory, "__qualname__", "custom")
