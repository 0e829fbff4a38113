"""Mountain spaces and each player's Mountain die (AG-A8, AG-A9; designed procedure)."""

from __future__ import annotations

from adventure_game.table import Table, said


def test_entering_a_mountain_space_rolls_your_mountain_die() -> None:
    """AG-A8: the roll happens at once and stays showing."""
    table = Table()
    table.put(0, "hollin")
    table.script(mountain=[3])
    events = said(table.play("step caradhras"))
    assert events == [
        "Seat 1 moves from Hollin to Caradhras.",
        "Seat 1's Mountain die shows 3.",
    ]
    assert table.state.mountain[0] == 3


def test_while_the_mountain_die_shows_more_than_0_you_are_held() -> None:
    """AG-A8: no step and no Move cards; the die is turned down one per turn (option D)."""
    table = Table()
    table.put(0, "caradhras", mountain=2)
    table.hand(0, "move-2", "gollum")
    assert table.legal() == ["climb", "swap move-2", "swap gollum"]
    assert table.refused("step redhorn-gate") == (
        "your Mountain die shows 2: turn it down or play Through Mountains first"
    )


def test_a_mountain_die_at_0_lets_you_move_on() -> None:
    table = Table()
    table.put(0, "caradhras", mountain=1)
    table.play("climb")
    table.turn(0)
    assert "step redhorn-gate" in table.legal()
    assert table.refused("climb") == "your Mountain die already shows 0"


def test_a_mountain_roll_of_0_holds_nobody() -> None:
    table = Table()
    table.put(0, "hollin")
    table.script(mountain=[0])
    table.play("step caradhras")
    table.turn(0)
    assert "step redhorn-gate" in table.legal()


def test_every_mountain_space_entered_needs_a_fresh_roll() -> None:
    """AG-A8."""
    table = Table()
    table.put(0, "caradhras")
    table.script(mountain=[2])
    table.play("step redhorn-gate")
    assert table.state.mountain[0] == 2


def test_leaving_a_mountain_space_clears_the_die() -> None:
    table = Table()
    table.put(0, "redhorn-gate")
    table.play("step dimrill-stair")
    assert table.state.mountain[0] == 0


def test_move_cards_cannot_cross_a_mountain_space_but_may_end_on_one() -> None:
    """AG-A7: a Mountain in the way blocks Move 2/3; ending on one rolls the die."""
    table = Table()
    table.put(0, "rivendell")
    table.hand(0, "move-2", "move-3")
    assert table.can("move-2 caradhras")
    assert not table.can("move-3 redhorn-gate")
    table.script(mountain=[1])
    assert "Seat 1's Mountain die shows 1." in said(table.play("move-2 caradhras"))


def test_through_mountains_moves_one_space_on_whatever_the_die_shows() -> None:
    """AG-A9."""
    table = Table()
    table.put(0, "caradhras", mountain=3)
    table.hand(0, "through-mountains")
    table.play("through-mountains redhorn-gate")
    assert table.at(0) == "redhorn-gate"
    assert table.state.mountain[0] == 0  # landed on a mountain: no roll (AG-A9)


def test_through_mountains_onto_a_mountain_space_skips_the_roll() -> None:
    """AG-A9: the next space ahead is a Mountain, so the card may be played."""
    table = Table()
    table.put(0, "hollin")
    table.hand(0, "through-mountains")
    events = said(table.play("through-mountains caradhras"))
    assert events[1] == "Seat 1 moves from Hollin to Caradhras."
    assert not any("Mountain die" in e for e in events)
    table.turn(0)
    assert "step redhorn-gate" in table.legal()


def test_through_mountains_only_on_or_next_to_a_mountain_space() -> None:
    """AG-A9."""
    table = Table()
    table.put(0, "midgewater")
    table.hand(0, "through-mountains")
    assert table.refused("through-mountains weathertop") == (
        "Through Mountains only works on a Mountain space or onto one"
    )


def test_through_mountains_off_the_mountains_onto_a_monster_stops_there() -> None:
    """AG-A9: landing on a monster space holds you as usual."""
    table = Table()
    table.put(0, "emyn-muil", mountain=2)
    table.hand(0, "through-mountains")
    events = said(table.play("through-mountains dead-marshes"))
    assert "Seat 1 is held by a Nazgûl at Dead Marshes." in events


def test_through_mountains_does_not_get_you_away_from_a_monster() -> None:
    """Leaving a monster takes one of the ways the monster rules list; this card is not one."""
    table = Table()
    table.put(0, "amon-hen")
    table.hand(0, "through-mountains")
    assert table.refused("through-mountains emyn-muil") == (
        "Through Mountains does not get you away from the Orcs"
    )


def test_held_on_a_mountain_you_may_still_play_cards_that_do_not_move_you() -> None:
    """AG-A8: B (cards that leave your pawn where it is, or Through Mountains) and E."""
    table = Table()
    table.put(0, "caradhras", mountain=3)
    table.put(1, "midgewater")
    table.hand(0, "move-opponent", "new-hand", "escape")
    legal = table.legal()
    assert "move-opponent 1 weathertop" in legal
    assert "new-hand" in legal
    assert "escape" not in legal


def test_a_pawn_on_a_mountain_is_not_on_clear_terrain() -> None:
    """AG-A2: nobody can push you off a Mountain space or put a Nazgûl on it."""
    table = Table()
    table.put(1, "caradhras")
    table.hand(0, "move-opponent", "move-nazgul")
    assert table.refused("move-opponent 1 hollin") == (
        "Sam is on Caradhras, which is not clear terrain"
    )
    table.play("move-nazgul weathertop")
    assert table.refused("place-nazgul caradhras") == "Caradhras is not clear terrain"
