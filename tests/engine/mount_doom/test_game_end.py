"""Winning and both ways of losing; the game stops at once (MD-A5)."""

from __future__ import annotations

from ringbearer_engine.games.mount_doom.content import NAZGUL_SPACES
from ringbearer_engine.games.mount_doom.events import GameOver, NazgulPlaced, ResolveChanged
from ringbearer_engine.games.mount_doom.state import LOST_NAZGUL, LOST_RESOLVE

from .helpers import event_space, new, of, state, tray


def test_game_is_lost_when_the_one_ring_would_pass_the_last_circle() -> None:
    """MD-A4: steps are taken one at a time; leaving circle 0 loses."""
    match = new(row=["cave-troll"] * 6, resolve=1)
    match.script(rolls={"battle": ["sauron"]})
    events = tray(match, (1, "blue", 1))
    assert of(events, ResolveChanged) == [ResolveChanged(-1, 0)]
    assert of(events, GameOver) == [GameOver(False, LOST_RESOLVE)]
    outcome = match.outcome
    assert outcome is not None
    assert outcome.winners == ()
    assert outcome.reason == "resolve-broken"


def test_resolve_on_the_last_circle_is_not_yet_a_loss() -> None:
    match = new(row=["moria-orc"] * 6, resolve=1)
    match.script(rolls={"battle": ["sauron"]})
    tray(match, (1, "blue", 1))
    assert match.outcome is None
    assert state(match).resolve == 0


def test_game_is_lost_when_the_ninth_nazgul_is_placed() -> None:
    """MD-A6: the eighth ordinary Nazgûl is the ninth figure."""
    match = new(row=["nazgul-lothlorien"] * 6, nazgul=NAZGUL_SPACES - 2)
    events = tray(match, (1, "", 0), (1, "", 0))
    assert [e.count for e in of(events, NazgulPlaced)] == [8, 9]
    outcome = match.outcome
    assert outcome is not None
    assert outcome.reason == LOST_NAZGUL == "nazgul-gathered"


def test_every_nazgul_source_counts_towards_the_ninth() -> None:
    """MD-A6: an event space can place the last one too."""
    space = event_space("nazgul")
    match = new(row=["moria-orc"] * 6, nazgul=NAZGUL_SPACES - 1, pos=[0, 0, space - 1, 0, 0])
    match.script(rolls={"battle": ["gimli"]})
    tray(match, (1, "blue", 1))
    assert match.outcome is not None


def test_the_game_stops_at_once_and_nothing_else_on_the_tray_is_resolved() -> None:
    """MD-A5."""
    match = new(row=["cave-troll"] * 6, resolve=0, pos=[0, 0, 0, 0, 0])
    match.script(rolls={"battle": ["sauron"]})
    events = tray(match, (1, "blue", 3), (2, "green", 2))
    assert of(events, GameOver)
    assert events[-1] == GameOver(False, LOST_RESOLVE)
    s = state(match)
    assert s.pos == [0, 0, 0, 0, 0]
    assert match.actions() == []
