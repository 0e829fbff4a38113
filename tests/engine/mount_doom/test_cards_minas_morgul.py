"""The Minas Morgul cards: Witch-king, Mûmakil, Haradrim, Denethor, Army of the Dead,
Uruk-hai, Sauron's Mouth."""

from __future__ import annotations

from ringbearer_engine.games.mount_doom.content import (
    ARMY,
    DECKS,
    SIDE,
    SLOT_SYMBOLS,
    TRACK_START,
)
from ringbearer_engine.games.mount_doom.events import (
    ArmyMoved,
    DieSet,
    Encounter,
    Moved,
    Rolled,
    Symbol,
)
from ringbearer_engine.games.mount_doom.state import Ask

from .helpers import new, of, play, state, tray


def test_minas_morgul_deck_has_no_friend_cards_and_denethor_and_the_army_stay() -> None:
    assert all(SIDE[card] == "enemy" for card in DECKS[4])
    match = new(row=["denethor", ARMY, "haradrim", "", "", ""], stage=4)
    tray(match, (1, "blue", 1), (2, "", 0))
    s = state(match)
    assert "denethor" in s.row
    assert ARMY in s.row


def test_witch_king_rolls_a_black_die_per_nazgul_and_each_odd_face_costs_resolve() -> None:
    match = new(row=["witch-king"] * 6, nazgul=4, stage=4)
    match.script(rolls={"black": [1, 2, 3, 5]})
    events = tray(match, (1, "", 0))
    assert of(events, Rolled) == [Rolled(("black",) * 4, (1, 2, 3, 5))]
    assert state(match).resolve == TRACK_START - 3
    assert state(match).row[0] == "witch-king"


def test_haradrim_cost_two_resolve_at_once_and_stay() -> None:
    match = new(row=["haradrim"] * 6, stage=4)
    tray(match, (1, "", 0))
    assert state(match).resolve == TRACK_START - 2
    assert state(match).row[0] == "haradrim"


# -- Denethor --------------------------------------------------------------------------------


def test_denethor_with_both_companion_dice_on_the_tray_lets_you_choose_which_to_reroll() -> None:
    match = new(row=["denethor", "", "", "", "", "moria-orc"], stage=4)
    match.script(rolls={"blue": [6]})
    tray(match, (1, "red", 2), (6, "blue", 1))
    assert state(match).pending == Ask.DENETHOR
    assert [str(a) for a in match.actions()] == ["choose red", "choose blue"]
    events = play(match, "choose blue")
    assert of(events, DieSet) == [DieSet("blue", 1, 6)]
    assert state(match).pos[2] == 6  # the new result is valid


def test_denethor_on_side_2_rerolls_the_one_companion_die_left() -> None:
    """MD-A29."""
    match = new(row=["moria-orc", "denethor", "", "", "", ""], stage=4)
    match.script(rolls={"battle": ["gimli"], "blue": [5]})
    events = tray(match, (1, "red", 2), (2, "blue", 1))
    assert of(events, DieSet) == [DieSet("blue", 1, 5)]
    assert state(match).pos[2] == 5


def test_double_denethor_rerolls_the_side_2_die_again_for_the_second_encounter() -> None:
    """The rulebook's case: both black dice on Denethor, the first reroll was side 2's die."""
    match = new(row=["denethor", "", "", "", "", ""], stage=4)
    match.script(rolls={"blue": [4, 3]})
    tray(match, (1, "red", 2), (1, "blue", 1))
    events = play(match, "choose blue")
    assert [e.new for e in of(events, DieSet)] == [4, 3]
    assert state(match).pos[2] == 3


def test_denethors_reroll_is_a_roll_for_elrond() -> None:
    """MD-A29/MD-A35: right after Denethor's reroll, Elrond may roll it again."""
    match = new(row=["moria-orc", "denethor", "", "", "", ""], stage=4, held=["elrond"])
    match.script(rolls={"battle": ["gimli"], "blue": [1, 6]})
    tray(match, (1, "red", 2), (2, "blue", 3))
    play(match, "pass")  # Elrond is not wanted for the battle die
    assert state(match).pending == Ask.ROLLED
    events = play(match, "use elrond blue")
    assert of(events, DieSet) == [DieSet("blue", 1, 6), DieSet("blue", 3, 6)]
    assert state(match).pos[2] == 6


# -- Army of the Dead ------------------------------------------------------------------------


def test_army_of_the_dead_moves_onto_the_card_left_or_right_as_the_roller_chooses() -> None:
    match = new(row=["haradrim", "", ARMY, "mumakil", "", ""], stage=4)
    tray(match, (3, "", 0))
    assert state(match).pending == Ask.ARMY
    assert [str(a) for a in match.actions()] == ["choose left", "choose right"]
    events = play(match, "choose left")
    # MD-A28: empty slots are skipped; the vacated slot is empty now.
    assert of(events, ArmyMoved) == [ArmyMoved(2, 0, "haradrim")]
    s = state(match)
    assert s.row == [ARMY, "", "", "mumakil", "", ""]
    assert s.army_under == "haradrim"


def test_a_card_covered_by_the_army_does_nothing_and_the_army_moves_again_when_rolled() -> None:
    match = new(row=[ARMY, "", "", "", "", ""], army_under="haradrim", army_under_up=True, stage=4)
    s = state(match)
    s.row = [ARMY, "", "", "", "", "mumakil"]
    events = tray(match, (1, "", 0))
    assert not [e for e in of(events, Encounter) if e.card == "haradrim"]
    assert of(events, ArmyMoved) == [ArmyMoved(0, 5, "mumakil")]
    assert s.row == ["haradrim", "", "", "", "", ARMY]  # uncovered: active again
    assert s.resolve == TRACK_START


def test_army_of_the_dead_with_a_card_on_one_side_only_goes_that_way() -> None:
    """MD-A28."""
    match = new(row=[ARMY, "", "", "haradrim", "", ""], stage=4)
    events = tray(match, (1, "", 0))
    assert of(events, ArmyMoved) == [ArmyMoved(0, 3, "haradrim")]


def test_army_of_the_dead_with_no_card_beside_it_stays() -> None:
    match = new(row=["", "", ARMY, "", "", ""], stage=4)
    events = tray(match, (3, "", 0))
    assert not of(events, ArmyMoved)
    assert state(match).row[2] == ARMY


def test_army_of_the_dead_covering_a_face_down_card_leaves_it_face_down() -> None:
    match = new(
        row=["", "", "", "", ARMY, "haradrim"], up=[True, True, True, True, True, False], stage=4
    )
    events = tray(match, (5, "", 0))
    assert of(events, ArmyMoved) == [ArmyMoved(4, 5, "")]
    s = state(match)
    assert s.army_under == "haradrim"
    assert s.army_under_up is False
    view = match.view(0)
    assert view.row[5].covers is None  # type: ignore[attr-defined]
    assert view.row[5].covers_hidden is True  # type: ignore[attr-defined]


def test_the_slot_the_army_left_shows_its_printed_symbol() -> None:
    """MD-A28."""
    match = new(row=[ARMY, "haradrim", "", "", "", ""], stage=4)
    events = tray(match, (1, "", 0), (1, "", 0))
    assert of(events, Symbol) == [Symbol(0, SLOT_SYMBOLS[0])]


def test_minas_morgul_uruk_hai_and_sauron_mouth_are_battles() -> None:
    match = new(row=["uruk-hai-minas-morgul"] * 6, stage=4)
    match.script(rolls={"battle": ["sauron"]})
    tray(match, (1, "", 0))
    assert state(match).resolve == TRACK_START - 1
    assert of(tray(new(row=[ARMY] * 6, stage=4), (1, "", 0)), Moved) == []
