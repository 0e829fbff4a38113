"""Views show the table without hidden cards; prompts say what is decided."""

from __future__ import annotations

import msgspec

from ringbearer_engine import Match
from ringbearer_engine.games.mount_doom.content import DECKS, GANDALF_IDS
from ringbearer_engine.games.mount_doom.view import MountDoomView

from .helpers import new, play, state


def view_of(match: Match, seat: int | None = 0) -> MountDoomView:
    view = match.view(seat)
    assert isinstance(view, MountDoomView)
    return view


def test_view_hides_face_down_slots_from_every_seat_and_spectators() -> None:
    match = Match.new("mount-doom", ["A", "B", "C"], seed=5)
    s = state(match)
    for seat in (0, 1, 2, None):
        view = view_of(match, seat)
        assert view.row[0].card is None
        assert view.row[5].card is None
        assert view.row[0].occupied
        assert [slot.card for slot in view.row[1:5]] == s.row[1:5]


def test_view_never_contains_a_hidden_card_id_anywhere() -> None:
    match = Match.new("mount-doom", ["A", "B"], seed=5)
    s = state(match)
    hidden = {s.row[0], s.row[5], *s.unseen, *s.gandalf_stack}
    hidden.update(c for stage in range(1, 6) for c in DECKS[stage])
    text = msgspec.json.encode(match.view(0)).decode()
    for card in hidden:
        assert f'"{card}"' not in text, card


def test_view_shows_counts_of_the_gandalf_stack_and_the_decks_to_come() -> None:
    view = view_of(Match.new("mount-doom", ["A"], seed=5))
    assert view.gandalf_stack == 4
    assert view.decks == [7, 7, 7, 7, 7]
    assert view.unseen == 1


def test_view_shows_the_cards_in_front_of_the_players_with_their_owner() -> None:
    match = Match.new("mount-doom", ["A", "B"], seed=5)
    view = view_of(match, 1)
    assert [(h.card, h.seat) for h in view.held][1] == ("boromir", 1)
    assert view.held[0].card in GANDALF_IDS


def test_view_shows_the_roll_and_the_tray() -> None:
    match = new()
    match.script(rolls={"black": [3, 5], "blue": [2], "red": [6]})
    play(match, "roll blue,red", "keep 5 red")
    view = view_of(match)
    assert [(d.die, d.face) for d in view.rolled] == [
        ("black", "3"),
        ("black", "5"),
        ("blue", "2"),
        ("red", "6"),
    ]
    assert (view.tray[0].black, view.tray[0].die, view.tray[0].pips) == (5, "red", 6)
    assert view.pending == "add"
    assert view.prompt == "P1: add a third companion die to roll with the other two dice."


def test_view_of_a_finished_match_has_no_one_to_move() -> None:
    match = new(row=["cave-troll"] * 6, resolve=0)
    match.script(
        rolls={"black": [1, 1, 1], "blue": [1], "red": [1], "green": [1], "battle": ["sauron"]}
    )
    play(match, "roll blue,red", "keep 1 blue", "add green", "keep 1 green")
    view = view_of(match)
    assert view.to_move is None
    assert view.result == "resolve-broken"
    assert match.prompt == "The match is over."


def test_board_places_are_named_in_view_and_events() -> None:
    view = view_of(new(pos=[0, 3, 8, 1000, 9]))
    assert [f.place for f in view.figures] == [
        "Rivendell",
        "space 3 towards Lothlórien",
        "Lothlórien",
        "the rally space",
        "space 1 towards Rohan",
    ]
