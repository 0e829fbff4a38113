"""Companion dice: exact moves, shared spaces, event spaces and protection, goals, the rally."""

from __future__ import annotations

from typing import Any

from ringbearer_engine import Event, Match
from ringbearer_engine.games.mount_doom.content import GOALS, MORGUL, RALLY, TRACK_START, TRACK_TOP
from ringbearer_engine.games.mount_doom.events import EventSpace, GoalReached, Moved, ResolveChanged

from .helpers import event_space, goal, new, of, plain_space, state, tray

QUIET = ["moria-orc"] * 6
SAFE = (1, "", 0)  # a black die on a quiet card, no companion die


def move_with(pos: list[int], colour: str, pips: int, **arrange: Any) -> tuple[Match, list[Event]]:
    match = new(row=QUIET, pos=pos, **arrange)
    match.script(rolls={"battle": ["gimli"]})
    events = tray(match, (1, colour, pips))
    return match, events


def test_companion_die_moves_its_figure_exactly_that_many_spaces() -> None:
    match, events = move_with([0, 0, 0, 0, 0], "blue", 2)
    assert of(events, Moved) == [Moved(2, 2, 0, 2)]
    assert state(match).pos[2] == 2


def test_any_number_of_figures_may_share_a_space() -> None:
    here = plain_space(0, 1)
    match, _ = move_with([here, here, here - 1, here, here], "blue", 1)
    assert state(match).pos == [here] * 5


def test_dark_heart_space_moves_the_one_ring_one_circle_towards_the_dark_heart() -> None:
    dark = event_space("dark")
    match, events = move_with([0, 0, dark - 2, 0, 0], "blue", 2)
    assert of(events, EventSpace) == [EventSpace(2, "dark", "strikes")]
    assert state(match).resolve == TRACK_START - 1


def test_nazgul_space_places_one_nazgul_at_minas_morgul() -> None:
    nazgul = event_space("nazgul")
    match, events = move_with([0, 0, nazgul - 2, 0, 0], "blue", 2)
    assert of(events, EventSpace) == [EventSpace(2, "nazgul", "strikes")]
    assert state(match).nazgul == 2


def test_figure_standing_on_an_event_space_protects_the_fellowship_from_it() -> None:
    dark = event_space("dark")
    match, events = move_with([0, dark, dark - 2, 0, 0], "blue", 2)
    assert of(events, EventSpace) == [EventSpace(2, "dark", "protected")]
    assert state(match).resolve == TRACK_START


def test_protection_ends_when_the_last_figure_leaves_the_space() -> None:
    """MD-A11: once nobody stands there, the space strikes again."""
    dark = event_space("dark")
    match = new(row=QUIET, pos=[0, dark, dark - 2, 0, 0])
    match.script(rolls={"battle": ["gimli", "gimli"]})
    events = tray(match, (1, "purple", 1), (1, "blue", 2))
    assert of(events, EventSpace) == [EventSpace(2, "dark", "strikes")]


def test_passing_over_an_event_space_does_nothing() -> None:
    """MD-A11: only the space where a move ends can strike."""
    dark = event_space("dark")
    match, events = move_with([0, 0, dark - 1, 0, 0], "blue", 2)
    assert not of(events, EventSpace)
    assert state(match).pos[2] == dark + 1


def test_ring_bearer_on_an_event_space_suffers_it_and_protects_it_too() -> None:
    """MD-A11: any figure, the Ring-bearer included, triggers and protects."""
    dark = event_space("dark")
    _, events = move_with([dark - 1, 0, 0, 0, 0], "orange", 1)
    assert of(events, EventSpace) == [EventSpace(0, "dark", "strikes")]
    _, events = move_with([dark, 0, dark - 3, 0, 0], "blue", 3)
    assert of(events, EventSpace) == [EventSpace(2, "dark", "protected")]


def test_companion_reaching_a_stage_goal_exactly_gains_one_resolve() -> None:
    _, events = move_with([0, 0, goal(0) - 3, 0, 0], "blue", 3)
    assert of(events, GoalReached) == [GoalReached(2, 0, True)]
    assert of(events, ResolveChanged) == [ResolveChanged(1, TRACK_START + 1)]


def test_companion_moving_past_a_stage_goal_gains_nothing() -> None:
    match, events = move_with([0, 0, goal(0) - 3, 0, 0], "blue", 4)
    assert not of(events, GoalReached)
    assert state(match).resolve == TRACK_START


def test_companion_exact_arrival_counts_on_any_stage_goal_even_ahead_of_the_stage() -> None:
    """MD-A12: Rohan counts while the Ring-bearer is still on the Lothlórien stage, and
    another figure already standing there changes nothing."""
    match, events = move_with([0, 0, goal(1) - 2, goal(1), 0], "blue", 2)
    assert of(events, GoalReached) == [GoalReached(2, 1, True)]
    assert state(match).resolve == TRACK_START + 1


def test_exact_arrival_gain_is_lost_beyond_the_top_circle() -> None:
    """MD-A4: steps above the top circle are lost."""
    match, events = move_with([0, 0, goal(0) - 3, 0, 0], "blue", 3, resolve=TRACK_TOP)
    assert state(match).resolve == TRACK_TOP
    assert not of(events, ResolveChanged)


def test_companion_that_would_pass_minas_morgul_goes_to_the_rally_space() -> None:
    """MD-A14, also for a companion that stood on Minas Morgul itself."""
    match, events = move_with([0, 0, MORGUL - 2, 0, 0], "blue", 3)
    assert state(match).pos[2] == RALLY
    assert "rally space" in str(of(events, Moved)[0])
    match, _ = move_with([0, 0, MORGUL, 0, 0], "blue", 1)
    assert state(match).pos[2] == RALLY


def test_figures_on_the_rally_space_never_move_again() -> None:
    """MD-A14: their dice have no effect."""
    match, events = move_with([0, 0, RALLY, 0, 0], "blue", 3)
    assert not of(events, Moved)
    assert state(match).pos[2] == RALLY


def test_goals_are_the_five_stage_goals_in_route_order() -> None:
    assert list(GOALS) == sorted(GOALS)
    assert GOALS[-1] == MORGUL


def test_companions_may_run_ahead_through_later_stages() -> None:
    """MD-A13: only Minas Morgul limits how far ahead a companion goes."""
    here = goal(2) + 1
    _, events = move_with([0, 0, here, 0, 0], "blue", 2)
    assert of(events, Moved) == [Moved(2, 2, here, here + 2)]
