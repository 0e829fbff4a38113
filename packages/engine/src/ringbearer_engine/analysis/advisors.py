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


def monte_carlo(playouts: int) -> AdvisorFactory:
    """The generic Monte-Carlo advisor with ``playouts`` imagined futures per decision."""

    def build(game: Game[Any], seed: int) -> Advisor:
        return MonteCarloAdvisor(game, playouts=playouts, seed=seed)

    build.__qualname__ = f"mc:{playouts}"
    return build


def _adventure_game_seat(game: Game[Any], seed: int) -> Advisor:
    # The information-set search the app's hint uses, at four times the bot's own deals.
    from ..games.adventure_game.bots import ISMC_SAMPLES, ISMCBot

    return ISMCBot(seed, samples=4 * ISMC_SAMPLES)


_adventure_game_seat.__qualname__ = "ismc:128"


def _adventure_book_hint(game: Game[Any], seed: int) -> Advisor:
    # The Book's own advisor, as its hint uses it: the search bot's choice, with figures from
    # futures cut short by the chapter's position estimate.
    from ..games.adventure_book.advisor import HINT_PLAYOUTS, hint_advisor

    return hint_advisor(game, seed, playouts=HINT_PLAYOUTS)


_adventure_book_hint.__qualname__ = "book:120"

DEFAULT_ADVISORS: dict[str, AdvisorFactory] = {
    "mount-doom": monte_carlo(400),
    "adventure-game": _adventure_game_seat,
    "adventure-book": _adventure_book_hint,
}
"""Each game's own advisor, at the strength of its hint in the app (Mount Doom 400 futures,
the Adventure Game 128 deals of its seat search, the Book its own advisor at 120 futures cut
short)."""

FALLBACK: AdvisorFactory = monte_carlo(200)
"""For a game with no entry."""


def default_advisor(game_id: str) -> AdvisorFactory:
    return DEFAULT_ADVISORS.get(game_id, FALLBACK)


def advisor_name(factory: AdvisorFactory) -> str:
    return getattr(factory, "__qualname__", "custom")
