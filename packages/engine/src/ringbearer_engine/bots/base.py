"""The bot protocol, the random bot, and playing a state out to its end."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..actions import Action
from ..chance import Chance
from ..game import Bot, Game, GameState

__all__ = ["MAX_STEPS", "Bot", "RandomBot", "play_out"]
"""``Bot`` is defined with :class:`~ringbearer_engine.game.Game`, which lists bots; it is
named here too, where it used to live."""

MAX_STEPS = 100_000
"""Any game that runs this long has a rules bug; playing out stops with an error."""


class RandomBot:
    """Picks uniformly among the legal actions, from its own seeded stream."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.pick: Callable[[int], int] = Chance.seeded(seed).picker()
        """An index below the number of options, from this bot's stream (as ``below``)."""

    def choose(self, game: Game[Any], state: GameState) -> Action:
        options = game.actions(state)
        return options[self.pick(len(options))]


def play_out(
    game: Game[Any],
    state: GameState,
    bots: list[Bot],
    max_steps: int = MAX_STEPS,
    until_turn: int | None = None,
) -> int:
    """Let ``bots`` (one per seat) play ``state`` in place to its end, or only until the
    game's turn number reaches ``until_turn``; return the step count."""
    steps = 0
    to_move, advance = game.to_move, game.advance  # looked up once: this loop runs every step
    if until_turn is None and all(type(bot) is RandomBot for bot in bots):
        picks = [bot.pick for bot in bots]  # type: ignore[attr-defined]
        return _play_out_randomly(game, state, picks, max_steps)
    while True:
        seat = to_move(state)
        if seat is None or (until_turn is not None and game.turn_number(state) >= until_turn):
            return steps
        if steps >= max_steps:
            raise RuntimeError(f"{game.id}: no end after {max_steps} steps; is a rule looping?")
        advance(state, bots[seat].choose(game, state))
        steps += 1


def _play_out_randomly(
    game: Game[Any], state: GameState, picks: list[Callable[[int], int]], max_steps: int
) -> int:
    """:func:`play_out` for random bots only: each picks as :meth:`RandomBot.choose` does, from
    its own stream, without the call through ``choose`` (simulations play millions of steps)."""
    steps = 0
    to_move, actions, advance = game.to_move, game.actions, game.advance
    while (seat := to_move(state)) is not None:
        if steps >= max_steps:
            raise RuntimeError(f"{game.id}: no end after {max_steps} steps; is a rule looping?")
        options = actions(state)
        advance(state, options[picks[seat](len(options))])
        steps += 1
    return steps
