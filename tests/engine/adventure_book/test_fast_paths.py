"""The legal actions, built from cached and compiled parts, are exactly the straightforward ones.

``AdventureBookGame.actions`` looks a hand's offers up per token sequence
(:mod:`~ringbearer_engine.games.adventure_book.rules.offers`), tests Challenges with
functions compiled per chapter (:mod:`~ringbearer_engine.games.adventure_book.rules.readiness`)
and keeps the ways to pay for a space, a Challenge or a deed per hand. Here the lists are
built again the plain way, straight from the rules' data as the game did before those caches,
and compared, order included (random play picks by position), on the states of many random and
heuristic games of every chapter and seat count.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import cached_property

import pytest
from fuzzing import budget

from ringbearer_engine import Chance, get_game
from ringbearer_engine.actions import Action
from ringbearer_engine.games.adventure_book.actions import (
    BACK,
    END,
    STOP,
    Answer,
    Choose,
    Complete,
    Deed,
    Discard,
    Drop,
    Enter,
    Help,
    Move,
    Play,
    Reveal,
    Ring,
    Rise,
    Swap,
    Take,
    Trade,
)
from ringbearer_engine.games.adventure_book.bots import HeuristicBot
from ringbearer_engine.games.adventure_book.chapter import Deed as ChapterDeed
from ringbearer_engine.games.adventure_book.chapters import FOUND, LAST_CHAPTER, found_page, page
from ringbearer_engine.games.adventure_book.chapters.ch2_forging_the_fellowship import CALMS, WRATHS
from ringbearer_engine.games.adventure_book.chapters.ch4_the_fellowship_breaks import BreakingRules
from ringbearer_engine.games.adventure_book.content import RING
from ringbearer_engine.games.adventure_book.rules.board import (
    Page,
    counters_at,
    counters_on_board,
    together_space,
)
from ringbearer_engine.games.adventure_book.rules.challenges import cost_now, ready
from ringbearer_engine.games.adventure_book.rules.deeds import targets
from ringbearer_engine.games.adventure_book.rules.hands import hand_key, tokens
from ringbearer_engine.games.adventure_book.rules.movement import can_step
from ringbearer_engine.games.adventure_book.rules.payments import payments
from ringbearer_engine.games.adventure_book.rules.specials import playable
from ringbearer_engine.games.adventure_book.rules.trading import ASK_ACTIONS
from ringbearer_engine.games.adventure_book.rules.turn import data_loss
from ringbearer_engine.games.adventure_book.state import AdventureBookState
from ringbearer_engine.simulate import play_game

GAME = get_game("adventure-book")


def plain_actions(state: AdventureBookState) -> list[Action]:
    """The legal actions as the rules' data say them, with no table and nothing kept."""
    if state.result:
        return []
    chapter = page(state.chapter)
    if state.pending:
        return plain_pending(chapter, state)
    if state.helper >= 0:
        return [*(Play(t) for t in tokens(state.hands[state.helper]) if playable(t)), BACK]
    hand = state.hands[state.seat]
    if state.phase == "limit":
        return [Drop(t) for t in tokens(hand)]
    options: list[Action] = [END]
    if state.phase == "story":
        options += [Discard(t) for t in tokens(hand)]
    if state.steps > 0:
        options += plain_steps(chapter, state, state.pieces)
        options += [Rise(piece) for piece in state.down]
    options += plain_enters(chapter, state, hand_key(hand))
    if state.phase == "move":
        revealing = chapter.chapter.reveal_between_moves and not state.flags.get("revealed")
        if revealing and state.moved == 1 and state.steps == 1:
            options += [Reveal(c) for c in state.face_down]
        return options
    options += plain_trades(state)
    options += [
        Help(seat + 1)
        for seat in range(len(state.players))
        if len(state.players) > 1 and seat != state.seat and seat not in state.helped
    ]
    own = tokens(hand)
    options += [Play(t) for t in own if playable(t)]
    if RING in own:
        options += [Ring(t) for t in chapter.rules.ring_targets(chapter, state)]
    for challenge in chapter.chapter.challenges:
        if ready(chapter, state, challenge):
            ways = sorted(payments(cost_now(chapter, state, challenge), hand_key(hand)))
            options += [Complete(challenge.id, way) for way in ways]
    for deed in chapter.chapter.deeds:
        ways = sorted(payments(deed.cost, hand_key(hand)))
        aims = targets(chapter, state, deed)
        options += [Deed(deed.id, aim, way) for aim in aims for way in ways]
    return options


def plain_pending(chapter: Page, state: AdventureBookState) -> list[Action]:
    pending = state.pending[0]
    if pending.kind == "drop":
        return [Drop(t) for t in tokens(state.solo if pending.solo else state.hands[pending.seat])]
    if pending.kind == "steps":
        pieces = [pending.piece] if pending.lock and pending.piece else list(state.pieces)
        return [*plain_steps(chapter, state, pieces), STOP]
    if pending.kind == "ask":
        return list(ASK_ACTIONS)
    if pending.kind == "answer":
        return [Answer(t) for t in tokens(state.hands[pending.seat])]
    if pending.kind == "take":
        return [Take(t) for t in pending.options]
    assert pending.kind == "choose"
    return [Choose(o) for o in pending.options]


def plain_steps(chapter: Page, state: AdventureBookState, pieces: Iterable[str]) -> list[Action]:
    return [
        Move(piece, there)
        for piece in pieces
        if state.pieces.get(piece)
        for there in chapter.adj[state.pieces[piece]]
        if can_step(chapter, state, piece, there)
    ]


def plain_enters(chapter: Page, state: AdventureBookState, key: tuple[str, ...]) -> list[Action]:
    options: list[Action] = []
    for piece, here in state.pieces.items():
        if piece in state.down:
            continue
        for dst in chapter.adj[here]:
            space = chapter.spaces[dst]
            if not space.cost or (space.only and piece not in space.only):
                continue
            if not chapter.rules.blocked(chapter, state, piece, dst):
                options += [Enter(piece, dst, pay) for pay in sorted(payments(space.cost, key))]
    return options


def plain_trades(state: AdventureBookState) -> list[Action]:
    own = tokens(state.hands[state.seat])
    if state.trades <= 0 or not own:
        return []
    if len(state.players) == 1:
        return [Swap(give, got) for give in own for got in tokens(state.solo)]
    return [
        Trade(partner + 1, token)
        for partner in range(len(state.players))
        if partner != state.seat and state.hands[partner]
        for token in own
    ]


def played_states(seed: int) -> Iterator[AdventureBookState]:
    """Every state of one game: random play, or the heuristic bot with some random moves."""
    players = tuple(f"P{n}" for n in range(1 + seed % 4))
    options = GAME.convert_options({"chapter": 1 + seed // 4 % LAST_CHAPTER})
    state = GAME.setup(players, options, Chance.seeded(seed))
    bot = HeuristicBot(seed) if seed // 32 % 2 else None
    pick = Chance.seeded(seed ^ 0x3C).below
    while options := GAME.actions(state):
        yield state
        action = bot.choose(GAME, state) if bot and pick(3) else options[pick(len(options))]
        GAME.advance(state, action)
    yield state


@pytest.mark.fuzz
def test_the_legal_actions_are_the_plain_ones_in_the_same_order() -> None:
    for seed in range(budget(64, 3000)):
        for state in played_states(seed):
            assert GAME.actions(state) == plain_actions(state), (seed, state.turn)


@pytest.mark.fuzz
def test_compiled_readiness_and_losses_agree_with_the_requirements() -> None:
    for seed in range(budget(64, 3000)):
        for state in played_states(seed):
            chapter = page(state.chapter)
            assert chapter.readiness.lost(state) == data_loss(chapter, state), seed
            found = {challenge.id for challenge in chapter.readiness.ready(state)}
            for challenge in chapter.chapter.challenges:
                expected = ready(chapter, state, challenge)
                assert (challenge.id in found) == expected, (seed, challenge.id)


@pytest.mark.fuzz
def test_a_chapter_blocks_no_piece_but_those_it_names() -> None:
    for seed in range(budget(64, 3000)):
        for state in played_states(seed):
            chapter = page(state.chapter)
            named = chapter.rules.blockable
            if named is None:
                continue
            for piece in set(chapter.pieces) - named:
                for space in chapter.spaces:
                    assert not chapter.rules.blocked(chapter, state, piece, space), (seed, piece)


@pytest.mark.fuzz
def test_the_spaces_blocked_all_at_once_are_those_blocked_one_by_one() -> None:
    """``ChapterRules.blocked_spaces`` (the steps list asks it once per piece) names every
    space that ``blocked`` refuses, and none that it allows (spaces off the board aside)."""
    for seed in range(budget(64, 3000)):
        for state in played_states(seed):
            chapter = page(state.chapter)
            for piece in chapter.pieces:
                spaces = chapter.rules.blocked_spaces(chapter, state, piece)
                if spaces is None:
                    continue
                for space in chapter.spaces:
                    expected = chapter.rules.blocked(chapter, state, piece, space)
                    assert (space in spaces) == expected, (seed, piece, space)


@pytest.mark.fuzz
def test_chapter_4_finds_merry_and_pippin_with_an_orc_as_the_requirement_says() -> None:
    """Chapter 4's custom requirement, written for speed, against its plain definition."""
    chapter = page(4)
    (requirement,) = chapter.challenges["draw-them-off"].requirements
    for seed in range(budget(128, 12000)):
        if seed // 4 % LAST_CHAPTER != 3:
            continue  # not a game of chapter 4 (see played_states)
        for state in played_states(seed):
            spot = together_space(state, requirement.pieces)
            expected = spot is not None and bool(counters_at(state, chapter, "orc", spot))
            assert chapter.rules.requirement(chapter, state, requirement) == expected, seed


def plain_toward_hobbit(chapter: Page, state: AdventureBookState, here: str) -> str:
    """Chapter 4's hunting step as the chapter first wrote it, with nothing kept."""
    targets = [state.pieces[h] for h in ("frodo", "sam", "merry", "pippin") if h in state.pieces]
    if not targets or here in targets:
        return here
    goal = min(targets, key=lambda t: chapter.distance(here, t))
    best = here
    for spot in chapter.adj[here]:
        if chapter.distance(spot, goal) < chapter.distance(best, goal):
            best = spot
    return best


@pytest.mark.fuzz
def test_chapter_4_orcs_hunt_as_the_plain_search_says() -> None:
    chapter = page(4)
    rules = chapter.rules
    assert isinstance(rules, BreakingRules)
    for seed in range(budget(128, 12000)):
        if seed // 4 % LAST_CHAPTER != 3:
            continue  # not a game of chapter 4 (see played_states)
        for state in played_states(seed):
            for here in chapter.dist:
                expected = plain_toward_hobbit(chapter, state, here)
                assert rules.toward_hobbit(chapter, state, here) == expected, (seed, here)


@pytest.mark.fuzz
def test_chapter_2_breaks_up_when_all_three_wraths_are_on_the_board() -> None:
    """Chapter 2's check, a loop over its Wrath counters, against its plain definition; and
    each character calms one Wrath only, so looking the Wrath up by character finds all."""
    chapter = page(2)
    assert len(CALMS) == len(WRATHS)
    assert set(CALMS.values()) == set(WRATHS)
    assert set(chapter.counter_kinds["wrath"]) == set(WRATHS)
    for seed in range(budget(128, 12000)):
        if seed // 4 % LAST_CHAPTER != 1:
            continue  # not a game of chapter 2 (see played_states)
        for state in played_states(seed):
            full = len(counters_on_board(state, chapter, "wrath")) == 3
            expected = "council-breaks" if full else ""
            assert chapter.rules.check(chapter, state) == expected, seed


def plain_fight_targets(chapter: Page, state: AdventureBookState, deed: ChapterDeed) -> list[str]:
    """A one-fighter fight's targets as first written: the counters on the board that stand
    on a space of a standing fighter."""
    spaces = {state.pieces.get(f) for f in deed.fighters if f not in state.down}
    spaces.discard(None)
    return [
        counter
        for counter in counters_on_board(state, chapter, deed.target_kind)
        if state.counters[counter] in spaces
    ]


@pytest.mark.fuzz
def test_a_fights_targets_are_the_plain_ones() -> None:
    for seed in range(budget(64, 3000)):
        for state in played_states(seed):
            chapter = page(state.chapter)
            for deed in chapter.chapter.deeds:
                if deed.target_kind and deed.reach != "next-to" and deed.fighters_needed <= 1:
                    expected = plain_fight_targets(chapter, state, deed)
                    assert targets(chapter, state, deed) == expected, (seed, deed.id)


def test_a_page_builds_every_table_when_it_is_made() -> None:
    # A lazily cached attribute writes the instance ``__dict__``; Python 3.11 then cannot
    # specialise the attribute loads of a page, which the rules make at every step.
    lazy = [name for name, value in vars(Page).items() if isinstance(value, cached_property)]
    assert lazy == []
    chapter = page(1)
    assert chapter.readiness.page is chapter
    assert chapter.counter_kinds == {
        kind: tuple(c.id for c in chapter.chapter.counters if c.kind == kind)
        for kind in dict.fromkeys(c.kind for c in chapter.chapter.counters)
    }


def test_the_entry_points_look_pages_up_in_the_pages_found() -> None:
    chapter = page(1)  # looked up once: FOUND keeps it
    assert found_page(1) is chapter is FOUND[1]
    assert found_page(LAST_CHAPTER + 1) is None


def test_the_deeds_a_page_keeps_per_hand_are_those_the_hand_can_pay_for() -> None:
    for chapter_number in range(1, LAST_CHAPTER + 1):
        for seed in range(3):
            play_game("adventure-book", ["random", "random"], seed, 0, {"chapter": chapter_number})
        chapter = page(chapter_number)
        for key, payable in chapter.payable_deeds.items():
            plain = [
                (deed.id, tuple(sorted(payments(deed.cost, key))))
                for deed in chapter.chapter.deeds
                if payments(deed.cost, key)
            ]
            assert [(deed.id, offers.ways) for deed, offers in payable] == plain
