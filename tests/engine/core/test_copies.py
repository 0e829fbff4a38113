"""Copies of a match: ``Match.clone``, ``copy.copy``, ``copy.deepcopy`` and ``pickle``.

A copy is a whole, independent match. ``clone()`` keeps the chance stream, so a copy played
like the original stays equal to it; ``clone(seed=N)`` starts the unseen future afresh, so a
search over such copies cannot know the dice the real match will roll.
"""

from __future__ import annotations

import copy
import pickle
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ringbearer_engine as rb
from ringbearer_engine import Match
from ringbearer_engine.games.mount_doom import MountDoomGame

GAMES = ["mount-doom", "adventure-game", "adventure-book"]
seeds = st.integers(0, 2**64 - 1)
choices = st.lists(st.integers(0, 10**6), max_size=40)


def play(match: Match, picks: list[int]) -> None:
    for pick in picks:
        actions = match.actions()
        if not actions:
            return
        match.play(actions[pick % len(actions)])


def mid_game(game_id: str, seed: int = 5, steps: int = 25) -> Match:
    match = Match.new(game_id, ["Ann", "Bo"], seed=seed, meta={"note": ["kept"]})
    play(match, [seed * 7 + n for n in range(steps)])
    return match


def same_match(one: Match, other: Match) -> bool:
    return (
        one.snapshot() == other.snapshot()
        and one.log == other.log
        and one.can_undo == other.can_undo
        and one.can_redo == other.can_redo
        and one.meta == other.meta
        and one.created == other.created
        and one.options == other.options
        and one.seed == other.seed
        and one.chance == other.chance
        and one.actions() == other.actions()
    )


# -- clone ------------------------------------------------------------------------------------


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(GAMES), seeds, choices, choices)
def test_a_clone_played_forward_equals_the_original_played_forward_alike(
    game_id: str, seed: int, before: list[int], after: list[int]
) -> None:
    match = Match.new(game_id, ["Ann", "Bo"], seed=seed)
    play(match, before)
    twin = match.clone()
    assert same_match(twin, match)
    play(match, after)
    play(twin, after)
    assert same_match(twin, match)


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(GAMES), seeds, choices, choices, st.booleans())
def test_playing_a_clone_never_changes_the_original(
    game_id: str, seed: int, before: list[int], after: list[int], reseed: bool
) -> None:
    match = Match.new(game_id, ["Ann", "Bo"], seed=seed, meta={"seats": ["human", "bot"]})
    play(match, before)
    reference = match.clone()
    twin = match.clone(seed=seed ^ 1) if reseed else match.clone()
    play(twin, after)
    twin.meta["seats"].append("spy")
    while twin.can_undo:
        twin.undo()
    assert same_match(match, reference)
    assert Match.load(match.save()).snapshot() == match.snapshot()


def test_a_clone_keeps_the_undo_and_redo_history() -> None:
    match = Match.new("pig", ["Ann", "Bo"], seed=3)
    match.script(rolls={"die": [3]})
    match.play("roll")
    match.play("hold")
    match.script(rolls={"die": [4]})
    match.undo()
    twin = match.clone()
    assert twin.can_redo
    assert twin.can_undo
    assert twin.redo() == match.redo()
    assert twin.undo() == match.undo()
    assert twin.undo() == match.undo() == "hold"
    assert twin.snapshot() == match.snapshot()
    assert twin.log == match.log


def test_a_clone_of_a_match_loaded_without_its_history_plays_on_from_the_loaded_state() -> None:
    match = mid_game("adventure-game")
    loaded = Match.load(match.save(), verify=False)
    twin = loaded.clone()
    play(twin, list(range(10)))
    play(match, list(range(10)))
    assert twin.snapshot() == match.snapshot()
    assert Match.load(twin.save()).snapshot() == match.snapshot()


def test_a_clone_without_a_seed_rolls_the_dice_the_original_will_roll() -> None:
    match = Match.new("mount-doom", ["Ann", "Bo"], seed=11)
    twin = match.clone()
    match.play("roll orange,purple")
    twin.play("roll orange,purple")
    assert twin.view(None) == match.view(None)


def test_a_search_over_reseeded_clones_cannot_foresee_the_real_dice() -> None:
    # A clairvoyant search would see, in its copies, the very roll the real match is about to
    # make. Over 40 matches and 6 reseeded copies each, a copy's roll should match the real
    # one about as often as two fresh rolls of two dice do (1 in 18 or so), never always.
    foreseen = tried = 0
    for seed in range(40):
        match = Match.new("mount-doom", ["Ann", "Bo"], seed=seed)
        copies = [match.clone(seed=1000 * seed + n) for n in range(6)]
        match.play("roll orange,purple")
        real = match.view(None)
        for twin in copies:
            twin.play("roll orange,purple")
            foreseen += twin.view(None) == real
            tried += 1
    assert foreseen / tried < 0.25


def test_reseeded_clones_with_the_same_seed_roll_alike() -> None:
    match = Match.new("mount-doom", ["Ann", "Bo"], seed=2)
    one, other = match.clone(seed=9), match.clone(seed=9)
    one.play("roll orange,purple")
    other.play("roll orange,purple")
    assert one.snapshot() == other.snapshot()


def test_a_reseeded_clone_keeps_the_chance_scripted_before_it() -> None:
    match = Match.new("pig", ["Ann", "Bo"], seed=4)
    match.script(rolls={"die": [5, 4]})
    twin = match.clone(seed=77)
    twin.play("roll")
    twin.play("roll")
    assert twin.state.turn_total == 9  # type: ignore[attr-defined]


def test_a_reseeded_clone_undoes_its_own_steps_but_not_those_before_the_reseed() -> None:
    match = Match.new("pig", ["Ann", "Bo"], seed=4)
    match.script(rolls={"die": [5]})
    match.play("roll")
    assert match.can_undo is False  # a roll revealed chance
    match.script(rolls={"die": [4]})
    twin = match.clone(seed=1)
    with pytest.raises(rb.UndoError, match="reseeded after step 3"):
        twin.undo()
    twin.script(rolls={"die": [3]})
    assert twin.can_undo
    twin.undo()
    assert twin.snapshot() == match.clone(seed=1).snapshot()


@pytest.mark.parametrize("doing", ["save", "replay", "playthrough"])
def test_a_reseeded_clone_refuses_to_be_saved_or_replayed_and_says_why(doing: str) -> None:
    match = mid_game("mount-doom")
    twin = match.clone(seed=3)
    with pytest.raises(rb.ReseededMatchError, match=r"reseeded \(seed 3\) after step 25"):
        getattr(twin, doing)()
    assert Match.load(match.clone().save()).snapshot() == match.snapshot()


@pytest.mark.parametrize("seed", [-1, 2**64, 1.5, True, "7"])
def test_clone_refuses_a_seed_that_is_not_a_64_bit_whole_number(seed: Any) -> None:
    match = mid_game("mount-doom")
    before = match.snapshot()
    with pytest.raises(rb.SetupError, match="a seed is a whole number"):
        match.clone(seed=seed)
    assert match.snapshot() == before


# -- copy, deepcopy and pickle ----------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_copy_copy_of_a_match_is_independent(game_id: str) -> None:
    match = mid_game(game_id)
    reference = match.clone()
    shallow = copy.copy(match)
    assert same_match(shallow, match)
    play(shallow, list(range(10)))
    shallow.meta["note"].append("changed")
    assert same_match(match, reference)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_deep_copy_of_a_match_is_independent_and_continues_alike(game_id: str) -> None:
    match = mid_game(game_id)
    deep = copy.deepcopy(match)
    assert same_match(deep, match)
    assert deep.game is match.game
    play(deep, list(range(10)))
    play(match, list(range(10)))
    assert same_match(deep, match)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_pickled_match_round_trips_exactly_with_its_history(game_id: str) -> None:
    match = mid_game(game_id)
    match.play(match.actions()[0])
    if match.can_undo:
        match.undo()
    back = pickle.loads(pickle.dumps(match))
    assert same_match(back, match)
    assert back.game is match.game
    assert Match.load(back.save()).snapshot() == match.snapshot()
    play(back, list(range(10)))
    play(match, list(range(10)))
    assert same_match(back, match)


def test_a_pickled_reseeded_clone_keeps_its_reseed() -> None:
    twin = mid_game("mount-doom").clone(seed=3)
    back = pickle.loads(pickle.dumps(twin))
    assert back.snapshot() == twin.snapshot()
    with pytest.raises(rb.ReseededMatchError):
        back.save()


@pytest.mark.parametrize("game_id", GAMES)
def test_game_objects_and_states_pickle_and_copy(game_id: str) -> None:
    match = mid_game(game_id)
    game = match.game
    assert pickle.loads(pickle.dumps(game)) is game
    assert copy.deepcopy(game) is game
    assert copy.copy(game) is game
    state = match.state
    for again in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
        assert again == state
        assert again is not state
        assert game.encode_state(again) == game.encode_state(state)
    view = match.view(0)
    assert pickle.loads(pickle.dumps(view)) == view


class UnregisteredMountDoom(MountDoomGame):
    """A game whose instances are not the one registered under its id."""


def test_an_unregistered_game_object_pickles_as_a_working_copy() -> None:
    game = UnregisteredMountDoom()
    back = pickle.loads(pickle.dumps(game))
    assert type(back) is UnregisteredMountDoom
    match = Match.new(back, ["Ann"], seed=1)
    match.play(match.actions()[0])
    assert back.decode_state(match.snapshot()) == match.state
