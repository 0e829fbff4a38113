"""The dice phase and the order of the resolution phase."""

from __future__ import annotations

import pytest

from ringbearer_engine import IllegalActionError
from ringbearer_engine.games.mount_doom.events import Encounter, Kept, Moved, Rolled, TurnBegan
from ringbearer_engine.games.mount_doom.state import Ask

from .helpers import new, of, play, state, turn

QUIET_ROW = ["moria-orc", "cave-troll", "moria-orc", "cave-troll", "moria-orc", "cave-troll"]
"""Cards that only fight: with a scripted battle die they do nothing surprising."""


def test_dice_phase_first_roll_is_both_black_dice_and_two_chosen_companion_dice() -> None:
    match = new()
    match.script(rolls={"black": [3, 5], "blue": [2], "red": [6]})
    events = play(match, "roll blue,red")
    assert of(events, Rolled) == [Rolled(("black", "black", "blue", "red"), (3, 5, 2, 6))]
    assert state(match).pending == Ask.KEEP1


def test_dice_phase_offers_every_pair_of_the_five_companion_dice() -> None:
    assert len(new().actions()) == 10


def test_dice_phase_keep_places_one_black_and_one_companion_die_on_side_1() -> None:
    match = new()
    match.script(rolls={"black": [3, 5], "blue": [2], "red": [6]})
    play(match, "roll blue,red")
    assert {str(a) for a in match.actions()} == {
        "keep 3 blue",
        "keep 3 red",
        "keep 5 blue",
        "keep 5 red",
    }
    events = play(match, "keep 5 red")
    assert of(events, Kept) == [Kept(1, 5, "red", 6)]
    s = state(match)
    assert (s.tray_black[0], s.tray_figure[0], s.tray_pips[0]) == (5, 4, 6)


def test_dice_phase_second_roll_is_the_other_black_the_unkept_companion_and_one_more() -> None:
    """MD-A3: the unkept companion die must be rolled again, with one of the other three."""
    match = new()
    match.script(rolls={"black": [3, 5, 1], "blue": [2, 4], "red": [6], "green": [5]})
    play(match, "roll blue,red", "keep 5 red")
    assert {str(a) for a in match.actions()} == {"add orange", "add purple", "add green"}
    events = play(match, "add green")
    assert of(events, Rolled) == [Rolled(("black", "blue", "green"), (1, 4, 5))]
    assert {str(a) for a in match.actions()} == {"keep 1 blue", "keep 1 green"}


def test_dice_phase_refuses_the_die_already_on_the_tray_as_the_added_die() -> None:
    match = new()
    match.script(rolls={"black": [3, 5], "blue": [2], "red": [6]})
    play(match, "roll blue,red", "keep 5 red")
    with pytest.raises(IllegalActionError, match="rolled already"):
        match.play("add red")


def test_dice_phase_refuses_a_black_face_that_was_not_rolled() -> None:
    match = new()
    match.script(rolls={"black": [3, 5], "blue": [2], "red": [6]})
    play(match, "roll blue,red")
    with pytest.raises(IllegalActionError, match="No black die of this roll shows 4"):
        match.play("keep 4 red")
    with pytest.raises(IllegalActionError, match="green die is not among"):
        match.play("keep 3 green")


def test_dice_phase_third_companion_die_goes_back_to_the_supply() -> None:
    match = new(row=QUIET_ROW)
    events = turn(
        match,
        black=(1, 2, 3),
        first={"blue": 2, "red": 3},
        keep=(1, "blue"),
        second={"red": 1, "green": 4},
        keep2="green",
        extra={"battle": ["gimli", "gimli"]},
    )
    moved = {e.figure for e in of(events, Moved)}
    assert moved == {2, 3}  # Aragorn (blue) and Legolas (green); Gimli's red die went back


def test_resolution_order_is_side_1_top_to_bottom_then_side_2() -> None:
    match = new(row=QUIET_ROW)
    events = turn(
        match,
        black=(1, 6, 2),
        first={"blue": 2, "red": 3},
        keep=(1, "blue"),
        second={"red": 1, "green": 4},
        keep2="green",
        extra={"battle": ["sauron", "sauron"]},
    )
    order = [
        ("enc", e.slot) if isinstance(e, Encounter) else ("move", e.figure)
        for e in events
        if isinstance(e, Encounter | Moved)
    ]
    assert order == [("enc", 0), ("move", 2), ("enc", 1), ("move", 3)]


def test_each_die_returns_to_the_supply_as_soon_as_it_is_resolved() -> None:
    match = new(row=QUIET_ROW)
    turn(
        match,
        black=(1, 6, 2),
        first={"blue": 2, "red": 3},
        keep=(1, "blue"),
        second={"red": 1, "green": 4},
        keep2="green",
        extra={"battle": ["gimli", "gimli"]},
    )
    s = state(match)
    assert s.tray_black == [0, 0]
    assert s.tray_figure == [-1, -1]


def test_turn_passes_clockwise_to_the_next_seat() -> None:
    match = new(players=3, row=QUIET_ROW)
    events = turn(
        match,
        black=(1, 6, 2),
        first={"blue": 2, "red": 3},
        keep=(1, "blue"),
        second={"red": 1, "green": 4},
        keep2="green",
        extra={"battle": ["gimli", "gimli"]},
    )
    assert of(events, TurnBegan) == [TurnBegan(1, 2)]
    assert match.to_move == 1


def test_solo_player_plays_every_turn() -> None:
    match = new(players=1, row=QUIET_ROW)
    turn(
        match,
        black=(1, 6, 2),
        first={"blue": 2, "red": 3},
        keep=(1, "blue"),
        second={"red": 1, "green": 4},
        keep2="green",
        extra={"battle": ["gimli", "gimli"]},
    )
    assert match.to_move == 0
    assert state(match).turn == 2


def test_rolling_again_in_the_same_turn_is_refused_with_a_reason() -> None:
    match = new()
    match.script(rolls={"black": [3, 5], "blue": [2], "red": [6]})
    play(match, "roll blue,red")
    with pytest.raises(IllegalActionError, match="rolled already"):
        match.play("roll blue,green")
