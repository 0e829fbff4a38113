"""Set-up and the opening roll."""

from __future__ import annotations

from adventure_game.table import GAME, Table, assert_conserved

from ringbearer_engine import Match
from ringbearer_engine.games.adventure_game.board import NAZGUL_STARTS, START_SPACE


def test_setup_puts_one_nazgul_on_each_n_space() -> None:
    state = Table(2).state
    assert state.nazgul == sorted(NAZGUL_STARTS)
    assert len(state.nazgul) == 9


def test_setup_puts_every_pawn_on_start() -> None:
    state = Table(4).state
    assert state.pawns == [START_SPACE] * 4


def test_setup_shuffles_and_deals_five_cards_each_and_the_rest_is_the_draw_pile() -> None:
    deck = ["escape"] * 5 + ["move-opponent"] * 5 + ["gollum"]
    state = Table(2, deck=deck).state
    assert state.hands == [["escape"] * 5, ["move-opponent"] * 5]
    assert len(state.draw_pile) == 54 - 10
    assert state.draw_pile[-1] == "gollum"  # the next card drawn
    assert_conserved(state)


def test_setup_gives_each_player_a_mountain_die_showing_nothing_yet() -> None:
    state = Table(3).state
    assert state.mountain == [0, 0, 0]


def test_setup_piles_the_twelve_rings_off_the_board() -> None:
    state = Table(3).state
    assert state.supply == 12
    assert state.rings == [0, 0, 0]


def test_high_roller_goes_first_and_play_goes_clockwise() -> None:
    table = Table(3, start=[2, 5, 3])
    assert table.state.first == 1
    assert table.to_move == 1
    table.play("step hobbiton")
    assert table.to_move == 2
    table.play("step hobbiton")
    assert table.to_move == 0
    table.play("step hobbiton")
    assert table.to_move == 1


def test_start_roll_ties_for_highest_roll_again_among_the_tied() -> None:
    """AG-A3: only the players tied for the highest roll roll again."""
    table = Table(3, start=[6, 2, 6, 3, 4])
    assert table.state.opening == [[6, 2, 6], [3, 0, 4]]
    assert table.state.first == 2


def test_a_match_starts_with_the_first_players_decision() -> None:
    match = Match.new(GAME, ["Ann", "Bo"], seed=3)
    assert match.to_move == match.state.first  # type: ignore[attr-defined]
    assert "step hobbiton" in [str(a) for a in match.actions()]
    assert "step maggots-farm" in [str(a) for a in match.actions()]


def test_pawns_are_cosmetic_every_seat_follows_the_same_rules() -> None:
    """AG-A4: who sits where and what the pawns are called changes nothing."""
    a = Match.new(GAME, ["Frodo", "Sam", "Merry"], seed=21)
    b = Match.new(GAME, ["Gandalf", "Legolas", "Gimli"], seed=21)
    for _ in range(60):
        action = a.actions()[len(a.log) % len(a.actions())]
        a.play(action)
        b.play(action)
    state_a, state_b = a.state, b.state
    state_b.players = state_a.players
    assert GAME.encode_state(state_a) == GAME.encode_state(state_b)  # type: ignore[arg-type]
