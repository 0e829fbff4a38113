"""The replay behind the Review screen: positions, the match at each, the log in words."""

from __future__ import annotations

import ringbearer_engine as rb
from ringbearer_tui.games import look_for
from ringbearer_tui.replay import Replay


def scripted_game() -> rb.Match:
    match = rb.Match.new("mount-doom", ["Ann"], seed=5)
    match.play(match.actions()[0])
    match.script(rolls={"black": [1]})
    for _ in range(4):
        match.play(match.actions()[0])
    return match


def test_positions_are_the_action_steps_and_the_end_not_the_scripts() -> None:
    replay = Replay(scripted_game(), look_for("mount-doom").describe)
    assert replay.positions == [0, 2, 3, 4, 5, 6]
    assert replay.step_after(0) == 2
    assert replay.step_before(2) == 0
    assert replay.step_after(6) == 6


def test_the_match_at_a_position_is_the_match_before_that_step_in_any_order() -> None:
    match = scripted_game()
    replay = Replay(match, look_for("mount-doom").describe)
    for position in (4, 6, 2, 0, 5):
        expected = rb.Match.from_log(
            match.game, match.players, match.seed, None, match.log[:position]
        )
        assert replay.at(position).snapshot() == expected.snapshot()


def test_the_log_up_to_a_position_is_in_words() -> None:
    match = scripted_game()
    replay = Replay(match, look_for("mount-doom").describe)
    told = replay.steps_before(3)
    assert len(told) == 2  # steps 0 and 2; the script is no step of the story
    assert all(label and label not in match.log for _, label, _ in told)
