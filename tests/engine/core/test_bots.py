"""Bots: the generic random bot and the Monte-Carlo advisor, through the game protocol."""

from __future__ import annotations

import math

import pytest
from testgames.pig import PIG, Hold, PigGame, PigState, Roll

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


def test_play_out_can_stop_when_a_turn_begins_instead_of_at_the_end() -> None:
    state = fresh()
    bots: list[rb.Bot] = [RandomBot(1), RandomBot(2)]
    start = state.turns
    rb.bots.play_out(PIG, state, bots, until_turn=start + 2)
    assert state.turns == start + 2
    assert PIG.to_move(state) is not None
    rb.bots.play_out(PIG, state, bots)
    assert PIG.to_move(state) is None


def test_the_advisor_ranks_the_winning_hold_first() -> None:
    # Ann needs 5 and has 6 in hand: holding wins now; rolling risks a 1, and Bo needs 1.
    state = fresh(scores=[25, 29], turn_total=6, revealed=[True, False])
    ranking = MonteCarloAdvisor(PIG, playouts=200, seed=1).rank(PIG, state)
    assert ranking[0].action == Hold()
    assert ranking[0].win_rate == 1.0
    assert ranking[1].win_rate < 0.95
    assert {r.action for r in ranking} == {Hold(), Roll()}
    assert all(r.playouts >= 50 for r in ranking)


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


def test_every_action_is_tried_against_the_same_futures(monkeypatch: pytest.MonkeyPatch) -> None:
    # The same action listed twice meets the same futures, so it gets the very same estimate;
    # independent futures would give two different ones. (The policy rolls here, and neither
    # copy can beat the other, so both are scored in the screening futures only.)
    state = fresh(scores=[10, 12], turn_total=4, revealed=[True, True])
    monkeypatch.setattr(PIG, "actions", lambda s: [Roll(), Roll()])
    ranking = MonteCarloAdvisor(PIG, playouts=90, seed=5).rank(PIG, state)
    rolls = [r for r in ranking if r.action == Roll()]
    assert len(rolls) == 2
    assert 0 < rolls[0].win_rate < 1
    assert rolls[0].win_rate == rolls[1].win_rate
    assert rolls[0].playouts == rolls[1].playouts


def test_the_advisor_overrules_the_policy_when_another_action_is_clearly_better() -> None:
    # Bo needs a single point and Ann 21: holding at 20, as the policy does, all but hands
    # him the game; one more roll that does not bust takes her to the target.
    state = fresh(scores=[9, 29], turn_total=20, revealed=[True, True])
    assert PIG.bots()["heuristic"](0).choose(PIG, state) == Hold()
    ranking = MonteCarloAdvisor(PIG, playouts=400, seed=3).rank(PIG, state)
    assert ranking[0].action == Roll()
    assert ranking[0].win_rate > ranking[1].win_rate


def test_an_advisor_that_demands_certainty_plays_the_policys_choice() -> None:
    state = fresh(scores=[9, 29], turn_total=20, revealed=[True, True])
    advisor = MonteCarloAdvisor(PIG, playouts=400, seed=3, confidence=math.inf)
    ranking = advisor.rank(PIG, state)
    assert ranking[0].action == Hold()
    assert ranking[1].win_rate > ranking[0].win_rate


class EstimatedPig(PigGame):
    """Pig that estimates every unfinished position at a quarter, and counts the calls."""

    def __init__(self) -> None:
        super().__init__()
        self.seats: list[int] = []

    def evaluate(self, state: PigState, seat: int) -> float:
        self.seats.append(seat)
        return 0.25


def test_futures_stop_at_the_horizon_and_are_scored_by_the_games_estimate() -> None:
    # From nothing, nobody can reach 30 before the turn ends (the policy holds at 20), so
    # every future stops after this turn and scores the estimate.
    game = EstimatedPig()
    state = fresh(scores=[0, 0], turn_total=0, revealed=[True, True])
    ranking = MonteCarloAdvisor(game, playouts=40, seed=1, horizon=1).rank(game, state)
    assert [r.win_rate for r in ranking] == [0.25, 0.25]
    assert game.seats
    assert set(game.seats) == {0}


def test_a_finished_future_scores_its_real_result_not_the_estimate() -> None:
    game = EstimatedPig()
    state = fresh(scores=[25, 0], turn_total=6, revealed=[True, True])
    ranking = MonteCarloAdvisor(game, playouts=40, seed=1).rank(game, state)
    hold = next(r for r in ranking if r.action == Hold())
    assert hold.win_rate == 1.0
    assert hold.wins == hold.playouts


def test_without_an_estimate_futures_are_played_to_the_end() -> None:
    state = fresh(scores=[0, 0], turn_total=0, revealed=[True, True])
    ranking = MonteCarloAdvisor(PIG, playouts=40, seed=1).rank(PIG, state)
    for r in ranking:
        assert r.wins == r.win_rate * r.playouts  # whole games won, nothing estimated
    assert PIG.evaluate(state, 0) is None


def test_the_same_seed_gives_the_same_ranking() -> None:
    state = fresh(scores=[10, 12], turn_total=4, revealed=[False, False])
    first = MonteCarloAdvisor(PIG, playouts=60, seed=8).rank(PIG, state)
    again = MonteCarloAdvisor(PIG, playouts=60, seed=8).rank(PIG, state)
    assert first == again


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


def test_an_unknown_bot_is_refused_with_the_bots_named_in_a_sentence() -> None:
    with pytest.raises(ValueError, match=r"; its bots are heuristic, mc and random$"):
        make_bot(PIG, "wizard")


def test_make_bot_builds_each_name() -> None:
    for name in [*bot_names(PIG), "mc:10"]:
        bot = make_bot(PIG, name, seed=1)
        assert bot.choose(PIG, fresh()) in PIG.actions(fresh())


def test_advance_by_default_plays_as_apply_does() -> None:
    loud, quiet = fresh(5), fresh(5)
    bot = RandomBot(5)
    while PIG.to_move(loud) is not None:
        action = bot.choose(PIG, loud)
        PIG.apply(loud, action)
        PIG.advance(quiet, action)
        assert PIG.encode_state(quiet) == PIG.encode_state(loud)


def test_random_play_out_picks_as_the_random_bot_chooses() -> None:
    # play_out plays random bots through a loop of its own; it must pick the same actions.
    fast, slow = fresh(8), fresh(8)
    steps = rb.bots.play_out(PIG, fast, [RandomBot(1), RandomBot(2)])
    bots = [RandomBot(1), RandomBot(2)]
    count = 0
    while (seat := PIG.to_move(slow)) is not None:
        PIG.apply(slow, bots[seat].choose(PIG, slow))
        count += 1
    assert steps == count
    assert PIG.encode_state(fast) == PIG.encode_state(slow)


def test_discarded_events_keep_nothing() -> None:
    from ringbearer_engine.events import DISCARDED

    sink = DISCARDED
    sink.append(rb.Event())
    sink.extend([rb.Event()])
    sink.insert(0, rb.Event())
    sink += [rb.Event()]
    assert sink is DISCARDED
    assert DISCARDED == []
