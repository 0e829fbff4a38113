"""Monster spaces: stopping, and leaving Nazgûl, Orcs and Shelob (AG-A7, AG-A10 to AG-A13,
AG-A17 to AG-A20)."""

from __future__ import annotations

from adventure_game.table import Table, said

from ringbearer_engine.games.adventure_game.board import INDEX


def test_a_pawn_must_stop_when_it_comes_to_a_monster_space() -> None:
    """AG-A7: entering a monster space ends the move; Move cards may end there."""
    table = Table()
    table.put(0, "bree")
    table.hand(0, "move-2", "move-3")
    assert table.can("move-2 weathertop")
    assert not table.can("move-3 last-bridge")
    assert "Nazgûl at Weathertop blocks the way" in table.refused("move-3 last-bridge")
    events = table.play("move-2 weathertop")
    assert "Seat 1 is held by a Nazgûl at Weathertop." in said(events)


def test_stopping_on_a_monster_ends_the_turn_and_you_leave_on_a_later_turn() -> None:
    """AG-A11: you cannot try to leave in the turn you arrive."""
    table = Table()
    table.put(0, "west-gate")
    table.play("step moria")
    assert table.to_move == 1
    table.play("step hobbiton")
    assert table.to_move == 0
    assert "fight" in table.legal()


def test_held_by_a_monster_you_may_not_step_climb_or_swap() -> None:
    """AG-A10: held by a monster, only cards, the fight and a ring are open."""
    table = Table()
    table.put(0, "moria")
    table.hand(0, "gollum", "move-2")
    table.rings(0, 1)
    assert table.legal() == ["fight", "ring"]
    assert table.refused("step khazad-dum").startswith("the Orcs holds you at Mines of Moria")
    assert table.refused("swap gollum") == (
        "the Orcs holds you: fight, play a card or spend a ring instead"
    )
    assert table.refused("move-2 dimrill-dale").startswith("the Orcs holds you")


def test_held_with_nothing_else_possible_you_may_swap_and_else_pass() -> None:
    """AG-A10: at Gollum without a ring, the swap is the way out; with no card, a pass."""
    table = Table()
    table.put(0, "sammath-naur")
    table.hand(0, "move-2", "through-mountains")
    assert table.legal() == ["swap move-2", "swap through-mountains"]
    table.hand(0)
    assert table.legal() == ["pass"]
    assert said(table.play("pass")) == ["Seat 1 can do nothing and passes."]


# -- Nazgûl ------------------------------------------------------------------------------------


def test_nazgul_a_roll_of_5_or_6_removes_it_and_advances_one_space() -> None:
    table = Table()
    table.put(0, "weathertop")
    table.script(fight=[6])
    events = said(table.play("fight"))
    assert events[:3] == [
        "Seat 1 rolls a 6 and beats a Nazgûl.",
        "The Nazgûl at Weathertop is driven off the board.",
        "Seat 1 moves from Weathertop to Last Bridge.",
    ]
    assert INDEX["weathertop"] not in table.state.nazgul
    assert table.to_move == 1


def test_nazgul_defeat_card_removes_it_and_advances_one_space() -> None:
    table = Table()
    table.put(0, "weathertop")
    table.hand(0, "defeat-nazgul")
    table.play("defeat-nazgul")
    assert INDEX["weathertop"] not in table.state.nazgul
    assert table.at(0) == "last-bridge"
    assert table.to_move == 1


def test_nazgul_escape_card_advances_and_gives_another_turn_and_the_nazgul_stays() -> None:
    table = Table()
    table.put(0, "weathertop")
    table.hand(0, "escape")
    events = said(table.play("escape"))
    assert events[-1] == "Seat 1 takes another turn."
    assert table.at(0) == "last-bridge"
    assert INDEX["weathertop"] in table.state.nazgul
    assert table.to_move == 0
    assert table.state.bonus


def test_nazgul_a_ring_advances_and_gives_another_turn_and_the_nazgul_stays() -> None:
    table = Table()
    table.put(0, "weathertop")
    table.rings(0, 2)
    events = said(table.play("ring"))
    assert events[0] == "Seat 1 gives back a ring to escape."
    assert table.at(0) == "last-bridge"
    assert INDEX["weathertop"] in table.state.nazgul
    assert table.state.rings[0] == 1
    assert table.state.supply == 11
    assert table.to_move == 0


def test_nazgul_move_card_sends_it_to_clear_terrain_and_you_wait_a_turn_to_advance() -> None:
    """AG-A21: freeing yourself with Move a Nazgûl ends the turn where you are."""
    table = Table()
    table.put(0, "weathertop")
    table.put(1, "midgewater")
    table.hand(0, "move-nazgul")
    table.play("move-nazgul weathertop")
    assert table.to_move == 0  # still choosing where it lands
    events = said(table.play("place-nazgul midgewater"))
    assert events[0] == "The Nazgûl flies from Weathertop to Midgewater."
    assert "Seat 2 is held by a Nazgûl at Midgewater." in events
    assert table.at(0) == "weathertop"
    assert table.to_move == 1
    table.script(fight=[1])
    table.play("fight")  # Sam, now held at Midgewater, fails to get away
    assert table.to_move == 0
    assert "step last-bridge" in table.legal()


def test_several_players_on_one_nazgul_are_all_held_and_all_freed_when_it_goes() -> None:
    """AG-A19: removing the Nazgûl frees everyone there; an escape frees only its user."""
    table = Table(3)
    for seat in range(3):
        table.put(seat, "weathertop")
    table.hand(0, "escape")
    table.play("escape")
    table.play("step trollshaws")  # the bonus turn
    assert table.to_move == 1
    assert "fight" in table.legal()
    assert not table.can("step last-bridge")
    table.script(fight=[5])
    table.play("fight")
    assert table.to_move == 2
    assert INDEX["weathertop"] not in table.state.nazgul
    assert "step last-bridge" in table.legal()
    assert "fight" not in table.legal()


def test_a_nazgul_put_on_your_clear_space_attacks_you() -> None:
    """AG-A20: an opponent's Move a Nazgûl holds you where you stand."""
    table = Table()
    table.put(1, "midgewater")
    table.hand(0, "move-nazgul")
    table.play("move-nazgul gorgoroth")
    table.play("place-nazgul midgewater")
    assert table.to_move == 1
    assert "fight" in table.legal()
    assert not table.can("step weathertop")


def test_an_empty_n_space_is_clear_terrain() -> None:
    """AG-A2: with its Nazgûl gone, an N space is plain clear terrain."""
    table = Table()
    table.nazgul("gorgoroth")
    table.put(1, "weathertop")
    table.hand(0, "move-opponent")
    assert table.can("move-opponent 1 last-bridge")
    table.play("move-opponent 1 midgewater")
    assert table.at(1) == "midgewater"


# -- Orcs --------------------------------------------------------------------------------------


def test_orcs_a_roll_of_5_or_6_advances_one_space() -> None:
    table = Table()
    table.put(0, "amon-hen")
    table.script(fight=[6], mountain=[0])
    table.play("fight")
    assert table.at(0) == "emyn-muil"
    assert table.to_move == 1


def test_orcs_defeat_orcs_card_advances_one_space_without_a_bonus_turn() -> None:
    table = Table()
    table.put(0, "moria")
    table.hand(0, "defeat-orcs")
    table.play("defeat-orcs")
    assert table.at(0) == "khazad-dum"
    assert table.to_move == 1


def test_orcs_escape_card_or_ring_advances_and_gives_another_turn() -> None:
    table = Table()
    table.put(0, "moria")
    table.hand(0, "escape")
    table.play("escape")
    assert (table.at(0), table.to_move, table.state.bonus) == ("khazad-dum", 0, True)
    table.play("step dimrill-dale")
    table.put(1, "moria")
    table.rings(1, 1)
    table.play("ring")
    assert (table.at(1), table.to_move, table.state.bonus) == ("khazad-dum", 1, True)


def test_beaten_orcs_stay_on_the_board_for_the_next_player() -> None:
    """AG-A18: printed monsters never go away."""
    table = Table()
    table.put(0, "moria")
    table.put(1, "west-gate")
    table.script(fight=[5])
    table.play("fight")
    assert "Seat 2 is held by the Orcs at Mines of Moria." in said(table.play("step moria"))
    table.turn(1)
    assert "fight" in table.legal()
    assert not table.can("step khazad-dum")


def test_defeat_orcs_only_on_an_orc_space() -> None:
    """AG-A25."""
    table = Table()
    table.put(0, "weathertop")
    table.hand(0, "defeat-orcs")
    assert table.refused("defeat-orcs") == "Defeat Orcs needs you on an Orc space"


# -- Shelob ------------------------------------------------------------------------------------


def test_shelob_holds_like_orcs_but_no_defeat_card_works_on_her() -> None:
    """AG-A13: roll 5-6, Escape or a ring; she always stays."""
    table = Table()
    table.put(0, "shelobs-lair")
    table.hand(0, "defeat-orcs", "defeat-nazgul", "escape")
    table.rings(0, 1)
    assert table.legal() == ["escape", "fight", "ring"]
    table.script(fight=[5])
    table.play("fight")
    assert table.at(0) == "tower-of-cirith-ungol"
    assert table.to_move == 1  # a won roll gives no bonus turn


def test_escaping_shelob_by_card_gives_a_bonus_turn() -> None:
    """AG-A13."""
    table = Table()
    table.put(0, "shelobs-lair")
    table.hand(0, "escape")
    table.play("escape")
    assert table.state.bonus
    assert table.to_move == 0


def test_advancing_off_a_monster_onto_another_stops_there() -> None:
    """AG-A17: the space you advance to works as usual; a bonus turn counts as a later turn
    (AG-A11), so you may fight the next monster in it."""
    table = Table()
    table.put(0, "shelobs-lair")
    table.hand(0, "escape")
    events = said(table.play("escape"))
    assert "Seat 1 is held by the Orcs at Tower of Cirith Ungol." in events
    assert table.legal() == ["fight"]  # no second escape in the bonus turn (AG-A16)
