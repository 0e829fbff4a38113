"""Bots: the generic random bot and the Monte-Carlo advisor, through the game protocol."""

from __future__ import annotations

import math

import pytest
from testgames.pig import PIG, Hold, PigState, Roll

import ringbearer_engine as rb
from ringbearer_engine import Chance, MonteCarloAdvisor, RandomBot, bot_names, make_bot


def fresh(seed: int = 1, **fields: object) -> PigState:
    state = PIG.setup(("Ann", "Bo"), PIG.options_type(), Chance.seeded(seed))
    for name, value in fields.items():
        setattr(state, name, value)
    return state


def test_the_random_bot_only_plays_legal_actions() -> None:
    bot = RandomBot(3)
    state = fresh()
    for _ in range(200):
        if PIG.to_move(state) is None:
            break
        action = bot.choose(PIG, state)
        assert action in PIG.actions(state)
        PIG.apply(state, action)


def test_the_advisor_ranks_the_winning_hold_first() -> None:
    # Ann needs 5 and has 6 in hand: holding wins now; rolling risks a 1, and Bo needs 1.
    state = fresh(scores=[25, 29], turn_total=6, revealed=[True, False])
    ranking = MonteCarloAdvisor(PIG, playouts=200, seed=1).rank(PIG, state)
    assert ranking[0].action == Hold()
    assert ranking[0].win_rate == 1.0
    assert ranking[1].win_rate < 0.95
    assert {r.action for r in ranking} == {Hold(), Roll()}
    assert sum(r.playouts for r in ranking) == 200


def test_the_advisor_does_not_learn_the_real_dice() -> None:
    # The real die is scripted to bust; the advisor must not be swayed by it.
    state = fresh(scores=[0, 0], turn_total=0, revealed=[True, False])
    state.chance.script(rolls={"die": [1, 1, 1, 1, 1, 1]})
    before = state.chance.position
    ranking = MonteCarloAdvisor(PIG, playouts=100, seed=2).rank(PIG, state)
    assert state.chance.position == before
    roll = next(r for r in ranking if r.action == Roll())
    assert roll.win_rate > 0.2


def test_a_single_legal_action_is_returned_without_playouts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = fresh()
    monkeypatch.setattr(PIG, "actions", lambda s: [Hold()])
    ranking = MonteCarloAdvisor(PIG, playouts=50).rank(PIG, state)
    assert len(ranking) == 1
    assert ranking[0].playouts == 0
    assert math.isnan(ranking[0].win_rate)


def test_the_advisor_as_a_bot_beats_random() -> None:
    report = rb.simulate("pig", 60, ["mc:60", "random"], seed=4)
    assert report.seat_wins[0].rate > 0.75


def test_bot_names_include_the_generic_and_the_games_own() -> None:
    assert bot_names(PIG) == ["heuristic", "mc", "random"]


@pytest.mark.parametrize(
    ("name", "message"),
    [("wizard", "no bot called 'wizard'"), ("mc:lots", "whole number"), ("mc:0", "at least one")],
)
def test_make_bot_refuses_unknown_names(name: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make_bot(PIG, name)


def test_make_bot_builds_each_name() -> None:
    for name in [*bot_names(PIG), "mc:10"]:
        bot = make_bot(PIG, name, seed=1)
        assert bot.choose(PIG, fresh()) in PIG.actions(fresh())
