"""Invariants of the core, over random seeds and random legal play."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import ringbearer_engine as rb
from ringbearer_engine import Match

seeds = st.integers(0, 2**64 - 1)
choices = st.lists(st.integers(0, 10**6), min_size=1, max_size=60)


def play(match: Match, picks: list[int]) -> None:
    for pick in picks:
        actions = match.actions()
        if not actions:
            return
        match.play(actions[pick % len(actions)])


@settings(max_examples=60, deadline=None)
@given(seeds, choices, st.sampled_from(["json", "msgpack"]))
def test_save_and_load_at_any_step_continues_identically(
    seed: int, picks: list[int], fmt: str
) -> None:
    match = Match.new("pig", ["Ann", "Bo", "Cy"], seed=seed)
    half = len(picks) // 2
    play(match, picks[:half])
    loaded = Match.load(match.save(fmt))  # type: ignore[arg-type]
    assert loaded.snapshot() == match.snapshot()
    play(match, picks[half:])
    play(loaded, picks[half:])
    assert loaded.snapshot() == match.snapshot()
    assert loaded.log == match.log


@settings(max_examples=60, deadline=None)
@given(seeds, choices)
def test_undo_always_restores_the_state_before_the_step(seed: int, picks: list[int]) -> None:
    match = Match.new("pig", ["Ann", "Bo"], seed=seed)
    for pick in picks:
        actions = match.actions()
        if not actions:
            break
        before = match.snapshot()
        match.play(actions[pick % len(actions)])
        if match.can_undo:
            after = match.snapshot()
            match.undo()
            assert match.snapshot() == before
            match.redo()
            assert match.snapshot() == after


@settings(max_examples=40, deadline=None)
@given(seeds, choices)
def test_replay_from_seed_and_log_reaches_the_same_state(seed: int, picks: list[int]) -> None:
    match = Match.new("pig", ["Ann", "Bo"], seed=seed)
    play(match, picks)
    assert match.replay().snapshot() == match.snapshot()


@settings(max_examples=40, deadline=None)
@given(seeds, choices, st.integers(0, 3))
def test_a_view_never_shows_another_seats_unrevealed_card(
    seed: int, picks: list[int], seat: int
) -> None:
    match = Match.new("pig", ["A", "B", "C", "D"], seed=seed)
    play(match, picks)
    view = match.view(seat)
    state = match.state
    for other, card in enumerate(view.boons):  # type: ignore[attr-defined]
        if other != seat and not state.revealed[other]:  # type: ignore[attr-defined]
            assert card is None


@settings(max_examples=30, deadline=None)
@given(seeds)
def test_random_bots_always_finish(seed: int) -> None:
    report = rb.simulate("pig", 5, ["random", "random"], seed=seed % 2**32)
    assert report.games == 5
