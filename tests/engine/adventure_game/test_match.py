"""The game through the engine's Match: notation, refusals, prompts, undo and saves."""

from __future__ import annotations

import pytest
from adventure_game.table import GAME, Table

from ringbearer_engine import IllegalActionError, Match, UndoError


def test_every_action_offered_in_a_game_round_trips_through_its_notation() -> None:
    match = Match.new(GAME, ["A", "B", "C"], seed=5)
    seen = 0
    while match.outcome is None and seen < 400:
        actions = match.actions()
        for action in actions:
            assert match.parse(str(action)) == action
        match.play(actions[seen * 7 % len(actions)])
        seen += 1


def test_an_illegal_action_is_refused_with_the_reason() -> None:
    match = Match.new(GAME, ["A", "B"], seed=1)
    with pytest.raises(IllegalActionError) as refused:
        match.play("fight")
    assert "there is no monster on your space" in refused.value.reason


def test_the_prompt_says_what_is_being_decided() -> None:
    table = Table()
    assert GAME.prompt(table.state) == "Frodo to play: step on, play a card or swap one."
    table.put(0, "weathertop")
    assert GAME.prompt(table.state) == (
        "Frodo is held by a Nazgûl at Weathertop: fight, play a card or spend a ring."
    )
    table.put(0, "caradhras", mountain=2)
    assert GAME.prompt(table.state).startswith("Frodo is climbing Caradhras (Mountain die 2)")
    table.put(0, "east-road")
    table.play("step bree")
    assert GAME.prompt(table.state).startswith("Frodo has reached Bree: discard any cards")


def test_a_plain_step_can_be_taken_back_but_a_draw_or_a_roll_cannot() -> None:
    match = Match.new(GAME, ["A", "B"], seed=2)
    first = match.to_move
    match.play("step hobbiton")
    match.undo()  # raises UndoError if the step could not be taken back
    assert match.to_move == first
    card = match.state.hands[first][0]  # type: ignore[attr-defined]
    match.play(f"swap {card}")
    assert not match.can_undo
    with pytest.raises(UndoError):
        match.undo()


def test_a_saved_match_loads_and_plays_on_identically() -> None:
    match = Match.new(GAME, ["A", "B", "C", "D"], seed=11)
    for _ in range(60):
        actions = match.actions()
        match.play(actions[len(match.log) % len(actions)])
    loaded = Match.load(match.save(), game="adventure-game")
    assert loaded.snapshot() == match.snapshot()
    for _ in range(30):
        if match.outcome is not None:
            break
        action = match.actions()[0]
        match.play(action)
        loaded.play(action)
    assert loaded.snapshot() == match.snapshot()


def test_match_scripts_fix_the_fight_die_and_the_next_reshuffle() -> None:
    """Dice and decks have stable names: ``fight``, ``mountain``, ``reshuffle``."""
    from ringbearer_engine.games.adventure_game.board import INDEX
    from ringbearer_engine.games.adventure_game.state import AdventureState

    match = Match.new(GAME, ["A", "B"], seed=8)
    state = match.state
    assert isinstance(state, AdventureState)
    seat = state.current
    state.pawns[seat] = INDEX["moria"]
    state.discards, state.draw_pile = state.draw_pile, []
    match.script(rolls={"fight": [6]}, orders={"reshuffle": ["gollum"]})
    events = [str(e) for e in match.play("fight")]
    assert events[0] == f"Seat {seat + 1} rolls a 6 and beats the Orcs."
    other = match.to_move
    assert other is not None
    card = state.hands[other][0]
    match.play(f"swap {card}")
    assert "gollum" in state.hands[other]
