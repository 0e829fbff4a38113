"""Every game's re-deal for a seat leaves what that seat sees as it was (issue 44).

The Adventure Book's finer guarantee, cards a seat saw go into another hand stay there, is
checked in ``tests/engine/adventure_book/test_determinize_knowledge.py``.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st_

import ringbearer_engine as rb
from ringbearer_engine import Chance
from ringbearer_engine.bots import RandomBot

GAMES = ("mount-doom", "adventure-game", "adventure-book")


@settings(max_examples=30, deadline=None)
@given(st_.sampled_from(GAMES), st_.integers(0, 2**32 - 1), st_.integers(2, 4))
def test_a_redeal_for_a_seat_never_changes_what_that_seat_sees(
    game_id: str, seed: int, players: int
) -> None:
    match = rb.Match.new(game_id, players=[f"P{n}" for n in range(players)], seed=seed)
    game = match.game
    bot = RandomBot(seed)
    for step in range(150):
        if match.outcome is not None:
            break
        state = match.state
        for seat in range(players):
            redealt = game.determinize(state, seat, Chance.seeded(seed + step))
            assert game.view(redealt, seat) == game.view(state, seat)
        match.play(bot.choose(game, state))
