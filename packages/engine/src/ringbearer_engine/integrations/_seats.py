"""What the adapters share: how seats are named, how a match is started and observed, and
what it is worth at its end. Only numpy beyond the engine."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..game import get_game
from ..match import Match


def agent_name(seat: int) -> str:
    """The framework's name of a seat: ``seat_0``, ``seat_1`` and so on."""
    return f"seat_{seat}"


def player_names(players: int) -> list[str]:
    """The names the engine knows the seats by: ``Seat 1``, ``Seat 2`` and so on."""
    return [f"Seat {seat + 1}" for seat in range(players)]


def seat_count(game_id: str, players: int | None) -> int:
    """``players``, or the game's default; refused with the game's own range if out of it."""
    game = get_game(game_id)
    count = game.default_players if players is None else players
    if isinstance(count, bool) or not isinstance(count, int):
        raise TypeError(f"players is a whole number, not {count!r}")
    if not game.min_players <= count <= game.max_players:
        raise ValueError(
            f"{game.title} takes {game.min_players} to {game.max_players} players, not {count}"
        )
    return count


def start(game_id: str, players: int, seed: int | None, options: Mapping[str, Any] | None) -> Match:
    return Match.new(game_id, player_names(players), seed=seed, options=options)


def observation_size(match: Match) -> int:
    """The length of every observation of this match (fixed for its game and options)."""
    return match.observation_layout().size


def observation(match: Match, seat: int) -> NDArray[np.float32]:
    """``seat``'s observation now, as a float32 array of its own: a view of the tensor the
    match made for this call, which nothing else holds (no copy needed)."""
    return np.frombuffer(match.observation_tensor(seat), dtype=np.float32)


def legal_mask(match: Match) -> NDArray[np.int8]:
    """1 for each action id legal now, as the frameworks' masks are: int8 (a view of the
    match's new mask, which nothing else holds)."""
    return np.frombuffer(match.legal_mask(), dtype=np.int8)


def utilities(match: Match) -> list[float]:
    """Each seat's utility: the game's value at its end, 0 before."""
    outcome = match.outcome
    if outcome is None:
        return [0.0] * len(match.players)
    return [outcome.utility(seat) for seat in range(len(match.players))]
