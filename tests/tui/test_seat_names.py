"""A seat at a shared table says who holds it when its name does not."""

from __future__ import annotations

from ringbearer_tui.seats import seat_and_person


def test_a_seat_named_for_a_character_names_its_account() -> None:
    assert seat_and_person("Sam", "bob") == "Sam (bob)"
    assert seat_and_person("Sam", "bob", "away") == "Sam (bob, away)"


def test_a_seat_named_as_its_account_is_said_once() -> None:
    assert seat_and_person("Bob", "bob") == "Bob"
    assert seat_and_person("Bob", "bob", "away") == "Bob (away)"


def test_an_empty_seat_or_note_adds_nothing() -> None:
    assert seat_and_person("Frodo") == "Frodo"
    assert seat_and_person("Frodo", "", "") == "Frodo"
