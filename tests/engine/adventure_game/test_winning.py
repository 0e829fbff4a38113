"""Winning: getting away from Gollum with a ring still in hand (AG-A14, AG-A15, AG-A30)."""

from __future__ import annotations

from adventure_game.table import GAME, Table, said


def test_escaping_gollum_by_a_roll_with_a_ring_in_hand_wins_at_once() -> None:
    """AG-A14: reaching Mount Doom and throwing in the Ring are one turn."""
    table = Table()
    table.put(0, "sammath-naur")
    table.rings(0, 1)
    table.script(fight=[6])
    events = said(table.play("fight"))
    assert events == [
        "Seat 1 rolls a 6 and beats Gollum.",
        "Seat 1 moves from Sammath Naur to Mount Doom.",
        "Seat 1 reaches Mount Doom and throws the Ring into the fire!",
    ]
    outcome = GAME.outcome(table.state)
    assert outcome is not None
    assert outcome.winners == (0,)
    assert outcome.reason == "ring-destroyed"


def test_escaping_gollum_with_an_escape_card_and_one_ring_wins() -> None:
    table = Table()
    table.put(0, "sammath-naur")
    table.rings(0, 1)
    table.hand(0, "escape")
    events = said(table.play("escape"))
    assert events[-1] == "Seat 1 reaches Mount Doom and throws the Ring into the fire!"
    assert GAME.outcome(table.state) is not None
    assert table.state.winner == 0


def test_escaping_gollum_with_a_ring_needs_a_second_ring_to_keep() -> None:
    """AG-A14: the ring you spend cannot be the one you throw in."""
    table = Table()
    table.put(0, "sammath-naur")
    table.rings(0, 1)
    assert table.refused("ring") == (
        "you may leave Gollum only while still holding a ring afterwards"
    )
    table.rings(0, 2)
    table.play("ring")
    assert table.state.winner == 0
    assert table.state.rings[0] == 1


def test_without_a_ring_you_cannot_get_away_from_gollum() -> None:
    """AG-A14: no roll and no Escape card either."""
    table = Table()
    table.put(0, "sammath-naur")
    table.hand(0, "escape", "gollum")
    assert table.refused("fight") == (
        "you may leave Gollum only while still holding a ring afterwards"
    )
    assert table.refused("escape") == (
        "you may leave Gollum only while still holding a ring afterwards"
    )


def test_stuck_at_gollum_a_gollum_card_can_win_back_a_ring() -> None:
    """Rings move between players only by the Gollum and Boromir cards (AG-A15)."""
    table = Table()
    table.put(0, "sammath-naur")
    table.put(1, "lorien")
    table.rings(1, 2)
    table.hand(0, "gollum")
    assert table.legal() == ["gollum 1"]
    table.play("gollum 1")
    table.play("step anduin")
    table.script(fight=[5])
    table.play("fight")
    assert table.state.winner == 0


def test_a_failed_roll_at_gollum_keeps_you_there() -> None:
    table = Table()
    table.put(0, "sammath-naur")
    table.rings(0, 1)
    table.script(fight=[2])
    table.play("fight")
    assert table.at(0) == "sammath-naur"
    assert GAME.outcome(table.state) is None


def test_the_game_ends_with_the_first_winner_and_nobody_moves_after() -> None:
    """AG-A30: exactly one winner; everyone else loses."""
    table = Table(4)
    table.put(0, "sammath-naur")
    table.rings(0, 1)
    table.script(fight=[5])
    table.play("fight")
    assert GAME.actions(table.state) == []
    assert GAME.to_move(table.state) is None
    outcome = GAME.outcome(table.state)
    assert outcome is not None
    assert outcome.winners == (0,)


def test_with_no_ring_held_and_no_town_left_to_collect_nobody_can_win() -> None:
    """AG-A15: the game ends with no winner."""
    table = Table()
    table.put(0, "sammath-naur")
    table.put(1, "amon-hen")
    for seat in (0, 1):
        table.state.towns[seat] = ["bree", "rivendell", "lorien"]
    table.rings(1, 1)
    table.turn(1)
    table.script(mountain=[1])
    events = said(table.play("ring"))  # Sam spends the last ring in play
    assert events[-1] == (
        "No ring is left in anyone's hands and no town can give one: nobody can win."
    )
    outcome = GAME.outcome(table.state)
    assert outcome is not None
    assert outcome.winners == ()
    assert outcome.reason == "no-rings-left"
    assert GAME.actions(table.state) == []


def test_a_town_still_ahead_keeps_the_game_going_without_rings() -> None:
    """AG-A15: rings can still come from a town someone has not collected."""
    table = Table()
    table.put(0, "sammath-naur")
    table.state.towns[0] = ["bree", "rivendell", "lorien"]
    table.put(1, "nimrodel")
    table.state.towns[1] = ["bree", "rivendell"]
    table.hand(0, "new-hand")
    table.play("new-hand")
    assert GAME.outcome(table.state) is None
