"""The five Gandalf cards and Boromir."""

from __future__ import annotations

import pytest

from ringbearer_engine import IllegalActionError
from ringbearer_engine.games.mount_doom.content import (
    ARMY,
    DECKS,
    FINAL_STAGE,
    MORGUL,
    RING_BEARER,
    TRACK_START,
)
from ringbearer_engine.games.mount_doom.events import (
    BattleEnded,
    Boxed,
    DieSet,
    GoalReached,
    Moved,
    Rolled,
    StageLaidOut,
    VisionSeen,
)
from ringbearer_engine.games.mount_doom.state import Ask

from .helpers import goal, new, of, play, state, tray


def test_each_friend_and_gandalf_card_is_used_once_and_then_goes_to_the_box() -> None:
    match = new(held=["power"])
    match.script(rolls={"black": [2, 3], "blue": [1], "red": [1]})
    play(match, "roll blue,red", "use power black2:5")
    s = state(match)
    assert s.held == []
    assert "power" in s.box
    assert not any(str(a).startswith("use") for a in match.actions())


# -- Gandalf's Power -------------------------------------------------------------------------


def test_gandalfs_power_right_after_a_roll_turns_a_black_die_to_any_face() -> None:
    match = new(held=["power"])
    match.script(rolls={"black": [2, 3], "blue": [1], "red": [1]})
    play(match, "roll blue,red")
    options = {str(a) for a in match.actions() if str(a).startswith("use power")}
    assert len(options) == 10  # two black dice, five other faces each
    events = play(match, "use power black3:6")
    assert of(events, DieSet) == [DieSet("black", 3, 6)]
    assert "keep 6 red" in {str(a) for a in match.actions()}


def test_gandalfs_power_on_the_final_stage_turns_the_black_die() -> None:
    match = new(
        held=["power"],
        row=["gollum-deceit", "eagles", "eagles", "eagles", "eagles", "eagles"],
        stage=FINAL_STAGE,
        pending=Ask.FINAL_START,
        pos=[MORGUL, 0, 0, 0, 0],
    )
    match.script(rolls={"black": [1]})
    play(match, "roll black")
    assert state(match).pending == Ask.ROLLED
    play(match, "use power black1:2")
    assert state(match).resolve == TRACK_START + 1


def test_gandalfs_power_does_not_change_a_battle_die() -> None:
    match = new(row=["cave-troll"] * 6, held=["power"])
    match.script(rolls={"battle": ["sauron"]})
    tray(match, (1, "", 0))
    assert state(match).pending == Ask.START
    assert state(match).resolve == TRACK_START - 2


# -- Gandalf's Trick -------------------------------------------------------------------------


def test_gandalfs_trick_right_after_a_roll_turns_a_companion_die_to_any_face() -> None:
    match = new(held=["trick"])
    match.script(rolls={"black": [2, 3], "blue": [1], "red": [1]})
    play(match, "roll blue,red")
    with pytest.raises(IllegalActionError, match="cannot be used that way"):
        match.play("use trick black2:6")
    events = play(match, "use trick blue:5")
    assert of(events, DieSet) == [DieSet("blue", 1, 5)]
    assert "keep 2 blue" in {str(a) for a in match.actions()}
    assert state(match).rolled == [2, 3, 5, 1]


def test_gandalfs_trick_may_set_denethors_reroll() -> None:
    match = new(row=["moria-orc", "denethor", "", "", "", ""], stage=4, held=["trick"])
    match.script(rolls={"battle": ["gimli"], "blue": [1]})
    tray(match, (1, "red", 2), (2, "blue", 3))
    play(match, "use trick blue:4")
    assert state(match).pos[2] == 4


# -- Gandalf's Support -----------------------------------------------------------------------


def test_gandalfs_support_before_rolling_rolls_five_dice_and_moves_the_chosen_figure() -> None:
    match = new(held=["support"])
    match.script(rolls={"orange": [2], "purple": [6], "blue": [1], "green": [1], "red": [4]})
    events = play(match, "use support -")
    assert of(events, Rolled) == [
        Rolled(("orange", "purple", "blue", "green", "red"), (2, 6, 1, 1, 4))
    ]
    assert state(match).pending == Ask.SUPPORT
    events = play(match, "choose red")
    assert of(events, Moved) == [Moved(4, 4, 0, 4)]
    assert state(match).pending == Ask.START


def test_gandalfs_support_to_the_stage_goal_ends_the_stage_at_once() -> None:
    match = new(held=["support"], pos=[goal(0) - 2, 0, 0, 0, 0])
    match.script(rolls={"orange": [2], "purple": [6], "blue": [1], "green": [1], "red": [4]})
    events = play(match, "use support -", "choose orange")
    assert of(events, GoalReached)[0].exact
    assert of(events, StageLaidOut)[0].stage == 1
    assert state(match).pending == Ask.START


def test_gandalfs_support_is_not_offered_on_the_final_stage() -> None:
    """MD-A39: companion dice are not used there."""
    match = new(
        held=["support"], stage=FINAL_STAGE, pending=Ask.FINAL_START, pos=[MORGUL, 0, 0, 0, 0]
    )
    assert [str(a) for a in match.actions()] == ["roll black"]


# -- Gandalf's Vision ------------------------------------------------------------------------


def test_gandalfs_vision_before_the_next_stage_shows_the_top_card_which_may_be_removed() -> None:
    """MD-A34: the window opens after the old row is cleared, before the new cards are laid."""
    match = new(row=["moria-orc"] * 6, held=["vision"], pos=[goal(0) - 1, 0, 0, 0, 0])
    match.script(rolls={"battle": ["gimli"]}, orders={"encounters-rohan": ["wargs"]})
    events = tray(match, (1, "orange", 1))
    assert state(match).pending == Ask.STAGE
    assert state(match).row == [""] * 6
    events = play(match, "use vision -")
    assert of(events, VisionSeen) == [VisionSeen("wargs")]
    assert match.view(0).vision_card == "wargs"  # type: ignore[attr-defined]
    assert [str(a) for a in match.actions()] == ["choose keep", "choose remove"]
    events = play(match, "choose remove")
    assert Boxed("wargs") in events
    s = state(match)
    assert "wargs" not in s.row
    assert sorted(s.row) == sorted(c for c in DECKS[1] if c != "wargs")  # the 7th is laid out
    assert s.seventh == ""


def test_gandalfs_vision_kept_card_lies_face_down_in_slot_1_and_everybody_knows_it() -> None:
    match = new(row=["moria-orc"] * 6, held=["vision"], pos=[goal(0) - 1, 0, 0, 0, 0])
    match.script(rolls={"battle": ["gimli"]}, orders={"encounters-rohan": ["galadriel"]})
    tray(match, (1, "orange", 1))
    play(match, "use vision -", "choose keep")
    s = state(match)
    assert s.row[0] == "galadriel"
    assert s.up[0] is False
    assert match.view(0).row[0].card == "galadriel"  # type: ignore[attr-defined]


def test_gandalfs_vision_is_only_offered_before_a_stage_is_laid_out() -> None:
    match = new(held=["vision"])
    with pytest.raises(IllegalActionError, match="before the next stage is laid out"):
        match.play("use vision -")


# -- Gandalf's Wrath -------------------------------------------------------------------------


def test_gandalfs_wrath_after_an_encounter_is_carried_out_removes_its_card() -> None:
    match = new(row=["cave-troll"] * 6, held=["wrath"])
    match.script(rolls={"battle": ["sauron"]})
    tray(match, (1, "", 0))
    assert state(match).resolve == TRACK_START - 2  # carried out first
    assert state(match).pending == Ask.AFTER_DIE
    events = play(match, "use wrath -")
    assert of(events, Boxed) == [Boxed("cave-troll")]
    assert state(match).row[0] == ""


def test_gandalfs_wrath_is_not_offered_for_a_card_that_left_the_row_anyway() -> None:
    match = new(row=["wargs", "elrond", "", "", "", ""], held=["wrath"], stage=1)
    tray(match, (1, "", 0), (2, "", 0))
    assert state(match).pending == Ask.START


def test_gandalfs_wrath_on_the_army_of_the_dead_frees_the_card_it_covered() -> None:
    match = new(row=[ARMY, "haradrim", "", "", "", ""], held=["wrath"], stage=4)
    tray(match, (1, "", 0))
    play(match, "use wrath -")
    assert state(match).row[:2] == ["", "haradrim"]


def test_gandalfs_wrath_works_on_a_final_stage_card() -> None:
    match = new(
        row=["eagles", "eagles", "eagles", "shelob", "eagles", "eagles"],
        held=["wrath"],
        stage=FINAL_STAGE,
        pending=Ask.FINAL_START,
        pos=[MORGUL, 0, 0, 0, 0],
    )
    match.script(rolls={"black": [4]})
    play(match, "roll black", "use wrath -")
    assert state(match).row[3] == ""
    assert state(match).pos[RING_BEARER] == MORGUL  # Shelob's hold is already in effect


# -- Boromir ---------------------------------------------------------------------------------


def test_boromir_after_a_lost_battle_against_one_uruk_hai_rolls_again_and_only_sauron_loses() -> (
    None
):
    """MD-A21: on Boromir's roll every face but Sauron wins."""
    match = new(row=["uruk-hai-rohan"] * 6, held=["boromir"], stage=1, pos=[3, 0, 0, 0, 0])
    match.script(rolls={"battle": ["aragorn", "gandalf"]})
    tray(match, (1, "", 0))
    assert state(match).pending == Ask.BOROMIR
    events = play(match, "use boromir -")
    assert of(events, BattleEnded) == [BattleEnded(True, "Boromir's second roll")]
    assert state(match).resolve == TRACK_START


def test_boromirs_second_roll_showing_sauron_loses() -> None:
    match = new(row=["uruk-hai-rohan"] * 6, held=["boromir"], stage=1)
    match.script(rolls={"battle": ["sauron", "sauron"]})
    tray(match, (1, "", 0))
    events = play(match, "use boromir -")
    assert of(events, BattleEnded) == [BattleEnded(False, "Boromir's second roll shows Sauron")]
    assert state(match).resolve == TRACK_START - 1


def test_boromir_also_helps_after_declining_to_give_up_a_gandalf_card() -> None:
    """MD-A20 order: the Gandalf face first, then Boromir."""
    match = new(row=["uruk-hai-rohan"] * 6, held=["boromir", "vision"], stage=1)
    match.script(rolls={"battle": ["gandalf", "gimli"]})
    tray(match, (1, "", 0))
    assert state(match).pending == Ask.FACE
    play(match, "pass")
    assert state(match).pending == Ask.BOROMIR
    play(match, "use boromir -")
    assert state(match).resolve == TRACK_START


def test_boromir_is_not_offered_after_other_battles() -> None:
    match = new(row=["cave-troll"] * 6, held=["boromir"])
    match.script(rolls={"battle": ["sauron"]})
    tray(match, (1, "", 0))
    assert state(match).pending == Ask.START
    with pytest.raises(IllegalActionError, match="lost battle against one Uruk-hai"):
        match.play("use boromir -")
