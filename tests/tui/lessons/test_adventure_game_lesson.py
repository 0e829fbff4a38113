"""The Adventure Game's lesson: a short race against one bot that shows each core rule once.

The lesson is walked through the engine alone; each covered rule is checked where the lesson
says it teaches it, against what the match really did there (its events and its state).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

import msgspec
import pytest

import ringbearer_engine as rb
from ringbearer_engine.games.adventure_game import events as ev
from ringbearer_engine.games.adventure_game.board import IDS, MOUNTAIN
from ringbearer_engine.games.adventure_game.content import CARD_TYPES
from ringbearer_engine.games.adventure_game.state import AdventureState
from ringbearer_engine.games.adventure_game.view import AdventureView
from ringbearer_tui.games.adventure_game.look import AdventureLook
from ringbearer_tui.lessons import Lesson, LessonStep, load_lesson, walk_lesson
from ringbearer_tui.widgets.action_menu import CHOICE_KEYS

PLAYER = 0
"""Frodo's seat: the lesson's one player (checked below)."""
BOT = 1
PARTS = frozenset({"map", "roll", "players", "hand"})
"""The Adventure Game board's parts a step may point at (the app's names for them)."""
MOST_PLAYER_DECISIONS = 40
MOST_STEPS = 70
LONGEST_SAY = 240
"""What fits the coach panel beside ten choices at 80x24."""


@dataclass(frozen=True)
class Walked:
    """One step of the walk: the match just before its decision, and what the decision did."""

    number: int
    step: LessonStep
    seat: int
    before: AdventureState
    view: AdventureView
    """What the player's screen shows when the step is decided."""
    key_index: int
    """Where the expected choice stands in the app's list of choices."""
    events: list[rb.Event]
    after: AdventureState


@cache
def lesson() -> Lesson:
    return load_lesson("adventure-game")


@cache
def walk() -> tuple[Walked, ...]:
    look = AdventureLook()
    met: list[tuple[int, LessonStep, int, AdventureState, AdventureView, int]] = []
    match: rb.Match | None = None
    for number, step, match in walk_lesson(lesson()):
        seat = match.to_move
        assert seat is not None
        arranged = [str(action) for action in look.arrange(match, match.actions())]
        view = match.view(PLAYER)
        assert isinstance(view, AdventureView)
        met.append((number, step, seat, _copy(match.state), view, arranged.index(step.expect)))
    assert match is not None
    # The events of each step, from a replay of the finished match (script entries cause none).
    played = [s for s in match.playthrough() if not s.entry.startswith("!")]
    assert len(played) == len(met)
    afters = [entry[3] for entry in met[1:]] + [_copy(match.state)]
    return tuple(
        Walked(number, step, seat, before, view, index, replayed.events, after)
        for (number, step, seat, before, view, index), replayed, after in zip(
            met, played, afters, strict=True
        )
    )


def _copy(state: rb.GameState) -> AdventureState:
    assert isinstance(state, AdventureState)
    return msgspec.convert(msgspec.to_builtins(state), AdventureState)


def teaching(rule: str) -> Walked:
    """The step that teaches ``rule``."""
    (found,) = [walked for walked in walk() if rule in walked.step.teaches]
    return found


def of(walked: Walked, kind: type[rb.Event]) -> list[rb.Event]:
    return [event for event in walked.events if isinstance(event, kind)]


# -- the lesson as a whole -----------------------------------------------------------------


def test_the_lesson_is_frodo_against_one_heuristic_bot() -> None:
    seats = lesson().seats
    assert [seat.bot for seat in seats] == ["", "heuristic"]


def test_the_lesson_walks_to_its_end_and_frodo_wins_on_the_last_step() -> None:
    steps = walk()
    assert len(steps) == len(lesson().steps)
    last = steps[-1]
    assert last.seat == PLAYER
    assert last.after.winner == PLAYER
    assert all(not walked.before.ended for walked in steps)


def test_the_lesson_is_short_enough_for_a_first_game() -> None:
    steps = walk()
    player = [walked for walked in steps if walked.seat == PLAYER]
    assert len(player) <= MOST_PLAYER_DECISIONS
    assert len(steps) <= MOST_STEPS


def test_every_roll_of_the_dice_is_scripted_on_the_step_that_rolls_it() -> None:
    for walked in walk():
        rolled: dict[str, list[int]] = {}
        for event in walked.events:
            if isinstance(event, ev.Fought):
                rolled.setdefault("fight", []).append(event.face)
            if isinstance(event, ev.MountainRolled):
                rolled.setdefault("mountain", []).append(event.face)
        scripted = {die: list(faces) for die, faces in walked.step.rolls.items()}
        assert rolled == scripted, f"step {walked.number}"


def test_each_expected_choice_has_a_key_on_the_game_screen() -> None:
    for walked in walk():
        assert walked.key_index < len(CHOICE_KEYS), f"step {walked.number}"


# -- each covered rule, where the lesson teaches it ----------------------------------------


def test_the_movement_card_step_plays_a_move_card_that_carries_frodo_its_full_count() -> None:
    walked = teaching("movement cards")
    assert walked.seat == PLAYER
    (played,) = of(walked, ev.CardPlayed)
    assert isinstance(played, ev.CardPlayed)
    assert played.card in ("move-2", "move-3")
    (moved,) = of(walked, ev.Moved)
    assert isinstance(moved, ev.Moved)
    assert moved.how == played.card
    assert (moved.start, moved.end) == ("bag-end", "bywater")
    # The card is replaced from the pile: the hand is full again.
    assert len(walked.after.hands[PLAYER]) == len(walked.before.hands[PLAYER])


def test_the_mountain_step_rolls_the_mountain_die_and_it_holds_frodo_there() -> None:
    walked = teaching("terrain and the mountain die")
    assert walked.seat == PLAYER
    (rolled,) = of(walked, ev.MountainRolled)
    assert isinstance(rolled, ev.MountainRolled)
    assert rolled.seat == PLAYER
    assert rolled.face > 0
    assert MOUNTAIN[walked.after.pawns[PLAYER]]
    assert walked.after.mountain[PLAYER] == rolled.face


def test_the_nazgul_step_finds_frodo_held_by_a_nazgul_the_bot_moved_onto_him() -> None:
    walked = teaching("Nazgûl")
    steps = walk()
    earlier = steps[walked.number - 2]
    assert earlier.seat == BOT
    here = IDS[walked.before.pawns[PLAYER]]
    assert [e.end for e in of(earlier, ev.NazgulMoved) if isinstance(e, ev.NazgulMoved)] == [here]
    assert walked.before.pawns[PLAYER] in walked.before.nazgul
    assert walked.seat == PLAYER
    assert walked.after.pawns[PLAYER] != walked.before.pawns[PLAYER]


def test_the_ring_step_gives_back_a_ring_to_escape_and_earns_another_turn() -> None:
    walked = teaching("rings")
    assert walked.seat == PLAYER
    assert [e.seat for e in of(walked, ev.RingSpent) if isinstance(e, ev.RingSpent)] == [PLAYER]
    assert walked.after.rings[PLAYER] == walked.before.rings[PLAYER] - 1
    assert of(walked, ev.BonusTurn)
    # The rings were earned at towns earlier in the lesson.
    gained = [
        e.town
        for w in walk()[: walked.number]
        for e in of(w, ev.RingsGained)
        if isinstance(e, ev.RingsGained) and e.seat == PLAYER
    ]
    assert gained == ["bree", "lorien"]


def test_the_hidden_hands_step_shows_frodo_only_how_many_cards_the_bot_holds() -> None:
    walked = teaching("hidden hands")
    assert walked.seat == BOT
    view = walked.view
    assert view.hand == walked.before.hands[PLAYER]
    assert view.seats[BOT].cards == len(walked.before.hands[BOT])
    assert walked.before.hands[BOT] != walked.before.hands[PLAYER]


def test_the_swapping_step_swaps_cards_at_a_town_for_as_many_new_ones() -> None:
    walked = teaching("swapping")
    assert walked.seat == PLAYER
    (discarded,) = of(walked, ev.CardsDiscarded)
    (drawn,) = of(walked, ev.CardsDrawn)
    assert isinstance(discarded, ev.CardsDiscarded)
    assert isinstance(drawn, ev.CardsDrawn)
    assert discarded.seat == drawn.seat == PLAYER
    assert discarded.cards
    assert drawn.count == len(discarded.cards)
    assert IDS[walked.before.pawns[PLAYER]] in walked.before.towns[PLAYER]


def test_the_winning_step_gets_past_gollum_with_a_ring_left_onto_mount_doom() -> None:
    walked = teaching("winning")
    assert walked is walk()[-1]
    assert IDS[walked.before.pawns[PLAYER]] == "sammath-naur"
    assert of(walked, ev.RingDestroyed)
    assert walked.after.winner == PLAYER
    assert walked.after.rings[PLAYER] >= 1


# -- the coach's words ---------------------------------------------------------------------

SENTENCE_END = re.compile(r"[.!?](\s|$)")
ENGINE_ID = re.compile(r"\b[a-z]+(-[a-z]+)+\b|\bSeat \d\b")
"""An id as the engine writes it (``move-2``, ``bag-end``) or its "Seat 2"."""


def _words(walked: Walked) -> str:
    return walked.step.say


@pytest.mark.parametrize("number", range(1, len(lesson().steps) + 1))
def test_the_coach_says_little_and_in_our_words(number: int) -> None:
    walked = walk()[number - 1]
    say = _words(walked)
    assert len(say) <= LONGEST_SAY
    assert len(SENTENCE_END.findall(say)) <= 3
    assert not ENGINE_ID.search(say)
    assert not ENGINE_ID.search(walked.step.not_now)
    if walked.seat == PLAYER:
        assert "{key}" in say, "a player's step names the key to press"
    if walked.step.part:
        assert walked.step.point == "board"
        assert walked.step.part in PARTS


CARD_WORDS = {
    card.id: re.compile(
        r"\bThrough Mountains\b"
        if card.id == "through-mountains"
        else r"\bGollum card\b"
        if card.id == "gollum"
        else rf"\b{re.escape(card.name)}\b"
    )
    for card in CARD_TYPES
}
"""How the coach would name each card (Gollum the monster is no card)."""


def test_the_coach_never_names_a_card_only_the_bots_hand_could_show() -> None:
    for walked in walk():
        public = set(walked.before.discards) | set(walked.before.hands[PLAYER])
        secret = set(walked.before.hands[BOT]) - public
        for card in secret:
            assert not CARD_WORDS[card].search(walked.step.say), (walked.number, card)


def test_the_bot_holds_cards_frodo_cannot_know_so_the_check_above_has_work() -> None:
    secret_steps = [
        walked.number
        for walked in walk()
        if set(walked.before.hands[BOT])
        - set(walked.before.discards)
        - set(walked.before.hands[PLAYER])
    ]
    assert len(secret_steps) > len(walk()) // 2
