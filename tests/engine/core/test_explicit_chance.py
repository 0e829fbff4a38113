"""Explicit chance: an action's draws as chance nodes with outcomes and probabilities."""

from __future__ import annotations

import random
from typing import Any

import pytest

import ringbearer_engine as rb
from ringbearer_engine import Match
from ringbearer_engine.explicit import ExplicitChance, ExplicitChanceError

GAMES = ["mount-doom", "adventure-game", "adventure-book"]


def test_a_roll_of_four_dice_is_four_chance_nodes_of_six_equal_outcomes() -> None:
    match = Match.new("mount-doom", ["Ann", "Bo"], seed=1)
    explicit = ExplicitChance(match)
    assert explicit.play("roll orange,purple") == []
    for outcome in (0, 1, 2):
        assert explicit.at_chance
        assert explicit.chance_outcomes() == [(k, 1 / 6) for k in range(6)]
        assert explicit.play_chance(outcome) == []
    assert match.log == ()  # nothing is played until every draw is chosen
    events = explicit.play_chance(5)
    assert events
    assert not explicit.at_chance
    assert explicit.chance_outcomes() == []
    assert match.state.rolled == [1, 2, 3, 6]  # type: ignore[attr-defined]


def test_an_action_that_draws_nothing_is_played_at_once() -> None:
    match = Match.new("mount-doom", ["Ann", "Bo"], seed=1)
    explicit = ExplicitChance(match)
    explicit.play("roll orange,purple")
    for _ in range(4):
        explicit.play_chance(0)
    keep = match.actions()[0]
    assert explicit.play(keep)
    assert match.log[-1] == str(keep)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_match_played_with_explicit_chance_saves_and_replays_exactly(game_id: str) -> None:
    nodes = 0
    for seed in range(4):
        rng = random.Random(seed)
        match = Match.new(game_id, ["Ann", "Bo", "Cy"], seed=seed)
        explicit = ExplicitChance(match)
        while match.outcome is None:
            explicit.play(rng.choice(match.actions()))
            while explicit.at_chance:
                outcomes = explicit.chance_outcomes()
                assert sum(p for _, p in outcomes) == pytest.approx(1.0)
                explicit.play_chance(rng.choice(outcomes)[0])
                nodes += 1
        again = Match.load(match.save())
        assert again.snapshot() == match.snapshot()
        assert again.log == match.log
    assert nodes > 0


def test_the_same_outcomes_give_the_same_dice_whatever_the_seed() -> None:
    rolled = []
    for seed in (1, 2):
        match = Match.new("mount-doom", ["Ann", "Bo"], seed=seed)
        explicit = ExplicitChance(match)
        explicit.play("roll orange,blue")
        for outcome in (4, 0, 2, 3):
            explicit.play_chance(outcome)
        rolled.append(match.state.rolled)  # type: ignore[attr-defined]
    assert rolled[0] == rolled[1] == [5, 1, 3, 4]


def test_explicit_chance_refuses_calls_out_of_turn_and_keeps_the_match() -> None:
    match = Match.new("mount-doom", ["Ann", "Bo"], seed=1)
    explicit = ExplicitChance(match)
    with pytest.raises(ExplicitChanceError, match="no action waits for chance"):
        explicit.play_chance(0)
    with pytest.raises(rb.IllegalActionError):
        explicit.play("keep 3 orange")
    explicit.play("roll orange,purple")
    with pytest.raises(ExplicitChanceError, match="waits for chance"):
        explicit.play("roll orange,blue")
    for bad in (6, -1, True, 1.0):
        with pytest.raises(ExplicitChanceError, match="outcome"):
            explicit.play_chance(bad)  # type: ignore[arg-type]
    assert explicit.chance_outcomes() == [(k, 1 / 6) for k in range(6)]
    assert match.log == ()


def test_an_action_whose_draws_cannot_be_scripted_is_refused_and_frees_the_match(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    match = Match.new("pig", ["Ann", "Bo"], seed=1)
    explicit = ExplicitChance(match)

    def shuffle_twice(state: rb.GameState, action: rb.Action) -> None:
        state.chance.shuffle("deck", ["a", "b"])
        state.chance.shuffle("deck", ["a", "b"])

    with monkeypatch.context() as patch:
        patch.setattr(match.game, "advance", shuffle_twice)
        explicit.play("roll")  # the first shuffle's one draw
        with pytest.raises(ExplicitChanceError, match="shuffled twice in one action"):
            explicit.play_chance(0)
    assert not explicit.at_chance
    assert match.log == ()
    explicit.play("roll")
    assert explicit.chance_outcomes() == [(k, 1 / 6) for k in range(6)]


def test_a_rules_error_while_trying_an_action_frees_the_match(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    match = Match.new("pig", ["Ann", "Bo"], seed=1)
    explicit = ExplicitChance(match)

    def broken(state: rb.GameState, action: rb.Action) -> None:
        raise RuntimeError("a rules bug")

    with monkeypatch.context() as patch:
        patch.setattr(match.game, "advance", broken)
        with pytest.raises(RuntimeError, match="a rules bug"):
            explicit.play("roll")
    assert not explicit.at_chance
    assert match.log == ()


def test_an_action_that_fails_when_played_leaves_no_script_behind(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    match = Match.new("pig", ["Ann", "Bo"], seed=1)
    explicit = ExplicitChance(match)
    game = match.game
    tried = game.apply

    def broken(state: rb.GameState, action: rb.Action) -> list[rb.Event]:
        raise RuntimeError("a rules bug")

    with monkeypatch.context() as patch:
        patch.setattr(game, "advance", tried)  # the try on a scratch copy works...
        patch.setattr(game, "apply", broken)  # ...but playing it on the match fails
        explicit.play("roll")
        with pytest.raises(RuntimeError, match="a rules bug"):
            explicit.play_chance(2)
    assert match.log == ()
    assert match.snapshot() == Match.new("pig", ["Ann", "Bo"], seed=1).snapshot()


@pytest.mark.parametrize("game_id", GAMES)
def test_playing_without_events_keeps_the_tried_state_and_matches_playing_with_them(
    game_id: str,
) -> None:
    # events=False keeps the state an action was tried on (no draws, or only die faces)
    # rather than play it again: the match, its log, its undo history and its saves are
    # exactly those of the same choices played with events.
    for seed in range(3):
        rng = random.Random(seed)
        quiet = Match.new(game_id, ["Ann", "Bo", "Cy"], seed=seed)
        loud = quiet.clone()
        quiet_chance, loud_chance = ExplicitChance(quiet), ExplicitChance(loud)
        while quiet.outcome is None and len(quiet.log) < 400:
            action = rng.choice(quiet.actions())
            assert quiet_chance.play(action, events=False) == []
            loud_chance.play(action)
            while quiet_chance.at_chance:
                outcomes = quiet_chance.chance_outcomes()
                assert outcomes == loud_chance.chance_outcomes()
                outcome = rng.choice(outcomes)[0]
                assert quiet_chance.play_chance(outcome) == []
                loud_chance.play_chance(outcome)
            assert not loud_chance.at_chance
            assert (quiet.snapshot(), quiet.log) == (loud.snapshot(), loud.log)
            assert (quiet.can_undo, quiet.actions()) == (loud.can_undo, loud.actions())
        assert Match.load(quiet.save()).snapshot() == quiet.snapshot()


def test_a_shuffle_lays_out_its_draws_without_trying_the_action_for_each(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    match = Match.new("pig", ["Ann", "Bo"], seed=1)
    explicit = ExplicitChance(match)
    tries = []

    def shuffle_five(state: rb.GameState, action: rb.Action) -> None:
        tries.append(action)
        state.chance.shuffle("deck", ["a", "b", "c", "d", "e"])

    with monkeypatch.context() as patch:
        patch.setattr(match.game, "advance", shuffle_five)
        explicit.play("roll")
        bounds = []
        for _ in range(3):
            bounds.append(len(explicit.chance_outcomes()))
            explicit.play_chance(0)
        bounds.append(len(explicit.chance_outcomes()))
        assert len(tries) == 1  # only to find the first draw
        with pytest.raises(rb.ScriptError):  # tried once more, then scripted: Pig has no deck
            explicit.play_chance(0)
    assert bounds == [5, 4, 3, 2]
    assert len(tries) == 2


def test_a_deep_copy_waiting_for_chance_goes_on_alone() -> None:
    import copy

    match = Match.new("mount-doom", ["Ann", "Bo"], seed=1)
    explicit = ExplicitChance(match)
    explicit.play("roll orange,purple")
    explicit.play_chance(2)
    twin = copy.deepcopy(explicit)
    for _ in range(3):
        twin.play_chance(5)
    assert not twin.at_chance
    assert twin.match.log
    assert match.log == ()
    assert explicit.at_chance
    for _ in range(3):
        explicit.play_chance(0)
    assert match.state.rolled == [3, 1, 1, 1]  # type: ignore[attr-defined]
    assert twin.match.state.rolled == [3, 6, 6, 6]  # type: ignore[attr-defined]


def test_a_one_card_shuffle_is_no_chance_node_and_leaves_a_quiet_play_whole(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Found in OpenSpiel random play of Mount Doom (deals 55 and 61 of seed 0..150): a
    # stage whose deck held one card counted as a shuffle, so an action that drew nothing
    # else was played again on the state its quiet try had already moved on, and failed.
    quiet = Match.new("pig", ["Ann", "Bo"], seed=1)
    loud = quiet.clone()

    def shuffle_one(state: rb.GameState, action: rb.Action) -> None:
        state.chance.shuffle("deck", ["only"])
        state.chance.shuffle("deck", [])

    def shuffle_one_told(state: rb.GameState, action: rb.Action) -> list[rb.Event]:
        shuffle_one(state, action)
        return []

    with monkeypatch.context() as patch:
        patch.setattr(quiet.game, "advance", shuffle_one)
        patch.setattr(quiet.game, "apply", shuffle_one_told)
        quiet_chance, loud_chance = ExplicitChance(quiet), ExplicitChance(loud)
        assert quiet_chance.play("roll", events=False) == []
        assert not quiet_chance.at_chance
        loud_chance.play("roll")
        assert not loud_chance.at_chance
    assert quiet.log == loud.log == ("roll",)
    assert quiet.snapshot() == loud.snapshot()
    assert type(quiet.state.chance) is rb.Chance


@pytest.mark.parametrize("game_id", GAMES)
def test_a_quiet_play_given_the_states_bytes_does_not_make_them_again(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # An OpenSpiel state encodes the state for the information state already (issue 45).
    given, made = Match.new(game_id, ["Ann", "Bo"], seed=4), Match.new(game_id, ["Ann", "Bo"], 4)
    given_chance, made_chance = ExplicitChance(given), ExplicitChance(made)
    game = given.game
    encodings = []
    original = type(game).encode_state

    def counted(self: Any, state: rb.GameState) -> bytes:
        encodings.append(state)
        return original(self, state)

    rng = random.Random(4)
    for _ in range(60):
        if given.outcome is not None:
            break
        action = rng.choice(given.actions())
        snapshot = given.snapshot()
        with monkeypatch.context() as patch:
            patch.setattr(type(game), "encode_state", counted)
            given_chance.play(action, events=False, encoded=snapshot)
            assert encodings == []  # the first try keeps the bytes it was given
        made_chance.play(action, events=False)
        while given_chance.at_chance:
            outcome = rng.choice(given_chance.chance_outcomes())[0]
            given_chance.play_chance(outcome)
            made_chance.play_chance(outcome)
        assert (given.snapshot(), given.log) == (made.snapshot(), made.log)


@pytest.mark.parametrize("copy_of", ["pickle", "deepcopy"])
def test_a_copy_made_at_a_chance_node_finishes_the_action_as_the_original_does(
    copy_of: str,
) -> None:
    # Every try is made with one stream object, kept between tries: copies must not share
    # it, and a pickle does not carry it (issue 45).
    import copy
    import pickle

    rng = random.Random(11)
    match = Match.new("mount-doom", ["Ann", "Bo"], seed=11)
    explicit = ExplicitChance(match)
    copies = 0
    while match.outcome is None and copies < 5:
        explicit.play(rng.choice(match.actions()), events=False)
        if not explicit.at_chance:
            continue
        twin = (
            pickle.loads(pickle.dumps(explicit)) if copy_of == "pickle" else copy.deepcopy(explicit)
        )
        copies += 1
        while outcomes := explicit.chance_outcomes():
            outcome = rng.choice(outcomes)[0]
            assert twin.chance_outcomes() == outcomes
            explicit.play_chance(outcome)
            twin.play_chance(outcome)
        assert not twin.at_chance
        assert (twin.match.snapshot(), twin.match.log) == (match.snapshot(), match.log)
    assert copies == 5
