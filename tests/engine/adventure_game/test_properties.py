"""Invariants over random seeds and random legal play (hypothesis)."""

from __future__ import annotations

from collections import Counter

import msgspec
from adventure_game.table import GAME, assert_conserved
from hypothesis import given, settings
from hypothesis import strategies as st

from ringbearer_engine import Chance, Match, NoOptions, RandomBot
from ringbearer_engine.games.adventure_game.board import CLEAR, COUNT, MOUNTAIN
from ringbearer_engine.games.adventure_game.content import CARD_RANK
from ringbearer_engine.games.adventure_game.state import PENDING_PLACE_NAZGUL, AdventureState

seeds = st.integers(0, 2**64 - 1)
seats = st.integers(2, 4)
picks = st.lists(st.integers(0, 10**6), min_size=1, max_size=120)


def check_invariants(state: AdventureState) -> None:
    assert_conserved(state)
    assert len(state.nazgul) == len(set(state.nazgul)) <= 9
    assert state.nazgul == sorted(state.nazgul)
    assert all(CLEAR[space] for space in state.nazgul)
    for seat, space in enumerate(state.pawns):
        assert 0 <= space < COUNT
        lifting = state.pending == PENDING_PLACE_NAZGUL and state.pending_seat == seat
        # A card that wins is not replaced; a lifted Nazgûl's card is replaced on landing.
        short = lifting or (state.ended and seat == state.winner)
        assert len(state.hands[seat]) in ((4, 5) if short else (5,))
        assert state.mountain[seat] == 0 or MOUNTAIN[space]
        assert len(set(state.towns[seat])) == len(state.towns[seat])
        assert state.hands[seat] == sorted(state.hands[seat], key=CARD_RANK.__getitem__)
    if state.ended:
        assert GAME.actions(state) == []
    else:
        assert GAME.actions(state)


@settings(max_examples=25, deadline=None)
@given(seeds, seats)
def test_random_legal_play_never_raises_always_ends_and_keeps_every_invariant(
    seed: int, players: int
) -> None:
    state = GAME.setup(tuple("ABCD"[:players]), NoOptions(), Chance.seeded(seed))
    bot = RandomBot(seed % 1000)
    for _ in range(5000):
        check_invariants(state)
        if GAME.to_move(state) is None:
            break
        action = bot.choose(GAME, state)
        GAME.apply(state, action)
    else:
        raise AssertionError("a random game did not end in 5000 actions")
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert len(outcome.winners) <= 1


def play(match: Match, choices: list[int]) -> None:
    for pick in choices:
        actions = match.actions()
        if not actions:
            return
        match.play(actions[pick % len(actions)])


@settings(max_examples=20, deadline=None)
@given(seeds, seats, picks, st.sampled_from(["json", "msgpack"]))
def test_save_and_load_mid_game_continues_identically(
    seed: int, players: int, choices: list[int], fmt: str
) -> None:
    match = Match.new(GAME, ["A", "B", "C", "D"][:players], seed=seed)
    half = len(choices) // 2
    play(match, choices[:half])
    loaded = Match.load(match.save(fmt))  # type: ignore[arg-type]
    assert loaded.snapshot() == match.snapshot()
    play(match, choices[half:])
    play(loaded, choices[half:])
    assert loaded.snapshot() == match.snapshot()


@settings(max_examples=20, deadline=None)
@given(seeds, seats, picks)
def test_undo_restores_the_state_before_any_undoable_step(
    seed: int, players: int, choices: list[int]
) -> None:
    match = Match.new(GAME, ["A", "B", "C", "D"][:players], seed=seed)
    for pick in choices:
        actions = match.actions()
        if not actions:
            break
        before = match.snapshot()
        match.play(actions[pick % len(actions)])
        if match.can_undo:
            match.undo()
            assert match.snapshot() == before
            match.redo()


@settings(max_examples=25, deadline=None)
@given(seeds, seats, picks, st.integers(0, 3), st.randoms(use_true_random=False))
def test_views_never_leak_another_seats_hand_or_the_pile_order(
    seed: int, players: int, choices: list[int], viewer: int, shuffler: object
) -> None:
    match = Match.new(GAME, ["A", "B", "C", "D"][:players], seed=seed)
    play(match, choices)
    seat = viewer % players
    state = match.state
    assert isinstance(state, AdventureState)
    before = msgspec.json.encode(GAME.view(state, seat))
    # Re-deal everything the seat cannot see: its view must not change at all.
    hidden = [n for n in range(players) if n != seat]
    unseen = list(state.draw_pile) + [c for n in hidden for c in state.hands[n]]
    shuffler.shuffle(unseen)  # type: ignore[attr-defined]
    for n in hidden:
        size = len(state.hands[n])
        state.hands[n], unseen = unseen[:size], unseen[size:]
    state.draw_pile = unseen
    assert msgspec.json.encode(GAME.view(state, seat)) == before
    view = GAME.view(state, seat)
    assert view.hand == state.hands[seat]


@settings(max_examples=25, deadline=None)
@given(seeds, seats, picks, st.integers(0, 3), seeds)
def test_determinize_keeps_the_seats_knowledge_and_every_card(
    seed: int, players: int, choices: list[int], viewer: int, imagine: int
) -> None:
    match = Match.new(GAME, ["A", "B", "C", "D"][:players], seed=seed)
    play(match, choices)
    seat = viewer % players
    state = match.state
    assert isinstance(state, AdventureState)
    copy = GAME.determinize(state, seat, Chance.seeded(imagine))
    check_invariants(copy)
    assert msgspec.json.encode(GAME.view(copy, seat)) == msgspec.json.encode(GAME.view(state, seat))
    assert Counter(copy.draw_pile) + Counter(c for h in copy.hands for c in h) == Counter(
        state.draw_pile
    ) + Counter(c for h in state.hands for c in h)
