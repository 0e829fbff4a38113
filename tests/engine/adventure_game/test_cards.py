"""The eleven cards and when each may be played (AG-A7, AG-A9, AG-A12, AG-A21 to AG-A25)."""

from __future__ import annotations

from adventure_game.table import Table, assert_conserved, said

from ringbearer_engine.games.adventure_game.board import INDEX

# -- Move 2 / Move 3 ---------------------------------------------------------------------------


def test_move_3_moves_three_spaces_when_the_whole_way_is_open() -> None:
    table = Table()
    table.put(0, "hobbiton")
    table.nazgul()
    table.hand(0, "move-3")
    table.play("move-3 stock")
    assert table.at(0) == "stock"


def test_move_cards_only_when_the_full_amount_can_be_moved() -> None:
    """AG-A7: two spaces from the end of the path, Move 3 cannot be played."""
    table = Table()
    table.put(0, "tower-of-cirith-ungol")
    table.hand(0, "move-2", "move-3")
    table.put(0, "gorgoroth")
    table.nazgul()
    assert not any(a.startswith(("move-2", "move-3")) for a in table.legal())
    assert "no open way of exactly 3 spaces" in table.refused("move-3 mount-doom")


def test_move_cards_cannot_pass_a_monster_on_the_way() -> None:
    """AG-A7: a Nazgûl on a passed space blocks the card; so do printed monsters."""
    table = Table()
    table.put(0, "hobbiton")
    table.hand(0, "move-3")
    assert table.refused("move-3 stock") == "a Nazgûl at Woody End blocks the way"
    table.put(0, "west-gate")
    assert "a monster or Mountain space" in table.refused("move-3 dimrill-dale")


def test_move_cards_cannot_be_played_while_held() -> None:
    """AG-A7."""
    table = Table()
    table.put(0, "weathertop")
    table.hand(0, "move-2")
    assert table.refused("move-2 trollshaws").startswith("a Nazgûl holds you at Weathertop")


def test_move_cards_follow_the_path_and_never_cross_a_line() -> None:
    table = Table()
    table.put(0, "bag-end")
    table.nazgul()
    table.hand(0, "move-2")
    assert [a for a in table.legal() if a.startswith("move-2")] == [
        "move-2 bywater",
        "move-2 bucklebury-ferry",
    ]


# -- Move a Nazgûl -----------------------------------------------------------------------------


def test_move_a_nazgul_picks_any_nazgul_on_the_board() -> None:
    table = Table()
    table.hand(0, "move-nazgul")
    lifts = [a for a in table.legal() if a.startswith("move-nazgul")]
    assert len(lifts) == 9
    events = said(table.play("move-nazgul gorgoroth"))
    assert events == ["Seat 1 plays Move a Nazgûl.", "Seat 1 lifts the Nazgûl at Gorgoroth."]


def test_move_a_nazgul_lands_on_any_clear_terrain_space_without_a_nazgul() -> None:
    """AG-A21: players may stand there; a second Nazgûl may not."""
    table = Table()
    table.hand(0, "move-nazgul")
    table.play("move-nazgul gorgoroth")
    landings = {a.split()[1] for a in table.legal()}
    assert "midgewater" in landings
    assert "ithilien" in landings
    assert "gorgoroth" not in landings
    assert "weathertop" not in landings
    assert table.refused("place-nazgul weathertop") == (
        "Weathertop already has a Nazgûl; only one may stand on a space"
    )
    table.play("place-nazgul ithilien")
    assert INDEX["ithilien"] in table.state.nazgul
    assert INDEX["gorgoroth"] not in table.state.nazgul
    assert len(table.state.nazgul) == 9
    assert len(table.state.hands[0]) == 1  # the replacement card comes after the landing
    assert_conserved(table.state)


def test_move_a_nazgul_may_take_the_one_on_your_own_space() -> None:
    """AG-A21: it frees everyone there, you included."""
    table = Table(3)
    table.put(0, "weathertop")
    table.put(2, "weathertop")
    table.hand(0, "move-nazgul")
    assert "move-nazgul weathertop" in table.legal()
    table.play("move-nazgul weathertop")
    table.play("place-nazgul midgewater")
    table.turn(2)
    assert "step last-bridge" in table.legal()


def test_place_nazgul_only_after_lifting_one() -> None:
    table = Table()
    assert table.refused("place-nazgul midgewater") == (
        "no Nazgûl has been lifted; play Move a Nazgûl first"
    )


# -- Defeat and Remove Nazgûl ------------------------------------------------------------------


def test_defeat_nazgul_only_on_a_nazgul_space() -> None:
    """AG-A25."""
    table = Table()
    table.put(0, "moria")
    table.hand(0, "defeat-nazgul")
    assert table.refused("defeat-nazgul") == "there is no Nazgûl on your space to defeat"


def test_defeat_nazgul_works_in_a_bonus_turn() -> None:
    """AG-A16: only the escapes are barred in a bonus turn."""
    table = Table()
    table.put(0, "weathertop")
    table.turn(0, bonus=True)
    table.hand(0, "defeat-nazgul")
    assert "defeat-nazgul" in table.legal()


# -- Move Opponent 1 Space ---------------------------------------------------------------------


def test_move_opponent_moves_a_rival_on_clear_terrain_forward_or_back() -> None:
    """AG-A22."""
    table = Table()
    table.put(1, "midgewater")
    table.hand(0, "move-opponent")
    assert [a for a in table.legal() if a.startswith("move-opponent")] == [
        "move-opponent 1 weathertop",
        "move-opponent 1 bree",
    ]
    events = said(table.play("move-opponent 1 weathertop"))
    assert "Seat 2 is pushed from Midgewater to Weathertop." in events
    assert "Seat 2 is held by a Nazgûl at Weathertop." in events


def test_move_opponent_onto_a_mountain_makes_them_roll() -> None:
    """AG-A22."""
    table = Table()
    table.put(1, "hollin")
    table.hand(0, "move-opponent")
    table.script(mountain=[3])
    events = said(table.play("move-opponent 1 caradhras"))
    assert "Seat 2's Mountain die shows 3." in events
    assert table.state.mountain[1] == 3


def test_move_opponent_cannot_be_played_if_no_rival_is_on_clear_terrain() -> None:
    table = Table()
    table.hand(0, "move-opponent")
    assert not any(a.startswith("move-opponent") for a in table.legal())
    assert table.refused("move-opponent 0 hobbiton") == "Move Opponent moves a rival, not yourself"


def test_move_opponent_never_crosses_a_line() -> None:
    """AG-A22."""
    table = Table()
    table.put(1, "old-forest")
    table.hand(0, "move-opponent")
    assert table.refused("move-opponent 1 stock") == (
        "Stock is not one space forward or back from Old Forest"
    )


# -- Draw a New Hand ---------------------------------------------------------------------------


def test_draw_a_new_hand_discards_the_rest_of_the_hand_and_draws_five() -> None:
    table = Table()
    table.hand(0, "new-hand", "gollum", "boromir")
    table.stack("escape", "escape", "move-2", "move-3", "defeat-orcs")
    events = said(table.play("new-hand"))
    assert events == [
        "Seat 1 plays Draw a New Hand.",
        "Seat 1 discards Gollum, Boromir.",
        "Seat 1 draws 5 cards.",
    ]
    assert sorted(table.state.hands[0]) == sorted(
        ["escape", "escape", "move-2", "move-3", "defeat-orcs"]
    )
    assert sorted(table.state.discards) == ["boromir", "gollum", "new-hand"]
    assert_conserved(table.state)


def test_draw_a_new_hand_may_be_played_while_held() -> None:
    """AG-A25: whenever option B is open."""
    table = Table()
    table.put(0, "sammath-naur")
    table.hand(0, "new-hand")
    assert table.legal() == ["new-hand"]


# -- Escape ------------------------------------------------------------------------------------


def test_escape_works_on_any_monster() -> None:
    """AG-A12: Nazgûl, Orcs, Shelob and Gollum alike."""
    table = Table()
    table.hand(0, "escape")
    table.rings(0, 1)
    for space in ("weathertop", "moria", "shelobs-lair", "sammath-naur"):
        table.put(0, space)
        assert "escape" in table.legal(), space


def test_escape_needs_a_monster_on_your_space() -> None:
    """AG-A12."""
    table = Table()
    table.put(0, "midgewater")
    table.hand(0, "escape")
    assert table.refused("escape") == "there is no monster on your space to get away from"


def test_a_card_with_no_possible_effect_cannot_be_played() -> None:
    """AG-A5: use the swap (E) to get rid of it."""
    table = Table()
    table.put(0, "midgewater")
    table.hand(0, "defeat-orcs", "escape", "gollum")
    assert [a for a in table.legal() if not a.startswith(("step", "swap"))] == []
