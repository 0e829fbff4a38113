"""The black dice and the encounter row: cards, turning face-down cards, empty-slot symbols."""

from __future__ import annotations

from ringbearer_engine.games.mount_doom.content import (
    EVENT_SPACES,
    MORGUL,
    NAZGUL_SYMBOL,
    RALLY,
    SLOT_SYMBOLS,
    TRACK_START,
)
from ringbearer_engine.games.mount_doom.events import (
    Boxed,
    Encounter,
    FriendTaken,
    Moved,
    NazgulPlaced,
    Revealed,
    Symbol,
)
from ringbearer_engine.games.mount_doom.state import Ask

from .helpers import new, of, play, state, tray, turn

NAZGUL_SLOT = SLOT_SYMBOLS.index(NAZGUL_SYMBOL)
MERRY_SLOT = 1  # slot 2: the rulebook's own example shows Merry & Pippin there


def test_black_die_activates_the_card_at_its_number() -> None:
    row = ["moria-orc", "saruman-lothlorien", "moria-orc", "moria-orc", "moria-orc", "moria-orc"]
    match = new(row=row)
    turn(
        match,
        black=(2, 6, 2),
        first={"blue": 1, "red": 1},
        keep=(2, "blue"),
        second={"red": 1, "green": 1},
        keep2="green",
    )
    assert state(match).uruk == 4  # Saruman twice: two warriors each time


def test_face_down_card_is_turned_up_when_rolled_and_resolved_at_once() -> None:
    match = new(
        row=["nazgul-lothlorien", "", "", "", "", "moria-orc"],
        up=[False, True, True, True, True, False],
    )
    match.script(rolls={"black": [1, 3, 3], "blue": [1, 1], "red": [1], "green": [1]})
    events = play(match, "roll blue,red", "keep 1 blue", "add green", "keep 3 green")
    assert of(events, Revealed) == [Revealed(0, "nazgul-lothlorien")]
    assert of(events, NazgulPlaced)[0].count == 2
    assert state(match).up[0] is True


def test_friend_card_is_taken_from_the_row_and_laid_in_front_of_the_active_player() -> None:
    match = new(players=2, row=["", "elrond", "", "", "", ""])
    match.script(rolls={"black": [2, 4, 4], "blue": [1, 1], "red": [1], "green": [1]})
    events = play(match, "roll blue,red", "keep 2 blue", "add green", "keep 4 green")
    assert of(events, FriendTaken) == [FriendTaken(0, "elrond")]
    s = state(match)
    assert s.row[1] == ""
    assert s.held == ["elrond"]
    assert s.holder == [0]


def test_friend_card_taken_is_available_to_everyone_on_their_turn() -> None:
    match = new(players=2, held=["elrond"], holder=[0], seat=1)
    match.script(rolls={"black": [2, 4], "blue": [1], "red": [1]})
    play(match, "roll blue,red")
    assert "use elrond blue" in {str(a) for a in match.actions()}


def test_enemy_card_stays_on_the_row_after_activation() -> None:
    match = new(row=["nazgul-lothlorien", "", "", "", "", ""])
    match.script(rolls={"black": [1, 4, 1], "blue": [1, 1], "red": [1], "green": [1]})
    events = play(match, "roll blue,red", "keep 1 blue", "add green", "keep 1 green")
    assert len(of(events, NazgulPlaced)) == 2
    assert state(match).row[0] == "nazgul-lothlorien"


def test_door_card_leaves_the_game_after_one_activation() -> None:
    match = new(row=["", "", "", "", "", "balrog"])
    match.script(rolls={"black": [6, 4, 6], "blue": [1, 1], "red": [1], "green": [1]})
    play(match, "roll blue,red", "keep 6 blue", "add green")
    events = play(match, "keep 6 green")
    assert of(events, Boxed)[0] == Boxed("balrog")
    assert "balrog" in state(match).box
    # MD-A8: the second 6 finds the slot empty and carries out the printed symbol.
    assert of(events, Symbol) == [Symbol(5, SLOT_SYMBOLS[5])]


def test_empty_slot_nazgul_symbol_places_a_nazgul() -> None:
    row = ["moria-orc"] * 6
    row[NAZGUL_SLOT] = ""
    match = new(row=row)
    events = tray(match, (NAZGUL_SLOT + 1, "blue", 1), (NAZGUL_SLOT + 1, "green", 1))
    assert of(events, Symbol) == [Symbol(NAZGUL_SLOT, NAZGUL_SYMBOL)] * 2
    assert state(match).nazgul == 3


def test_empty_slot_companion_symbol_merry_and_pippin_may_move_0_1_or_2() -> None:
    """The rulebook's example: Elrond gone from slot 2, a 2 lets Merry & Pippin move 0–2."""
    assert SLOT_SYMBOLS[MERRY_SLOT] == 1
    match = new(row=["moria-orc", "", "moria-orc", "moria-orc", "moria-orc", "moria-orc"])
    events = tray(match, (2, "blue", 1))
    assert of(events, Symbol) == [Symbol(MERRY_SLOT, 1)]
    assert state(match).pending == Ask.SYMBOL
    assert match.prompt == "P1: move Merry & Pippin 0, 1 or 2 spaces."
    assert [str(a) for a in match.actions()] == ["choose 0", "choose 1", "choose 2"]
    events = play(match, "choose 2")
    assert of(events, Moved)[0] == Moved(1, 2, 0, 2)


def test_companion_symbol_move_of_zero_does_nothing() -> None:
    """MD-A10/MD-A11: choosing 0 moves nothing and triggers nothing."""
    match = new(row=["moria-orc", "", "moria-orc", "moria-orc", "moria-orc", "moria-orc"])
    tray(match, (2, "blue", 1))
    events = play(match, "choose 0")
    assert not [e for e in of(events, Moved) if e.figure == 1]
    assert state(match).pos[1] == 0


def test_companion_symbol_move_is_an_ordinary_move_that_triggers_event_spaces() -> None:
    """MD-A10: the 0–2 move lands on event spaces like a die move."""
    nazgul_space = next(p for p, k in EVENT_SPACES.items() if k == "nazgul" and p <= 8)
    match = new(
        row=["moria-orc", "", "moria-orc", "moria-orc", "moria-orc", "moria-orc"],
        pos=[0, nazgul_space - 2, 0, 0, 0],
    )
    tray(match, (2, "blue", 1))
    events = play(match, "choose 2")
    assert of(events, NazgulPlaced)
    assert state(match).resolve == TRACK_START


def test_companion_symbol_of_a_figure_on_the_rally_space_asks_nothing() -> None:
    match = new(
        row=["moria-orc", "", "moria-orc", "moria-orc", "moria-orc", "moria-orc"],
        pos=[0, RALLY, 0, 0, 0],
    )
    events = tray(match, (2, "blue", 1))
    assert of(events, Symbol) == [Symbol(MERRY_SLOT, 1)]
    assert state(match).pending == Ask.START


def test_encounter_events_name_the_slot_and_the_card() -> None:
    match = new(row=["", "", "", "", "", "nazgul-lothlorien"])
    match.script(rolls={"black": [6, 4, 4], "blue": [1, 1], "red": [1], "green": [1]})
    events = play(match, "roll blue,red", "keep 6 blue", "add green", "keep 4 green")
    assert str(of(events, Encounter)[0]) == "Black 6 meets Nazgûl."


def test_both_black_dice_on_the_same_number_activate_that_slot_twice() -> None:
    """MD-A8: the second activation sees the slot as the first one left it."""
    match = new(row=["", "elrond", "", "", "", ""])
    events = tray(match, (2, "", 0), (2, "", 0))
    assert of(events, FriendTaken) == [FriendTaken(0, "elrond")]
    assert of(events, Symbol) == [Symbol(MERRY_SLOT, 1)]


def test_one_printed_row_serves_every_stage_including_the_final_one() -> None:
    """MD-A7: the same symbols lie under the slots whatever stage is laid out."""
    for stage in range(6):
        ring = MORGUL if stage == 5 else 0
        match = new(row=[""] * 6, stage=stage, pos=[ring, 0, 0, 0, 0])
        events = tray(match, (NAZGUL_SLOT + 1, "", 0))
        assert of(events, Symbol) == [Symbol(NAZGUL_SLOT, NAZGUL_SYMBOL)]
        assert state(match).nazgul == 2
