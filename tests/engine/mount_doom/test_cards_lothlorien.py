"""The Lothlórien cards: Cave Troll, Saruman, Nazgûl, Balrog of Moria, Moria Orc, Arwen, Elrond."""

from __future__ import annotations

import pytest

from ringbearer_engine import IllegalActionError
from ringbearer_engine.games.mount_doom.content import HELMS_DEEP, TRACK_START, URUK_WARRIORS
from ringbearer_engine.games.mount_doom.events import (
    BattleEnded,
    BattleRolled,
    DieSet,
    EventSpace,
    GandalfDrawn,
    TokenPlaced,
    TokenRemoved,
    UrukArrived,
)
from ringbearer_engine.games.mount_doom.state import Ask

from .helpers import event_space, goal, new, of, play, state, tray


def test_cave_troll_is_one_battle_costing_two_dark_hearts() -> None:
    match = new(row=["cave-troll"] * 6)
    match.script(rolls={"battle": ["sauron"]})
    tray(match, (1, "", 0))
    assert state(match).resolve == TRACK_START - 2
    assert state(match).row[0] == "cave-troll"


def test_moria_orc_is_one_battle_costing_one_dark_heart() -> None:
    match = new(row=["moria-orc"] * 6)
    match.script(rolls={"battle": ["sauron"]})
    tray(match, (1, "", 0))
    assert state(match).resolve == TRACK_START - 1


def test_saruman_sends_two_warriors_from_the_supply_to_isengard() -> None:
    match = new(row=["saruman-lothlorien"] * 6)
    events = tray(match, (1, "", 0))
    assert of(events, UrukArrived) == [UrukArrived(2, 2)]


def test_saruman_with_a_short_supply_sends_what_is_left() -> None:
    """MD-A24."""
    match = new(row=["saruman-lothlorien"] * 6, uruk=URUK_WARRIORS - 1)
    events = tray(match, (1, "", 0))
    assert of(events, UrukArrived) == [UrukArrived(1, URUK_WARRIORS)]


def test_saruman_does_nothing_when_every_uruk_hai_is_already_at_isengard() -> None:
    match = new(row=["saruman-lothlorien"] * 6, uruk=URUK_WARRIORS)
    events = tray(match, (1, "", 0))
    assert not of(events, UrukArrived)
    assert state(match).uruk == URUK_WARRIORS


def test_saruman_cannot_bring_warriors_back_to_a_freed_isengard() -> None:
    """MD-A23."""
    match = new(row=["saruman-lothlorien"] * 6, leader=False)
    tray(match, (1, "", 0))
    assert state(match).uruk == 0


def test_nazgul_card_places_one_nazgul_and_stays() -> None:
    match = new(row=["nazgul-lothlorien"] * 6)
    tray(match, (1, "", 0))
    assert state(match).nazgul == 2
    assert state(match).row[0] == "nazgul-lothlorien"


def test_balrog_costs_three_resolve_at_once_places_the_gandalf_token_and_leaves() -> None:
    match = new(row=["balrog"] * 6)
    events = tray(match, (1, "", 0))
    s = state(match)
    assert s.resolve == TRACK_START - 3
    assert of(events, TokenPlaced) == [TokenPlaced("gandalf")]
    assert s.gandalf_token is True
    assert s.row[0] == ""
    assert "balrog" in s.box


def test_balrog_blocks_every_gandalf_card_including_the_opening_one() -> None:
    """MD-A27: the opening Gandalf card is blocked too."""
    match = new(held=["power", "elrond"], gandalf_token=True)
    match.script(rolls={"black": [2, 3], "blue": [1], "red": [1]})
    play(match, "roll blue,red")
    legal = {str(a) for a in match.actions()}
    assert not any(a.startswith("use power") for a in legal)
    assert "use elrond blue" in legal
    with pytest.raises(IllegalActionError, match="Gandalf token lies at Helm's Deep"):
        match.play("use power black2:6")


def test_balrog_means_the_gandalf_symbol_can_no_longer_win_a_battle() -> None:
    match = new(row=["moria-orc"] * 6, held=["power"], gandalf_token=True)
    match.script(rolls={"battle": ["gandalf"]})
    events = tray(match, (1, "", 0))
    assert of(events, BattleEnded) == [BattleEnded(False, "the Gandalf symbol")]
    assert state(match).held == ["power"]


def test_balrog_still_lets_exact_arrivals_draw_gandalf_cards() -> None:
    match = new(row=["moria-orc"] * 6, gandalf_token=True, pos=[goal(0) - 2, 0, 0, 0, 0])
    match.script(rolls={"battle": ["gimli"]}, orders={"gandalf": ["trick"]})
    events = tray(match, (1, "orange", 2))
    assert of(events, GandalfDrawn) == [GandalfDrawn(0, "trick")]
    assert state(match).gandalf_token is True


def test_balrog_block_ends_when_the_ring_bearer_reaches_helms_deep_and_its_card_works() -> None:
    """MD-A27: lifted on arrival, so the Gandalf card drawn there is usable straight away."""
    match = new(
        row=["moria-orc"] * 6,
        gandalf_token=True,
        stage=HELMS_DEEP,
        pos=[goal(HELMS_DEEP) - 2, 0, 0, 0, 0],
        gandalf_stack=["wrath"],
    )
    match.script(rolls={"battle": ["gimli", "gimli"]})
    events = tray(match, (1, "orange", 2), (1, "", 0))
    assert of(events, TokenRemoved) == [TokenRemoved("gandalf")]
    assert of(events, GandalfDrawn) == [GandalfDrawn(0, "wrath")]
    s = state(match)
    assert s.gandalf_token is False
    assert s.pending == Ask.AFTER_DIE  # Gandalf's Wrath may remove the Moria Orc at once
    assert "use wrath -" in {str(a) for a in match.actions()}


# -- Arwen ---------------------------------------------------------------------------------------


def test_arwen_is_offered_when_an_event_space_is_about_to_strike_and_cancels_it() -> None:
    dark = event_space("dark")
    match = new(row=["moria-orc"] * 6, held=["arwen"], pos=[0, 0, dark - 1, 0, 0])
    match.script(rolls={"battle": ["gimli"]})
    tray(match, (1, "blue", 1))
    assert state(match).pending == Ask.EVENT
    assert {str(a) for a in match.actions()} == {"pass", "use arwen -"}
    events = play(match, "use arwen -")
    assert of(events, EventSpace) == [EventSpace(2, "dark", "ignored")]
    assert state(match).resolve == TRACK_START
    assert "arwen" in state(match).box


def test_arwen_kept_for_later_lets_the_event_strike() -> None:
    nazgul = event_space("nazgul")
    match = new(row=["moria-orc"] * 6, held=["arwen"], pos=[0, 0, nazgul - 1, 0, 0])
    match.script(rolls={"battle": ["gimli"]})
    tray(match, (1, "blue", 1))
    events = play(match, "pass")
    assert of(events, EventSpace) == [EventSpace(2, "nazgul", "strikes")]
    assert state(match).held == ["arwen"]


def test_arwen_is_not_offered_when_no_event_would_strike() -> None:
    match = new(row=["moria-orc"] * 6, held=["arwen"])
    match.script(rolls={"battle": ["gimli"]})
    tray(match, (1, "blue", 1))
    assert state(match).pending == Ask.START
    with pytest.raises(IllegalActionError, match="Arwen can be used only when"):
        match.play("use arwen -")


# -- Elrond --------------------------------------------------------------------------------------


def test_elrond_right_after_the_dice_roll_rerolls_one_die_and_only_the_new_face_counts() -> None:
    match = new(held=["elrond"])
    match.script(rolls={"black": [2, 3, 6], "blue": [1], "red": [1]})
    play(match, "roll blue,red")
    assert {"use elrond black2", "use elrond black3", "use elrond blue", "use elrond red"} <= {
        str(a) for a in match.actions()
    }
    events = play(match, "use elrond black2")
    assert of(events, DieSet) == [DieSet("black", 2, 6)]
    legal = {str(a) for a in match.actions()}
    assert "keep 6 blue" in legal
    assert "keep 2 blue" not in legal
    assert "elrond" in state(match).box


def test_elrond_rerolls_a_companion_die_of_the_second_roll() -> None:
    match = new(held=["elrond"])
    match.script(rolls={"black": [2, 3, 4], "blue": [1], "red": [1, 2], "green": [3, 5]})
    play(match, "roll blue,red", "keep 2 blue", "add green", "use elrond green")
    assert {str(a) for a in match.actions()} == {"keep 4 red", "keep 4 green"}
    assert state(match).rolled == [4, 2, 5]


def test_elrond_rerolls_the_battle_die() -> None:
    match = new(row=["cave-troll"] * 6, held=["elrond"])
    match.script(rolls={"battle": ["sauron", "legolas"]})
    tray(match, (1, "", 0))
    assert state(match).pending == Ask.ROLLED
    events = play(match, "use elrond battle")
    assert of(events, BattleRolled) == [BattleRolled("legolas")]
    assert of(events, BattleEnded) == [BattleEnded(True, "Legolas supports the Ring-bearer")]


def test_elrond_is_not_offered_before_rolling() -> None:
    match = new(held=["elrond"])
    assert not any(str(a).startswith("use") for a in match.actions())
    with pytest.raises(IllegalActionError, match="right after a roll"):
        match.play("use elrond black2")
