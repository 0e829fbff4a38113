"""Invariants over random legal play (hypothesis): play never raises and always ends, the
position stays consistent, saves continue identically, and views never leak hidden cards."""

from __future__ import annotations

from collections import Counter

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st

from ringbearer_engine import Chance, Match, get_game
from ringbearer_engine.games.mount_doom.content import (
    ALL_CARD_IDS,
    DECKS,
    FINAL_STAGE,
    GOALS,
    MORGUL,
    MOUNT_DOOM,
    NAZGUL_SPACES,
    RALLY,
    TRACK_TOP,
    URUK_WARRIORS,
)
from ringbearer_engine.games.mount_doom.state import Ask, MountDoomState

seeds = st.integers(0, 2**64 - 1)
options = st.fixed_dictionaries(
    {"friends_in_need": st.booleans(), "without_protection": st.booleans()}
)
players = st.integers(1, 4)
picks = st.lists(st.integers(0, 10**6), min_size=0, max_size=400)
MAX_STEPS = 3000


def check(s: MountDoomState) -> None:
    """Everything that must hold in every reachable state."""
    assert 0 <= s.resolve <= TRACK_TOP
    assert 1 <= s.nazgul <= NAZGUL_SPACES
    assert 0 <= s.uruk <= URUK_WARRIORS
    assert s.leader or s.uruk == 0
    assert len(s.held) == len(s.holder)
    assert all(0 <= seat < len(s.players) for seat in s.holder)
    assert 0 <= s.seat < len(s.players)
    ring = s.pos[0]
    assert ring != RALLY
    assert 0 <= ring <= MOUNT_DOOM
    if s.stage < FINAL_STAGE and not (s.stage_done and s.stage == FINAL_STAGE - 1):
        assert ring <= GOALS[s.stage]
        assert ring == GOALS[s.stage] or not s.stage_done
    for figure in s.pos[1:]:
        assert figure == RALLY or 0 <= figure <= MORGUL
    # Every card is in exactly one place.
    places: Counter[str] = Counter(c for c in s.row if c)
    if s.army_under:
        places[s.army_under] += 1
    places.update(s.held)
    places.update(s.box)
    places.update(s.unseen)
    places.update(s.gandalf_stack)
    for stage in range(s.stage + 1, 6):
        # Gandalf's Vision may have shuffled the next deck already (and boxed its top card).
        places.update(s.next_deck if s.next_deck and stage == s.stage + 1 else DECKS[stage])
    assert places == Counter(ALL_CARD_IDS), places - Counter(ALL_CARD_IDS)


def hidden_cards(s: MountDoomState) -> set[str]:
    hidden = {c for slot, c in enumerate(s.row) if c and not s.up[slot] and slot != s.known_slot}
    if s.army_under and not s.army_under_up:
        hidden.add(s.army_under)
    hidden.update(s.unseen)
    hidden.update(s.gandalf_stack)
    hidden.update(c for stage in range(s.stage + 1, 6) for c in DECKS[stage])
    if s.next_deck and s.pending == Ask.VISION:
        hidden.discard(s.next_deck[0])
    return hidden - set(s.held) - set(s.box)


@settings(max_examples=60, deadline=None)
@given(seeds, options, players, picks)
def test_random_legal_play_never_raises_always_ends_and_keeps_the_invariants(
    seed: int, opts: dict[str, bool], count: int, choices: list[int]
) -> None:
    game = get_game("mount-doom")
    s = game.setup(
        tuple(f"P{n}" for n in range(count)), game.convert_options(opts), Chance.seeded(seed)
    )
    chance = Chance.seeded(seed ^ 0x5EED)
    for step in range(MAX_STEPS):
        check(s)
        actions = game.actions(s)
        if not actions:
            break
        assert game.to_move(s) == s.seat
        pick = choices[step] if step < len(choices) else chance.below(1 << 30)
        game.apply(s, actions[pick % len(actions)])
    else:
        raise AssertionError("no end after many steps")
    outcome = game.outcome(s)
    assert outcome is not None
    assert outcome.winners in ((), tuple(range(count)))


@settings(max_examples=40, deadline=None)
@given(seeds, options, players, picks, st.sampled_from(["json", "msgpack"]))
def test_save_and_load_at_any_step_continues_identically(
    seed: int, opts: dict[str, bool], count: int, choices: list[int], fmt: str
) -> None:
    match = Match.new("mount-doom", [f"P{n}" for n in range(count)], seed=seed, options=opts)
    half = len(choices) // 2

    def play(m: Match, part: list[int]) -> None:
        for pick in part:
            actions = m.actions()
            if not actions:
                return
            m.play(actions[pick % len(actions)])

    play(match, choices[:half])
    loaded = Match.load(match.save(fmt))  # type: ignore[arg-type]
    assert loaded.snapshot() == match.snapshot()
    play(match, choices[half:])
    play(loaded, choices[half:])
    assert loaded.snapshot() == match.snapshot()
    assert loaded.log == match.log


@settings(max_examples=40, deadline=None)
@given(seeds, options, players, picks)
def test_views_never_show_a_hidden_card_to_any_seat(
    seed: int, opts: dict[str, bool], count: int, choices: list[int]
) -> None:
    game = get_game("mount-doom")
    s = game.setup(
        tuple(f"P{n}" for n in range(count)), game.convert_options(opts), Chance.seeded(seed)
    )
    for pick in choices:
        actions = game.actions(s)
        if not actions:
            break
        game.apply(s, actions[pick % len(actions)])
        hidden = hidden_cards(s)
        for seat in (*range(count), None):
            text = msgspec.json.encode(game.view(s, seat)).decode()
            leaked = [c for c in hidden if f'"{c}"' in text]
            assert not leaked, leaked


@settings(max_examples=30, deadline=None)
@given(seeds, players, picks, st.integers(0, 2**32))
def test_determinize_keeps_everything_a_seat_can_see(
    seed: int, count: int, choices: list[int], salt: int
) -> None:
    game = get_game("mount-doom")
    s = game.setup(
        tuple(f"P{n}" for n in range(count)), game.convert_options({}), Chance.seeded(seed)
    )
    for pick in choices:
        actions = game.actions(s)
        if not actions:
            break
        game.apply(s, actions[pick % len(actions)])
    copy = game.determinize(s, 0, Chance.seeded(salt))
    assert isinstance(copy, MountDoomState)
    check(copy)
    assert msgspec.json.encode(game.view(copy, 0)) == msgspec.json.encode(game.view(s, 0))
    assert game.actions(copy) == game.actions(s)


@settings(max_examples=25, deadline=None)
@given(seeds, options, players, st.integers(0, 4))
def test_guided_play_reaches_every_stage_and_keeps_the_invariants(
    seed: int, opts: dict[str, bool], count: int, noise: int
) -> None:
    """Random play rarely gets far; the heuristic bot, with some random moves, reaches the
    final stage often enough to check the invariants there too."""
    from ringbearer_engine.games.mount_doom.bots import HeuristicBot

    game = get_game("mount-doom")
    s = game.setup(
        tuple(f"P{n}" for n in range(count)), game.convert_options(opts), Chance.seeded(seed)
    )
    bot = HeuristicBot(seed)
    chance = Chance.seeded(seed ^ 0xF00D)
    for _ in range(MAX_STEPS):
        check(s)
        actions = game.actions(s)
        if not actions:
            break
        if chance.below(10) < noise:
            action = actions[chance.below(len(actions))]
        else:
            action = bot.choose(game, s)
        assert action in actions
        game.apply(s, action)
    else:
        raise AssertionError("no end after many steps")
