"""Bots: programs that choose actions through the same API as players.

Every game gets ``random`` and ``mc`` (the Monte-Carlo advisor playing its own top choice);
games add their own (``heuristic``) through :meth:`Game.bots`. :func:`make_bot` builds one by
name; ``mc:800`` asks for an advisor with 800 playouts.
"""

from __future__ import annotations

from typing import Any

from ..game import Bot, Game
from .base import RandomBot, play_out
from .montecarlo import DEFAULT_PLAYOUTS, MonteCarloAdvisor, Ranking

__all__ = [
    "DEFAULT_PLAYOUTS",
    "Bot",
    "MonteCarloAdvisor",
    "RandomBot",
    "Ranking",
    "bot_names",
    "make_bot",
    "play_out",
]


def bot_names(game: Game[Any]) -> list[str]:
    """The names :func:`make_bot` accepts for ``game``."""
    return sorted({"random", "mc", *game.bots()})


def make_bot(game: Game[Any], name: str, seed: int = 0) -> Bot:
    """A bot for ``game`` by name (``random``, ``mc``, ``mc:N`` or one of the game's own)."""
    base, _, argument = name.partition(":")
    if base == "random" and not argument:
        return RandomBot(seed)
    if base == "mc":
        try:
            playouts = int(argument) if argument else DEFAULT_PLAYOUTS
        except ValueError:
            raise ValueError(f"'mc:N' needs a whole number of playouts, not {argument!r}") from None
        if playouts < 1:
            raise ValueError("the advisor needs at least one playout")
        return MonteCarloAdvisor(game, playouts=playouts, seed=seed)
    factory = game.bots().get(name)
    if factory is None:
        known = bot_names(game)
        listed = f"{', '.join(known[:-1])} and {known[-1]}"
        raise ValueError(f"{game.title} has no bot called {name!r}; its bots are {listed}")
    return factory(seed)
