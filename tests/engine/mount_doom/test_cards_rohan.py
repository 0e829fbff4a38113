"""The Rohan cards: Orc Hordes, Wargs, King Théoden, Nazgûl, Uruk-hai, Saruman, Galadriel."""

from __future__ import annotations

import pytest

from ringbearer_engine import IllegalActionError
from ringbearer_engine.games.mount_doom.content import (
    FINAL_STAGE,
    GALADRIEL_SPACE,
    MORGUL,
    RALLY,
    TRACK_START,
)
from ringbearer_engine.games.mount_doom.events import GoalReached, Moved, ResolveChanged
from ringbearer_engine.games.mount_doom.state import Ask

from .helpers import goal, new, of, play, space, state, tray


def test_orc_hordes_are_one_battle_costing_two_dark_hearts() -> None:
    match = new(row=["orc-hordes-rohan"] * 6, stage=1)
    match.script(rolls={"battle": ["sauron"]})
    tray(match, (1, "", 0))
    assert state(match).resolve == TRACK_START - 2


def test_wargs_cost_two_resolve_at_once_and_leave_the_game() -> None:
    match = new(row=["wargs"] * 6, stage=1)
    tray(match, (1, "", 0))
    s = state(match)
    assert s.resolve == TRACK_START - 2
    assert s.row[0] == ""
    assert "wargs" in s.box


def test_theoden_moves_a_companion_straight_to_its_next_stage_goal_as_an_exact_arrival() -> None:
    """MD-A12: the card's move ends exactly on a goal, so +1 resolve."""
    match = new(held=["theoden"], pos=[0, 0, space(1, 3), 0, 0])
    assert "use theoden aragorn" in {str(a) for a in match.actions()}
    events = play(match, "use theoden aragorn")
    assert of(events, Moved) == [Moved(2, goal(1) - space(1, 3), space(1, 3), goal(1))]
    assert of(events, GoalReached) == [GoalReached(2, 1, True)]
    assert of(events, ResolveChanged) == [ResolveChanged(1, TRACK_START + 1)]
    assert state(match).pending == Ask.START  # an any-time card: the turn goes on


def test_theoden_from_a_goal_goes_on_to_the_following_goal() -> None:
    match = new(held=["theoden"], pos=[0, goal(0), 0, 0, 0])
    play(match, "use theoden merry")
    assert state(match).pos[1] == goal(1)


def test_theoden_never_moves_the_ring_bearer_nor_figures_done_with_the_route() -> None:
    match = new(held=["theoden"], pos=[0, MORGUL, RALLY, 0, 0])
    options = {str(a) for a in match.actions() if str(a).startswith("use theoden")}
    assert options == {"use theoden legolas", "use theoden gimli"}
    with pytest.raises(IllegalActionError, match="cannot be used that way"):
        match.play("use theoden frodo")


def test_theoden_is_usable_at_the_pauses_of_a_turn_as_an_any_time_card() -> None:
    match = new(held=["theoden"], row=["moria-orc"] * 6)
    match.script(rolls={"black": [2, 3], "blue": [1], "red": [1], "battle": ["gimli"]})
    play(match, "roll blue,red")
    assert any(str(a).startswith("use theoden") for a in match.actions())
    match = new(held=["theoden"], row=["moria-orc"] * 6)
    match.script(rolls={"battle": ["gimli"]})
    tray(match, (1, "blue", 1))
    assert state(match).pending == Ask.BATTLE


def test_theoden_is_not_offered_on_the_final_stage() -> None:
    """MD-A39: companions no longer walk there."""
    match = new(
        held=["theoden"], stage=FINAL_STAGE, pending=Ask.FINAL_START, pos=[MORGUL, 0, 0, 0, 0]
    )
    assert [str(a) for a in match.actions()] == ["roll black"]


def test_galadriel_in_a_battle_before_the_roll_raises_the_ring_to_her_space() -> None:
    match = new(row=["orc-hordes-rohan"] * 6, held=["galadriel"], resolve=3, stage=1)
    match.script(rolls={"battle": ["aragorn"]})
    tray(match, (1, "", 0))
    assert state(match).pending == Ask.BATTLE
    events = play(match, "use galadriel -")
    assert of(events, ResolveChanged)[0] == ResolveChanged(GALADRIEL_SPACE - 3, GALADRIEL_SPACE)
    assert state(match).resolve == GALADRIEL_SPACE  # then the battle was rolled and won


def test_galadriel_is_not_offered_outside_a_battle_or_when_the_ring_is_high_enough() -> None:
    match = new(held=["galadriel"], resolve=3)
    assert not any(str(a).startswith("use") for a in match.actions())
    match = new(row=["orc-hordes-rohan"] * 6, held=["galadriel"], resolve=GALADRIEL_SPACE)
    match.script(rolls={"battle": ["aragorn"]})
    tray(match, (1, "", 0))
    assert state(match).pending == Ask.START


def test_rohan_uruk_hai_card_fights_one_battle_per_uruk_hai() -> None:
    match = new(row=["uruk-hai-rohan"] * 6, uruk=1, stage=1)
    match.script(rolls={"battle": ["sauron", "sauron"]})
    tray(match, (1, "", 0))
    assert state(match).resolve == TRACK_START - 2
