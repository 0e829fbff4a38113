"""The turn: the six options A-F, movement lines, landing on others, and the reshuffle."""

from __future__ import annotations

from adventure_game.table import Table, assert_conserved, said

from ringbearer_engine.games.adventure_game.events import Reshuffled


def test_option_a_moves_one_space_along_the_path_toward_mount_doom() -> None:
    table = Table()
    table.put(0, "hobbiton")
    assert [a for a in table.legal() if a.startswith("step")] == ["step bywater"]
    assert said(table.play("step bywater")) == ["Seat 1 moves from Hobbiton to Bywater."]
    assert table.at(0) == "bywater"


def test_option_a_at_a_fork_the_player_chooses_the_way() -> None:
    """AG-A1: where the path branches, the moving player picks the branch."""
    table = Table()
    assert {"step hobbiton", "step maggots-farm"} <= set(table.legal())
    table.play("step maggots-farm")
    assert table.at(0) == "maggots-farm"


def test_own_pawn_only_ever_moves_forward() -> None:
    """AG-A6: no option moves your own pawn back."""
    table = Table()
    table.put(0, "bywater")
    assert table.refused("step hobbiton") == "Hobbiton is not one space ahead of Bywater"


def test_option_b_plays_a_card_then_draws_a_replacement() -> None:
    table = Table()
    table.put(0, "hobbiton")
    table.hand(0, "move-2", "gollum", "boromir", "new-hand", "escape")
    table.stack("defeat-orcs")
    events = table.play("move-2 woody-end")
    assert said(events)[:2] == ["Seat 1 plays Move 2.", "Seat 1 moves from Hobbiton to Woody End."]
    assert sorted(table.state.hands[0]) == sorted(
        ["gollum", "boromir", "new-hand", "escape", "defeat-orcs"]
    )
    assert table.state.discards == ["move-2"]
    assert_conserved(table.state)


def test_option_c_needs_a_monster_on_your_space() -> None:
    table = Table()
    table.put(0, "midgewater")
    assert table.refused("fight") == "there is no monster on your space to get away from"


def test_option_c_a_roll_of_5_or_6_beats_the_monster() -> None:
    table = Table()
    table.put(0, "moria")
    table.script(fight=[5])
    assert said(table.play("fight"))[0] == "Seat 1 rolls a 5 and beats the Orcs."
    assert table.at(0) == "khazad-dum"


def test_option_c_a_failed_roll_ends_the_turn_and_keeps_you_there() -> None:
    """AG-A10: a failed roll simply ends the turn."""
    table = Table()
    table.put(0, "moria")
    table.script(fight=[4])
    assert said(table.play("fight")) == ["Seat 1 rolls a 4 and fails against the Orcs."]
    assert table.at(0) == "moria"
    assert table.to_move == 1


def test_option_d_turns_the_mountain_die_to_the_next_lower_number() -> None:
    table = Table()
    table.put(0, "caradhras", mountain=2)
    assert said(table.play("climb")) == ["Seat 1 turns the Mountain die down to 1."]
    assert table.state.mountain[0] == 1
    assert table.to_move == 1


def test_option_d_only_on_a_mountain_space() -> None:
    table = Table()
    table.put(0, "hollin")
    assert table.refused("climb") == "you are not on a Mountain space"


def test_option_e_discards_one_card_and_draws_another() -> None:
    table = Table()
    table.hand(0, "boromir", "gollum")
    table.stack("escape")
    assert said(table.play("swap boromir")) == [
        "Seat 1 discards Boromir.",
        "Seat 1 draws 1 card.",
    ]
    assert table.state.hands[0] == ["gollum", "escape"]
    assert table.state.discards == ["boromir"]
    assert table.to_move == 1


def test_a_turn_is_exactly_one_option() -> None:
    """AG-A5: after one option the turn passes on."""
    table = Table(3)
    table.play("step hobbiton")
    assert table.to_move == 1
    assert table.at(0) == "hobbiton"


def test_moves_may_not_cross_a_heavy_line() -> None:
    table = Table()
    table.put(0, "stock")
    assert table.refused("step old-forest") == (
        "a heavy orange line separates Stock from Old Forest"
    )


def test_a_pawn_may_land_on_opponents_without_penalty() -> None:
    table = Table()
    table.put(0, "hobbiton")
    table.put(1, "bywater")
    assert said(table.play("step bywater")) == ["Seat 1 moves from Hobbiton to Bywater."]
    assert table.at(1) == "bywater"
    assert table.to_move == 1


def test_an_empty_draw_pile_is_rebuilt_by_shuffling_the_discards() -> None:
    table = Table()
    state = table.state
    table.hand(0, "boromir")
    state.discards = state.draw_pile
    state.draw_pile = []
    state.chance.script(orders={"reshuffle": ["escape"]})
    events = table.play("swap boromir")
    assert any(isinstance(e, Reshuffled) for e in events)
    assert state.hands[0] == ["escape"]  # the scripted top card of the new pile
    assert state.discards == []
    assert len(state.draw_pile) == 54 - 5 - 1
    assert_conserved(state)


def test_with_pile_and_discards_both_empty_you_draw_what_there_is() -> None:
    """AG-A26: no card is invented; the draw stops short."""
    from ringbearer_engine import Event
    from ringbearer_engine.games.adventure_game.rules.deck import draw

    table = Table()
    state = table.state
    state.hands[1].extend(state.draw_pile)
    state.draw_pile = []
    state.discards = [state.hands[1].pop()]
    last = state.discards[0]
    before = list(state.hands[0])
    events: list[Event] = []
    draw(state, 0, 3, events)
    assert said(events) == [
        "The 1 discards are shuffled into a new draw pile.",
        "Seat 1 draws 1 card.",
    ]
    assert sorted(state.hands[0]) == sorted([*before, last])  # hands are kept in card order
    assert_conserved(state)


def test_hands_stay_at_five_cards() -> None:
    """AG-A26: every played or swapped card is replaced."""
    table = Table()
    table.play("swap " + table.state.hands[0][0])
    assert len(table.state.hands[0]) == 5
