"""Stage goals, the Ring-bearer's arrival, Gandalf cards, and laying out the next stage."""

from __future__ import annotations

from ringbearer_engine.games.mount_doom.content import DECKS, GANDALF_IDS, MORGUL
from ringbearer_engine.games.mount_doom.events import (
    Encounter,
    GandalfDrawn,
    GandalfLost,
    GoalReached,
    Moved,
    StageEnded,
    StageLaidOut,
)
from ringbearer_engine.games.mount_doom.state import Ask

from .helpers import goal, new, of, state, tray, turn

QUIET = ["moria-orc"] * 6


def test_ring_bearer_exact_arrival_at_a_stage_goal_draws_the_top_gandalf_card() -> None:
    match = new(players=2, row=QUIET, pos=[goal(0) - 3, 0, 0, 0, 0])
    match.script(rolls={"battle": ["gimli"]}, orders={"gandalf": ["vision"]})
    events = tray(match, (1, "orange", 3))
    assert of(events, GoalReached) == [GoalReached(0, 0, True)]
    assert of(events, GandalfDrawn) == [GandalfDrawn(0, "vision")]
    s = state(match)
    assert "vision" in s.held
    assert "vision" not in s.gandalf_stack


def test_ring_bearer_inexact_arrival_stops_at_goal_and_discards_top_gandalf_card() -> None:
    match = new(row=QUIET, pos=[goal(0) - 3, 0, 0, 0, 0])
    match.script(rolls={"battle": ["gimli"]}, orders={"gandalf": ["trick"]})
    before = len(state(match).gandalf_stack)
    events = tray(match, (1, "orange", 5))
    assert of(events, Moved)[0] == Moved(0, 3, goal(0) - 3, goal(0))
    assert of(events, GoalReached) == [GoalReached(0, 0, False)]
    assert of(events, GandalfLost) == [GandalfLost()]
    s = state(match)
    assert "trick" in s.unseen  # unseen: nobody learns which card it was
    assert "trick" not in s.held
    assert len(s.gandalf_stack) == before - 1


def test_no_gandalf_card_at_minas_morgul_exact_or_not() -> None:
    for pips in (2, 4):
        match = new(row=QUIET, pos=[MORGUL - 2, 0, 0, 0, 0], stage=4)
        match.script(rolls={"battle": ["gimli"]})
        stack = list(state(match).gandalf_stack)
        events = tray(match, (1, "orange", pips))
        assert not of(events, GandalfDrawn)
        assert not of(events, GandalfLost)
        assert state(match).gandalf_stack == stack


def test_an_empty_gandalf_stack_gives_nothing() -> None:
    """MD-A17."""
    match = new(row=QUIET, pos=[goal(0) - 3, 0, 0, 0, 0], gandalf_stack=[])
    match.script(rolls={"battle": ["gimli"]})
    events = tray(match, (1, "orange", 3))
    assert of(events, GoalReached) == [GoalReached(0, 0, True)]
    assert not of(events, GandalfDrawn)


def test_ring_bearer_exact_to_lothlorien_mid_turn_and_side_2_is_still_resolved() -> None:
    """The rulebook's example: side 1's black die, then the Ring-bearer 3 spaces exactly to
    Lothlórien; a Gandalf card; the two dice of side 2 are still resolved; then the stage ends."""
    row = ["moria-orc", "moria-orc", "nazgul-lothlorien", "moria-orc", "moria-orc", "moria-orc"]
    match = new(row=row, pos=[goal(0) - 3, 0, 0, 0, 0])
    match.script(rolls={"battle": ["gimli"]}, orders={"gandalf": ["power"]})
    events = tray(match, (1, "orange", 3), (3, "blue", 2))
    kinds = [type(e).__name__ for e in events]
    assert kinds.index("GoalReached") < kinds.index("NazgulPlaced") < kinds.index("StageEnded")
    assert of(events, Moved)[-1] == Moved(2, 2, 0, 2)
    assert of(events, StageEnded) == [StageEnded(0)]
    laid = of(events, StageLaidOut)[0]
    assert laid.stage == 1
    s = state(match)
    assert s.stage == 1
    assert all(card in DECKS[1] for card in s.row)
    assert s.up == [False, True, True, True, True, False]


def test_remaining_dice_resolve_against_the_old_row() -> None:
    """MD-A16: the next stage is laid out only after the last die of the tray."""
    row = ["moria-orc", "moria-orc", "nazgul-lothlorien", "moria-orc", "moria-orc", "moria-orc"]
    match = new(row=row, pos=[goal(0) - 3, 0, 0, 0, 0])
    match.script(rolls={"battle": ["gimli"]})
    events = tray(match, (1, "orange", 3), (3, "blue", 2))
    assert [e.card for e in of(events, Encounter)][-1] == "nazgul-lothlorien"


def test_stage_change_boxes_every_card_left_on_the_row_face_down_ones_unseen() -> None:
    """MD-A9."""
    row = ["elrond", "moria-orc", "moria-orc", "moria-orc", "moria-orc", "arwen"]
    match = new(row=row, up=[False, True, True, True, True, False], pos=[goal(0) - 3, 0, 0, 0, 0])
    match.script(rolls={"battle": ["gimli"]})
    tray(match, (2, "orange", 3))
    s = state(match)
    assert {"elrond", "arwen"} <= set(s.unseen)
    assert s.box.count("moria-orc") == 4
    assert "elrond" not in s.held


def test_ring_bearer_movement_is_ignored_once_he_stands_on_his_goal() -> None:
    """MD-A15: he waits there until the next stage is laid out."""
    match = new(row=["moria-orc", "", "moria-orc", "moria-orc", "moria-orc", "moria-orc"])
    s = state(match)
    s.pos = [goal(0) - 1, 0, 0, 0, 0]
    match.script(rolls={"battle": ["gimli"]})
    events = tray(match, (1, "orange", 1), (1, "", 0))
    assert of(events, Moved) == [Moved(0, 1, goal(0) - 1, goal(0))]


def test_next_player_takes_the_tray_after_the_stage_change() -> None:
    match = new(players=2, row=QUIET, pos=[goal(0) - 3, 0, 0, 0, 0])
    match.script(rolls={"battle": ["gimli"]})
    tray(match, (1, "orange", 3))
    assert match.to_move == 1
    assert state(match).pending == Ask.START


def test_figures_stay_on_their_spaces_when_the_stage_changes() -> None:
    match = new(row=QUIET, pos=[goal(0) - 3, 5, goal(1) - 1, 2, 0])
    match.script(rolls={"battle": ["gimli"]})
    tray(match, (1, "orange", 3))
    assert state(match).pos == [goal(0), 5, goal(1) - 1, 2, 0]


def test_every_stage_deck_is_laid_out_from_its_own_stack_in_route_order() -> None:
    """MD-A1: Lothlórien, Rohan, Helm's Deep, Gondor, Minas Morgul, Mount Doom."""
    match = new(row=QUIET, gandalf_stack=[])
    s = state(match)
    for stage in range(5):
        s.row = list(QUIET)
        s.up = [True] * 6
        s.pos[0] = goal(stage) - 1
        match.script(rolls={"battle": ["gimli"] * 4})
        tray(match, (1, "orange", 1))
        assert s.stage == stage + 1
        assert all(card in DECKS[stage + 1] for card in s.row)


def test_turn_example_from_the_rulebook_plays_through_the_dice_phase() -> None:
    """The rulebook's dice-phase example: red and blue first; black 2 and blue on side 1; then
    green with red and black; the second black and red on side 2; green back to the supply."""
    match = new(row=QUIET)
    match.script(rolls={"battle": ["gimli", "gimli"]})
    events = turn(
        match,
        black=(2, 5, 4),
        first={"blue": 3, "red": 1},
        keep=(2, "blue"),
        second={"red": 2, "green": 6},
        keep2="red",
    )
    assert [(e.figure, e.steps) for e in of(events, Moved)] == [(2, 3), (4, 2)]
    assert GANDALF_IDS
