"""The Mount Doom lesson: each rule it promises really happens at the step that teaches it,
its words fit the coach, and it is short enough for a first game."""

from __future__ import annotations

import re

import pytest

import ringbearer_engine as rb
from ringbearer_engine.games.mount_doom.events import (
    BattleEnded,
    CardUsed,
    Encounter,
    EventSpace,
    FriendTaken,
    GoalReached,
    NazgulPlaced,
    ResolveChanged,
    Rolled,
    StageEnded,
    StageLaidOut,
    Symbol,
)
from ringbearer_engine.games.mount_doom.view import MountDoomView
from ringbearer_tui.games.mount_doom.look import PARTS
from ringbearer_tui.lessons import Lesson, load_lesson
from ringbearer_tui.lessons.walk import apply_chance, lesson_match

Played = list[list[rb.Event]]
"""The events of each step's decision, by step (index 0 is step 1)."""


@pytest.fixture(scope="module")
def lesson() -> Lesson:
    return load_lesson("mount-doom")


@pytest.fixture(scope="module")
def played(lesson: Lesson) -> tuple[Played, rb.Match]:
    match = lesson_match(lesson)
    events: Played = []
    for number, step in enumerate(lesson.steps, 1):
        apply_chance(match, lesson, number)
        events.append(match.play(step.expect))
    return events, match


def step_teaching(lesson: Lesson, rule: str) -> int:
    return next(n for n, step in enumerate(lesson.steps, 1) if rule in step.teaches)


def of(events: list[rb.Event], kind: type[rb.Event]) -> list[rb.Event]:
    return [event for event in events if isinstance(event, kind)]


def test_the_dice_choice_rolls_both_black_dice_with_the_two_companions_picked(
    lesson: Lesson, played: tuple[Played, rb.Match]
) -> None:
    number = step_teaching(lesson, "dice choice")
    (roll,) = of(played[0][number - 1], Rolled)
    assert str(roll) == "Rolled black 2, black 6, orange 3, blue 4."


def test_the_encounter_step_keeps_a_black_die_that_then_meets_its_slots_friend(
    lesson: Lesson, played: tuple[Played, rb.Match]
) -> None:
    number = step_teaching(lesson, "encounters")
    assert lesson.steps[number - 1].expect == "keep 2 orange"
    # The four dice act once the tray is full (two steps on): the black 2 meets Elrond.
    acted = played[0][number + 1]
    assert next(str(e) for e in of(acted, Encounter)) == "Black 2 meets Elrond."
    assert of(acted, FriendTaken)


def test_the_event_step_follows_frodo_stopping_on_a_nazgul_space(
    lesson: Lesson, played: tuple[Played, rb.Match]
) -> None:
    number = step_teaching(lesson, "events")
    before = played[0][number - 2]  # what the coach of this step talks about
    assert of(before, EventSpace)
    assert of(before, NazgulPlaced)


def test_the_battle_step_ends_a_battle_lost_for_want_of_support(
    lesson: Lesson, played: tuple[Played, rb.Match]
) -> None:
    number = step_teaching(lesson, "battles")
    (ended,) = of(played[0][number - 1], BattleEnded)
    assert isinstance(ended, BattleEnded)
    assert not ended.won


def test_the_courage_step_follows_the_one_ring_sliding_down_and_later_up(
    lesson: Lesson, played: tuple[Played, rb.Match]
) -> None:
    number = step_teaching(lesson, "courage")
    (down,) = of(played[0][number - 2], ResolveChanged)
    assert isinstance(down, ResolveChanged)
    assert down.value == 13
    ups = [e for step in played[0][number:] for e in of(step, ResolveChanged)]
    assert [e.value for e in ups if isinstance(e, ResolveChanged)] == [14]


def test_the_card_step_uses_elrond_to_roll_frodos_die_again(
    lesson: Lesson, played: tuple[Played, rb.Match]
) -> None:
    number = step_teaching(lesson, "cards")
    assert of(played[0][number - 1], CardUsed)
    assert "Use" in lesson.steps[number - 1].say


def test_the_companion_symbol_step_moves_merry_and_pippin_by_the_empty_slots_symbol(
    lesson: Lesson, played: tuple[Played, rb.Match]
) -> None:
    number = step_teaching(lesson, "companion symbols")
    assert of(played[0][number - 2], Symbol)  # the empty slot's symbol asks this step
    moved = [str(e) for e in played[0][number - 1]]
    assert moved[0].startswith("Merry & Pippin moves 2 spaces")


def test_the_stage_end_step_lays_out_the_next_stage_after_frodo_reached_the_goal(
    lesson: Lesson, played: tuple[Played, rb.Match]
) -> None:
    number = step_teaching(lesson, "stage end")
    earlier = [e for step in played[0][: number - 1] for e in step]
    assert of(earlier, GoalReached)
    assert of(earlier, StageEnded)
    assert of(played[0][number - 1], StageLaidOut)
    view = played[1].view(0)
    assert isinstance(view, MountDoomView)
    assert view.stage_name == "Rohan"


def test_the_lesson_ends_before_the_match_with_the_next_turn_waiting(
    played: tuple[Played, rb.Match],
) -> None:
    match = played[1]
    assert match.outcome is None
    assert match.prompt.endswith("choose two companion dice to roll with both black dice.")


def test_every_say_fits_the_coach_and_names_the_key(lesson: Lesson) -> None:
    for number, step in enumerate(lesson.steps, 1):
        assert len(step.say) <= 240, f"step {number} says too much for the coach at 80x24"
        assert len(re.findall(r"[.!?](\s|$)", step.say)) <= 3, f"step {number}: > 3 sentences"
        assert "{key}" in step.say, f"step {number} does not name its key"
        assert step.not_now, f"step {number} has no words for another choice"


def test_every_pointed_part_is_one_the_board_has(lesson: Lesson) -> None:
    for step in lesson.steps:
        assert step.part in (*PARTS, "")
        assert not step.part or step.point == "board"


def test_the_lesson_is_a_short_first_game(lesson: Lesson) -> None:
    assert len(lesson.steps) <= 20
    assert len(lesson.covers) == 8
