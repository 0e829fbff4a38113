"""The value model behind ``evaluate`` and the hint's short look-ahead on it."""

from __future__ import annotations

import pytest
from adventure_game.table import GAME, Table

from ringbearer_engine import Chance, NoOptions
from ringbearer_engine.analysis.judge import horizon_of
from ringbearer_engine.games.adventure_game import bots as bots_module
from ringbearer_engine.games.adventure_game import value
from ringbearer_engine.games.adventure_game.advisor import HINT_ROUNDS, SeatAdvisor
from ringbearer_engine.games.adventure_game.bots import HeuristicBot, ISMCBot
from ringbearer_engine.games.adventure_game.state import AdventureState
from ringbearer_engine.games.adventure_game.value import FEATURES, features
from ringbearer_engine.games.adventure_game.value_weights import WEIGHTS


def chance(table: Table, seat: int) -> float:
    value = GAME.evaluate(table.state, seat)
    assert value is not None
    return value


def test_there_is_one_fitted_weight_per_feature() -> None:
    assert len(WEIGHTS) == len(FEATURES) == len(features(Table().state, 0))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_seats_chances_are_probabilities_that_sum_to_one(players: int) -> None:
    state = GAME.setup(("A", "B", "C", "D")[:players], NoOptions(), Chance.seeded(players))
    bot = HeuristicBot(players)
    while GAME.to_move(state) is not None:
        shares = [GAME.evaluate(state, seat) for seat in range(players)]
        assert all(share is not None and 0.0 < share < 1.0 for share in shares)
        assert sum(s for s in shares if s is not None) == pytest.approx(1.0)
        GAME.apply(state, bot.choose(GAME, state))


def test_a_pawn_nearer_mount_doom_stands_better() -> None:
    table = Table()
    table.put(1, "rivendell")
    table.put(0, "bree")
    behind = chance(table, 0)
    table.put(0, "moria")
    assert chance(table, 0) > behind


def test_rings_at_gollum_are_worth_more_than_none() -> None:
    table = Table()
    table.put(1, "rivendell")
    table.put(0, "sammath-naur")
    table.rings(0, 0)
    without = chance(table, 0)
    table.rings(0, 2)
    assert chance(table, 0) > without + 0.3


def positions(seed: int, count: int) -> list[AdventureState]:
    state = GAME.setup(("A", "B"), NoOptions(), Chance.seeded(seed))
    bot = HeuristicBot(seed)
    found: list[AdventureState] = []
    while GAME.to_move(state) is not None and len(found) < count:
        if len(GAME.actions(state)) > 1:
            found.append(GAME.clone(state))
        GAME.apply(state, bot.choose(GAME, state))
    return found


def test_the_hint_scores_its_imagined_games_by_the_estimate_after_two_rounds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The hint's futures stop after two rounds of turns (scored by the estimate); the
    Shrewd bot's still play to the end."""
    scored: list[int] = []
    real = value.estimated_win_chance

    def counting(state: AdventureState, seat: int) -> float:
        scored.append(state.turns)
        return real(state, seat)

    monkeypatch.setattr(bots_module, "estimated_win_chance", counting)
    states = positions(seed=6, count=20)
    for state in states:
        ISMCBot(2, samples=8).rank(GAME, GAME.clone(state))
    assert not scored
    for state in states:
        before = len(scored)
        SeatAdvisor(2, deals=8).rank(GAME, GAME.clone(state))
        horizon = state.turns + HINT_ROUNDS * 2
        assert all(turn == horizon for turn in scored[before:])
    assert scored


def test_the_reviews_deeper_look_plays_as_far_ahead_as_the_hint() -> None:
    for players in (2, 3, 4):
        state = Table(players).state
        assert horizon_of(SeatAdvisor(0), state) == HINT_ROUNDS * players
