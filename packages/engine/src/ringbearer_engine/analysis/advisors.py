"""Which advisor judges each game's decisions, by default at the strength of the app's hints.

One entry per game: a game that gains a stronger advisor changes its entry and nothing else.
An advisor is built fresh for every step from a seed derived from the step, so an analysis
is the same whatever order or process its steps are judged in.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from ..bots import MonteCarloAdvisor, Ranking
from ..game import Game, GameState


class Advisor(Protocol):
    """Ranks the legal actions of the seat to move, the recommended one first."""

    def rank(self, game: Game[Any], state: GameState) -> list[Ranking]: ...


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


def _adventure_game_seat(game: Game[Any], seed: int, samples: int) -> Advisor:
    # The information-set search the app's hint uses, at four times the bot's own deals.
    from ..games.adventure_game.bots import ISMCBot

    return ISMCBot(seed, samples=samples)


def _adventure_book_hint(game: Game[Any], seed: int, playouts: int) -> Advisor:
    # The Book's own advisor, as its hint uses it: the search bot's choice, with figures from
    # futures cut short by the chapter's position estimate.
    from ..games.adventure_book.advisor import hint_advisor

    return hint_advisor(game, seed, playouts=playouts)


ISMC_DEALS = 128
"""Four times the Adventure Game seat search's own deals (``ISMC_SAMPLES``), as its hint."""
BOOK_FUTURES = 120
"""The Book hint's futures (``advisor.HINT_PLAYOUTS``)."""

DEFAULT_ADVISORS: dict[str, AdvisorFactory] = {
    "mount-doom": monte_carlo(400),
    "adventure-game": NamedFactory(f"ismc:{ISMC_DEALS}", _adventure_game_seat, ISMC_DEALS),
    "adventure-book": NamedFactory(f"book:{BOOK_FUTURES}", _adventure_book_hint, BOOK_FUTURES),
}
"""Each game's own advisor, at the strength of its hint in the app (Mount Doom 400 futures,
the Adventure Game 128 deals of its seat search, the Book its own advisor at 120 futures cut
short)."""

FALLBACK: AdvisorFactory = monte_carlo(200)
"""For a game with no entry."""


def default_advisor(game_id: str) -> AdvisorFactory:
    return DEFAULT_ADVISORS.get(game_id, FALLBACK)


def advisor_name(factory: AdvisorFactory) -> str:
    if isinstance(factory, NamedFactory):
        return factory.name
    return getattr(factory, "__qualname__", "custom")
