"""Views are typed: each game exports its view classes, and ``Match.view_as`` hands a view
out as its class, so that ``mypy --strict`` (which checks this file) knows its fields."""

from __future__ import annotations

import importlib
from typing import Any

import msgspec
import pytest

from ringbearer_engine import Match
from ringbearer_engine.games.adventure_book import AdventureBookView
from ringbearer_engine.games.adventure_game import AdventureView
from ringbearer_engine.games.mount_doom import MountDoomView

PACKAGES = {
    "mount-doom": "ringbearer_engine.games.mount_doom",
    "adventure-game": "ringbearer_engine.games.adventure_game",
    "adventure-book": "ringbearer_engine.games.adventure_book",
}


def mid_game(game_id: str, seats: int = 3, steps: int = 30) -> Match:
    match = Match.new(game_id, [f"P{n}" for n in range(seats)], seed=8)
    for n in range(steps):
        actions = match.actions()
        if not actions:
            break
        match.play(actions[n % len(actions)])
    return match


def test_a_typed_view_gives_a_seats_own_hand_to_the_type_checker() -> None:
    match = mid_game("adventure-game")
    hand: list[str] = match.view_as(AdventureView, 1).hand
    assert hand == match.view(1).hand  # type: ignore[attr-defined]


def test_a_typed_view_is_the_view_itself() -> None:
    book = mid_game("adventure-book")
    assert book.view_as(AdventureBookView, 0) == book.view(0)
    doom = mid_game("mount-doom")
    figures = doom.view_as(MountDoomView).figures
    assert [figure.id for figure in figures] == [
        figure.id
        for figure in doom.view().figures  # type: ignore[attr-defined]
    ]


def test_a_typed_view_of_the_wrong_class_is_refused_with_the_right_one_named() -> None:
    match = mid_game("mount-doom")
    with pytest.raises(TypeError, match="Mount Doom is MountDoomView, not AdventureView"):
        match.view_as(AdventureView, 0)


def test_a_typed_view_checks_the_seat_as_view_does() -> None:
    with pytest.raises(ValueError, match="there is no seat 7"):
        mid_game("adventure-game").view_as(AdventureView, 7)


def struct_types(value: Any) -> set[type[msgspec.Struct]]:
    """Every Struct class inside ``value``, itself included."""
    found: set[type[msgspec.Struct]] = set()
    if isinstance(value, msgspec.Struct):
        found.add(type(value))
        for name in value.__struct_fields__:
            found |= struct_types(getattr(value, name))
    elif isinstance(value, list | tuple):
        for item in value:
            found |= struct_types(item)
    elif isinstance(value, dict):
        for item in value.values():
            found |= struct_types(item)
    return found


@pytest.mark.parametrize("game_id", sorted(PACKAGES))
def test_every_class_in_a_games_views_is_exported_by_its_package(game_id: str) -> None:
    package = importlib.import_module(PACKAGES[game_id])
    seen: set[type[msgspec.Struct]] = set()
    for steps in (0, 5, 30, 80):
        match = mid_game(game_id, steps=steps)
        for seat in (None, 0, 1):
            seen |= struct_types(match.view(seat))
    for kind in seen:
        assert kind.__name__ in package.__all__, kind
        assert getattr(package, kind.__name__) is kind
