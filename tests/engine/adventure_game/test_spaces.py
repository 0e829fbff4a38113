"""Clear terrain, river and town spaces (AG-A2, AG-A27 to AG-A29)."""

from __future__ import annotations

from adventure_game.table import Table, assert_conserved, said


def test_clear_terrain_a_player_there_can_be_moved_and_attacked() -> None:
    table = Table()
    table.put(1, "midgewater")
    table.hand(0, "move-opponent", "move-nazgul")
    assert table.can("move-opponent 1 bree")
    assert table.can("move-opponent 1 weathertop")
    table.play("move-nazgul woody-end")
    assert "place-nazgul midgewater" in table.legal()


def test_a_space_with_a_nazgul_or_orcs_is_not_clear_terrain() -> None:
    table = Table(3)
    table.put(1, "weathertop")
    table.put(2, "moria")
    table.hand(0, "move-opponent")
    assert table.refused("move-opponent 1 midgewater") == (
        "a Nazgûl stands on Sam's space, so it is not clear terrain"
    )
    assert table.refused("move-opponent 2 west-gate") == (
        "Merry is on Mines of Moria, which is not clear terrain"
    )


def test_river_spaces_are_safe_from_move_opponent_and_nazgul() -> None:
    table = Table()
    table.put(1, "last-bridge")
    table.hand(0, "move-opponent", "move-nazgul")
    assert not any(a.startswith("move-opponent") for a in table.legal())
    table.play("move-nazgul weathertop")
    assert table.refused("place-nazgul last-bridge") == "Last Bridge is not clear terrain"


def test_rivers_do_not_slow_a_pawn() -> None:
    """AG-A29."""
    table = Table()
    table.put(0, "stock")
    table.hand(0, "move-2")
    table.play("move-2 east-road")
    assert table.at(0) == "east-road"


def test_town_spaces_are_safe_too() -> None:
    table = Table()
    table.put(1, "bree")
    table.hand(0, "move-opponent", "move-nazgul")
    assert not any(a.startswith("move-opponent") for a in table.legal())
    table.play("move-nazgul weathertop")
    assert table.refused("place-nazgul bree") == "Bree is not clear terrain"


def test_start_is_not_clear_terrain() -> None:
    """AG-A2."""
    table = Table()
    table.hand(0, "move-opponent")
    table.put(0, "hobbiton")
    assert table.refused("move-opponent 1 hobbiton") == (
        "Sam is on Bag End, which is not clear terrain"
    )


def test_bree_gives_one_ring() -> None:
    table = Table()
    table.put(0, "east-road")
    events = said(table.play("step bree"))
    assert "Seat 1 takes 1 ring at Bree." in events
    assert table.state.rings[0] == 1
    assert table.state.supply == 11


def test_rivendell_gives_two_rings() -> None:
    table = Table()
    table.put(0, "ford-of-bruinen")
    table.rings(0, 1)
    table.play("step rivendell")
    assert table.state.rings[0] == 3


def test_lorien_tops_your_rings_up_to_exactly_three() -> None:
    table = Table()
    table.put(0, "nimrodel")
    table.rings(0, 2)
    assert "Seat 1 takes 1 ring at Lórien." in said(table.play("step lorien"))
    assert table.state.rings[0] == 3


def test_lorien_takes_back_every_ring_above_three() -> None:
    table = Table()
    table.put(0, "nimrodel")
    table.rings(0, 5)
    assert "Seat 1 gives back 2 extra rings at Lórien." in said(table.play("step lorien"))
    assert table.state.rings[0] == 3
    assert table.state.supply == 9


def test_lorien_with_exactly_three_rings_changes_nothing() -> None:
    table = Table()
    table.put(0, "nimrodel")
    table.rings(0, 3)
    assert not any("ring" in e for e in said(table.play("step lorien")))
    assert table.state.rings[0] == 3
    assert table.state.towns[0] == ["lorien"]


def test_a_town_offers_a_swap_of_any_number_of_cards_for_as_many_new_ones() -> None:
    table = Table()
    table.put(0, "east-road")
    table.hand(0, "boromir", "boromir", "gollum")
    table.stack("escape", "move-3")
    table.play("step bree")
    assert table.to_move == 0
    assert table.legal() == [
        "town-swap -",
        "town-swap boromir",
        "town-swap gollum",
        "town-swap boromir,boromir",
        "town-swap gollum,boromir",
        "town-swap gollum,boromir,boromir",
    ]
    assert said(table.play("town-swap boromir,boromir")) == [
        "Seat 1 discards Boromir, Boromir.",
        "Seat 1 draws 2 cards.",
    ]
    assert sorted(table.state.hands[0]) == ["escape", "gollum", "move-3"]
    assert table.to_move == 1
    assert_conserved(table.state)


def test_a_town_swap_names_its_cards_in_hand_order() -> None:
    table = Table()
    table.put(0, "east-road")
    table.hand(0, "boromir", "gollum")
    table.play("step bree")
    assert table.refused("town-swap boromir,gollum") == (
        "name the cards in the order of your hand: gollum,boromir"
    )
    assert table.refused("town-swap escape") == "you cannot discard Escape: it is not in your hand"


def test_the_town_swap_does_not_use_up_the_turn() -> None:
    """AG-A27: the swap is optional and comes on top of the option that reached the town."""
    table = Table()
    table.put(0, "east-road")
    table.play("step bree")
    assert table.state.current == 1  # the turn already passed; the swap is decided first
    table.play("town-swap -")
    assert table.to_move == 1


def test_a_town_gives_rings_and_a_swap_only_once_per_player() -> None:
    table = Table()
    table.put(0, "east-road")
    table.play("step bree")
    table.play("town-swap -")
    table.play("step hobbiton")
    table.put(0, "east-road")
    events = said(table.play("step bree"))
    assert events == ["Seat 1 moves from East Road to Bree."]
    assert table.state.rings[0] == 1
    assert table.to_move == 1


def test_each_player_collects_each_town_for_themselves() -> None:
    table = Table()
    table.put(0, "east-road")
    table.put(1, "barrow-downs")
    table.nazgul()
    table.play("step bree")
    table.play("town-swap -")
    table.play("step bree")
    assert table.state.rings == [1, 1]


def test_passing_through_a_town_with_a_move_card_gives_nothing() -> None:
    """AG-A27: rewards need the pawn to end its move on the town."""
    table = Table()
    table.put(0, "east-road")
    table.hand(0, "move-2")
    events = said(table.play("move-2 midgewater"))
    assert not any("ring" in e for e in events)
    assert table.state.rings[0] == 0
    assert table.state.towns[0] == []


def test_a_pawn_pushed_onto_a_town_collects_it() -> None:
    """AG-A22, AG-A27: the rules of the space landed on apply to the pushed pawn."""
    table = Table()
    table.put(1, "midgewater")
    table.hand(0, "move-opponent")
    events = said(table.play("move-opponent 1 bree"))
    assert "Seat 2 takes 1 ring at Bree." in events
    assert table.to_move == 1  # Sam decides the swap, then plays his own turn
    assert table.legal()[0] == "town-swap -"


def test_a_short_ring_supply_pays_what_it_has() -> None:
    """AG-A28."""
    table = Table(3)
    table.rings(1, 6)
    table.rings(2, 5)
    table.put(0, "ford-of-bruinen")
    assert said(table.play("step rivendell"))[1] == "Seat 1 takes 1 ring at Rivendell."
    assert table.state.supply == 0
    assert_conserved(table.state)
