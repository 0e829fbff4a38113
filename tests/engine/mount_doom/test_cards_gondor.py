"""The Gondor cards: Nazgûl, Grond, Orc Hordes, Sauron's Eye, Uruk-hai, Faramir, Treebeard."""

from __future__ import annotations

import pytest

from ringbearer_engine import IllegalActionError
from ringbearer_engine.games.mount_doom.content import (
    FINAL_STAGE,
    MORGUL,
    MOUNT_DOOM,
    RING_BEARER,
    SAURON_EYE_SPACE,
    TRACK_START,
    TRACK_TOP,
)
from ringbearer_engine.games.mount_doom.events import (
    GandalfDrawn,
    GoalReached,
    ResolveChanged,
    StageLaidOut,
    TokenPlaced,
    UrukRemoved,
)
from ringbearer_engine.games.mount_doom.state import WON, Ask

from .helpers import goal, new, of, plain_space, play, state, tray


def test_grond_costs_three_resolve_at_once_and_leaves_the_game() -> None:
    match = new(row=["grond"] * 6, stage=3)
    tray(match, (1, "", 0))
    s = state(match)
    assert s.resolve == TRACK_START - 3
    assert "grond" in s.box


def test_sauron_eye_pulls_the_ring_down_to_its_space_and_leaves() -> None:
    match = new(row=["sauron-eye"] * 6, stage=3, resolve=SAURON_EYE_SPACE + 3)
    events = tray(match, (1, "", 0))
    assert of(events, ResolveChanged) == [ResolveChanged(-3, SAURON_EYE_SPACE)]
    assert "sauron-eye" in state(match).box


@pytest.mark.parametrize("below", [0, 1, 4])
def test_sauron_eye_does_nothing_when_the_ring_is_already_on_or_past_its_space(below: int) -> None:
    """MD-A33: the Eye never raises the Ring."""
    match = new(row=["sauron-eye"] * 6, stage=3, resolve=SAURON_EYE_SPACE - below)
    events = tray(match, (1, "", 0))
    assert not of(events, ResolveChanged)
    assert state(match).resolve == SAURON_EYE_SPACE - below


@pytest.mark.parametrize("card", ["uruk-hai-gondor", "uruk-hai-minas-morgul"])
def test_uruk_hai_on_the_gondor_and_minas_morgul_stages_gives_resolve_once_isengard_is_freed(
    card: str,
) -> None:
    match = new(row=[card] * 6, stage=3, leader=False)
    events = tray(match, (1, "", 0))
    assert of(events, ResolveChanged) == [ResolveChanged(1, TRACK_START + 1)]


def test_gondor_orc_hordes_and_nazgul_work_as_everywhere() -> None:
    match = new(row=["orc-hordes-gondor", "nazgul-gondor", "", "", "", ""], stage=3)
    match.script(rolls={"battle": ["sauron"]})
    tray(match, (1, "", 0), (2, "", 0))
    s = state(match)
    assert (s.resolve, s.nazgul) == (TRACK_START - 2, 2)


# -- Faramir ---------------------------------------------------------------------------------


def test_faramir_is_used_at_the_start_of_a_turn_before_rolling() -> None:
    match = new(held=["faramir"])
    assert {"use faramir 2", "use faramir 3", "use faramir 4"} <= {str(a) for a in match.actions()}
    start = plain_space(0, 2) - 2
    state(match).pos[RING_BEARER] = start
    play(match, "use faramir 2")
    s = state(match)
    assert s.pos[RING_BEARER] == start + 2
    assert s.pending == Ask.START  # MD-A31: the same player goes on and rolls
    assert match.to_move == 0


def test_faramir_is_not_offered_once_the_dice_are_rolled() -> None:
    match = new(held=["faramir"])
    match.script(rolls={"black": [1, 2], "blue": [1], "red": [1]})
    play(match, "roll blue,red")
    with pytest.raises(IllegalActionError, match="before rolling"):
        match.play("use faramir 2")


def test_faramir_to_a_stage_goal_ends_the_stage_at_once_and_the_same_player_rolls_on() -> None:
    """MD-A31: exact arrival draws a Gandalf card; the next stage is prepared directly."""
    match = new(players=2, held=["faramir"], pos=[goal(0) - 3, 0, 0, 0, 0])
    match.script(orders={"gandalf": ["trick"]})
    events = play(match, "use faramir 3")
    assert of(events, GoalReached) == [GoalReached(0, 0, True)]
    assert of(events, GandalfDrawn) == [GandalfDrawn(0, "trick")]
    assert of(events, StageLaidOut)[0].stage == 1
    s = state(match)
    assert s.stage == 1
    assert s.pending == Ask.START
    assert match.to_move == 0


def test_faramir_beyond_a_stage_goal_stops_him_there_without_a_gandalf_card() -> None:
    match = new(held=["faramir"], pos=[goal(0) - 2, 0, 0, 0, 0])
    events = play(match, "use faramir 4")
    assert of(events, GoalReached) == [GoalReached(0, 0, False)]
    assert state(match).stage == 1


def test_faramir_on_the_final_stage_can_reach_mount_doom() -> None:
    """MD-A39: a card whose effect can still happen may be played on the final stage."""
    match = new(
        held=["faramir"],
        stage=FINAL_STAGE,
        pending=Ask.FINAL_START,
        pos=[MOUNT_DOOM - 2, 0, 0, 0, 0],
    )
    play(match, "use faramir 3")
    assert state(match).result == WON


def test_faramir_on_the_final_stage_leaves_the_same_player_to_roll() -> None:
    match = new(
        held=["faramir"], stage=FINAL_STAGE, pending=Ask.FINAL_START, pos=[MORGUL, 0, 0, 0, 0]
    )
    play(match, "use faramir 2")
    assert state(match).pending == Ask.FINAL_START
    assert state(match).pos[RING_BEARER] == MORGUL + 2


# -- Treebeard -------------------------------------------------------------------------------


def test_treebeard_moves_the_ring_two_circles_towards_the_bright_heart() -> None:
    match = new(held=["treebeard"])
    events = play(match, "use treebeard resolve")
    assert of(events, ResolveChanged) == [ResolveChanged(2, TRACK_START + 2)]


def test_treebeard_resolve_is_not_offered_at_the_top_of_the_track() -> None:
    match = new(held=["treebeard"], resolve=TRACK_TOP)
    options = {str(a) for a in match.actions() if str(a).startswith("use")}
    assert options == {"use treebeard isengard"}


def test_treebeard_token_at_isengard_removes_an_uruk_hai_after_every_battle_won_leader_last() -> (
    None
):
    match = new(held=["treebeard"], row=["uruk-hai-gondor"] * 6, uruk=2, stage=3)
    events = play(match, "use treebeard isengard")
    assert of(events, TokenPlaced) == [TokenPlaced("treebeard")]
    match.script(rolls={"battle": ["aragorn", "aragorn", "aragorn"]})
    events = tray(match, (1, "", 0))
    assert of(events, UrukRemoved) == [
        UrukRemoved(False, 1),
        UrukRemoved(False, 0),
        UrukRemoved(True, 0),
    ]
    s = state(match)
    assert (s.uruk, s.leader) == (0, False)


def test_treebeard_token_with_a_lost_battle_leaves_the_leader() -> None:
    match = new(row=["uruk-hai-gondor"] * 6, uruk=1, stage=3, treebeard_token=True)
    match.script(rolls={"battle": ["aragorn", "sauron"]})
    events = tray(match, (1, "", 0))
    assert of(events, UrukRemoved) == [UrukRemoved(False, 0)]
    assert state(match).leader is True


def test_isengard_freed_by_treebeard_stays_free_and_uruk_hai_cards_give_one_resolve() -> None:
    """MD-A23."""
    match = new(
        row=["uruk-hai-minas-morgul", "saruman-helms-deep", "", "", "", ""], leader=False, stage=4
    )
    tray(match, (1, "", 0), (2, "", 0))
    s = state(match)
    assert s.resolve == TRACK_START + 1
    assert s.uruk == 0


def test_treebeard_token_is_not_offered_twice_or_for_a_freed_isengard() -> None:
    match = new(held=["treebeard"], treebeard_token=True)
    assert "use treebeard isengard" not in {str(a) for a in match.actions()}
    match = new(held=["treebeard"], leader=False)
    assert "use treebeard isengard" not in {str(a) for a in match.actions()}
