"""Invariants over random seeds and random legal play."""

from __future__ import annotations

from collections import Counter

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st_

from ringbearer_engine import Chance, Match, get_game
from ringbearer_engine.bots import RandomBot
from ringbearer_engine.games.adventure_book import pages
from ringbearer_engine.games.adventure_book.content import SPECIALS, STORY_CARDS
from ringbearer_engine.games.adventure_book.events import CorruptionMoved
from ringbearer_engine.games.adventure_book.rules.corruption import TRACK
from ringbearer_engine.games.adventure_book.state import AdventureBookState

seeds = st_.integers(0, 2**64 - 1)
chapters = st_.sampled_from(sorted(pages()))
seat_counts = st_.integers(1, 4)
GAME = get_game("adventure-book")


def fresh(seed: int, chapter: int, players: int) -> AdventureBookState:
    names = tuple(f"P{n}" for n in range(players))
    state = GAME.setup(names, GAME.convert_options({"chapter": chapter}), Chance.seeded(seed))
    assert isinstance(state, AdventureBookState)
    return state


def cards_in_play(state: AdventureBookState) -> Counter[str]:
    held = Counter(state.story_deck + state.story_discard + state.solo)
    for hand in state.hands:
        held.update(hand)
    return held


def check_invariants(state: AdventureBookState) -> None:
    assert cards_in_play(state) == Counter([*STORY_CARDS, *state.won_specials])
    assert sorted(state.special_deck) == sorted(set(SPECIALS) - set(state.won_specials))
    assert 0 <= state.corruption <= TRACK.last
    assert sorted(state.plot_deck + state.plot_discard) == sorted([1, 2, 3, 4, 5] * 3)
    assert (GAME.to_move(state) is None) == bool(state.result)
    assert set(state.down) <= set(state.pieces), "only pieces on the board lie on their side"
    if not state.result:
        assert GAME.actions(state), "a live position always has an action"


@settings(max_examples=40, deadline=None)
@given(seeds, chapters, seat_counts)
def test_random_legal_play_never_raises_always_ends_and_keeps_every_card(
    seed: int, chapter: int, players: int
) -> None:
    state = fresh(seed, chapter, players)
    bot = RandomBot(seed)
    steps = 0
    while GAME.to_move(state) is not None:
        before = state.corruption
        events = GAME.apply(state, bot.choose(GAME, state))
        check_invariants(state)
        if state.corruption < before:
            # Corruption never decreases except by a reward that says so.
            backs = [e for e in events if isinstance(e, CorruptionMoved) and e.dst < e.src]
            assert backs
            assert all(e.cause == "a reward" for e in backs)
        steps += 1
        assert steps < 20_000
    assert GAME.outcome(state) is not None


@settings(max_examples=30, deadline=None)
@given(seeds, chapters, seat_counts)
def test_heuristic_play_keeps_the_same_invariants(seed: int, chapter: int, players: int) -> None:
    from ringbearer_engine.games.adventure_book.bots import HeuristicBot

    state = fresh(seed, chapter, players)
    bot = HeuristicBot(seed)
    while GAME.to_move(state) is not None:
        GAME.apply(state, bot.choose(GAME, state))
        check_invariants(state)


picks = st_.lists(st_.integers(0, 10**6), min_size=1, max_size=120)


def play_picks(match: Match, choices: list[int]) -> None:
    for pick in choices:
        actions = match.actions()
        if not actions:
            return
        match.play(actions[pick % len(actions)])


@settings(max_examples=25, deadline=None)
@given(seeds, chapters, seat_counts, picks, st_.sampled_from(["json", "msgpack"]))
def test_save_and_load_at_any_step_continues_identically(
    seed: int, chapter: int, players: int, choices: list[int], fmt: str
) -> None:
    match = Match.new(
        "adventure-book", [f"P{n}" for n in range(players)], seed=seed, options={"chapter": chapter}
    )
    half = len(choices) // 2
    play_picks(match, choices[:half])
    loaded = Match.load(match.save(fmt))  # type: ignore[arg-type]
    assert loaded.snapshot() == match.snapshot()
    play_picks(match, choices[half:])
    play_picks(loaded, choices[half:])
    assert loaded.snapshot() == match.snapshot()


@settings(max_examples=25, deadline=None)
@given(seeds, chapters, seat_counts, picks)
def test_undo_restores_the_state_before_the_step(
    seed: int, chapter: int, players: int, choices: list[int]
) -> None:
    match = Match.new(
        "adventure-book", [f"P{n}" for n in range(players)], seed=seed, options={"chapter": chapter}
    )
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


@settings(max_examples=30, deadline=None)
@given(seeds, chapters, seat_counts, picks)
def test_a_view_never_shows_another_seats_hand_or_a_deck(
    seed: int, chapter: int, players: int, choices: list[int]
) -> None:
    match = Match.new(
        "adventure-book", [f"P{n}" for n in range(players)], seed=seed, options={"chapter": chapter}
    )
    play_picks(match, choices)
    state = match.state
    assert isinstance(state, AdventureBookState)
    for seat in [None, *range(players)]:
        text = msgspec.json.encode(match.view(seat)).decode()
        public = set(state.story_discard) | set(state.solo)
        if seat is not None:
            public |= set(state.hands[seat])
        hidden = set(state.story_deck) | set(state.special_deck)
        for other, hand in enumerate(state.hands):
            if other != seat:
                hidden |= set(hand)
        for card in hidden - public:
            assert f'"{card}"' not in text, (seat, card)


@settings(max_examples=30, deadline=None)
@given(seeds, chapters, seat_counts, picks, st_.integers(0, 3))
def test_determinize_keeps_what_the_seat_knows_and_every_card(
    seed: int, chapter: int, players: int, choices: list[int], seat: int
) -> None:
    seat %= players
    match = Match.new(
        "adventure-book", [f"P{n}" for n in range(players)], seed=seed, options={"chapter": chapter}
    )
    play_picks(match, choices)
    state = match.state
    assert isinstance(state, AdventureBookState)
    copy = GAME.determinize(state, seat, Chance.seeded(seed ^ 1))
    assert isinstance(copy, AdventureBookState)
    assert copy.hands[seat] == state.hands[seat]
    assert [len(h) for h in copy.hands] == [len(h) for h in state.hands]
    assert copy.story_discard == state.story_discard
    assert copy.pieces == state.pieces
    assert cards_in_play(copy) == cards_in_play(state)
