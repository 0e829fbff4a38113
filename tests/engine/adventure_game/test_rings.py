"""Rings: spending them to escape, the bonus turn, and taking them with Gollum and Boromir
(AG-A14, AG-A16, AG-A23, AG-A24)."""

from __future__ import annotations

from adventure_game.table import Table, assert_conserved, said


def test_spending_a_ring_returns_it_to_the_pile_moves_you_on_and_gives_another_turn() -> None:
    table = Table()
    table.put(0, "moria")
    table.rings(0, 1)
    events = said(table.play("ring"))
    assert events == [
        "Seat 1 gives back a ring to escape.",
        "Seat 1 moves from Mines of Moria to Bridge of Khazad-dûm.",
        "Seat 1 takes another turn.",
    ]
    assert (table.state.rings[0], table.state.supply) == (0, 12)
    assert table.to_move == 0


def test_a_ring_can_only_be_spent_to_escape_a_monster() -> None:
    table = Table()
    table.put(0, "midgewater")
    table.rings(0, 2)
    assert table.refused("ring") == "there is no monster on your space to get away from"


def test_the_bonus_turn_forbids_a_second_escape_by_ring_or_card() -> None:
    """AG-A16: bonus turns never chain."""
    table = Table()
    table.put(0, "shelobs-lair")
    table.rings(0, 3)
    table.hand(0, "escape", "escape", "defeat-orcs")
    table.play("ring")
    assert table.at(0) == "tower-of-cirith-ungol"
    assert table.refused("ring") == "in a bonus turn you cannot escape with a card or a ring"
    assert table.refused("escape") == "in a bonus turn you cannot escape with a card or a ring"
    assert table.legal() == ["defeat-orcs", "fight"]


def test_the_bonus_turn_offers_every_other_option() -> None:
    """AG-A16: a complete extra turn."""
    table = Table()
    table.put(0, "moria")
    table.rings(0, 1)
    table.hand(0, "move-2", "boromir")
    table.play("ring")
    assert table.legal() == ["step dimrill-dale", "move-2 nimrodel", "swap move-2", "swap boromir"]
    table.play("move-2 nimrodel")
    assert table.to_move == 1
    assert not table.state.bonus


def test_gollum_card_takes_a_ring_from_a_rival_and_keeps_it() -> None:
    table = Table()
    table.rings(1, 2)
    table.hand(0, "gollum")
    events = said(table.play("gollum 1"))
    assert "Seat 1 takes a ring from Seat 2 and keeps it." in events
    assert table.state.rings == [1, 1]
    assert_conserved(table.state)


def test_boromir_card_takes_a_ring_from_a_rival_and_returns_it_to_the_pile() -> None:
    table = Table()
    table.rings(1, 2)
    table.hand(0, "boromir")
    events = said(table.play("boromir 1"))
    assert "Seat 1 takes a ring from Seat 2 and returns it to the pile." in events
    assert table.state.rings == [0, 1]
    assert table.state.supply == 11


def test_gollum_and_boromir_need_a_rival_with_a_ring() -> None:
    """AG-A23: no target, no play; nobody can target themselves."""
    table = Table()
    table.rings(0, 2)
    table.hand(0, "gollum", "boromir")
    assert not any(a.startswith(("gollum", "boromir")) for a in table.legal())
    assert table.refused("gollum 1") == "Sam has no ring"
    assert table.refused("boromir 0") == "you can only take a ring from a rival"


def test_after_a_player_has_left_lorien_their_last_ring_cannot_be_taken() -> None:
    """AG-A23, AG-A24."""
    table = Table()
    table.put(1, "anduin")
    table.rings(1, 1)
    table.hand(0, "gollum", "boromir")
    assert table.refused("gollum 1") == "Sam has left Lórien, so their last ring cannot be taken"
    table.rings(1, 2)
    assert table.can("gollum 1")
    assert table.can("boromir 1")


def test_the_last_ring_can_still_be_taken_while_on_lorien_or_before_it() -> None:
    """AG-A24: the protection starts when the pawn moves on from Lórien."""
    table = Table()
    table.rings(1, 1)
    table.hand(0, "gollum")
    table.put(1, "lorien")
    assert table.can("gollum 1")
    table.put(1, "moria")
    assert table.can("gollum 1")


def test_a_pawn_that_passed_lorien_without_stopping_has_still_left_it() -> None:
    """AG-A24: leaving Lórien is about where the pawn is, however it got past."""
    table = Table()
    table.put(1, "sarn-gebir")
    table.rings(1, 1)
    table.hand(0, "boromir")
    assert not table.can("boromir 1")
