"""Play a lesson through the engine alone: the check that the lesson still fits the rules."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import ringbearer_engine as rb

from .format import Lesson, LessonError, LessonStep


def lesson_match(lesson: Lesson, meta: dict[str, Any] | None = None) -> rb.Match:
    """The lesson's match, set up and not yet played."""
    try:
        return rb.Match.new(
            lesson.game,
            [seat.name for seat in lesson.seats],
            lesson.seed,
            lesson.options,
            meta=meta,
        )
    except rb.RingbearerError as error:
        raise LessonError(f"the {lesson.game} lesson cannot be set up: {error}") from None


def apply_chance(match: rb.Match, lesson: Lesson, number: int) -> None:
    """Script the chance step ``number`` (1-based) declares, before its decision."""
    step = lesson.steps[number - 1]
    if not (step.rolls or step.orders):
        return
    try:
        match.script(
            {die: list(faces) for die, faces in step.rolls.items()},
            {deck: list(cards) for deck, cards in step.orders.items()},
        )
    except rb.RingbearerError as error:
        raise LessonError(f"step {number} of the {lesson.game} lesson: {error}") from None


def play_step(match: rb.Match, lesson: Lesson, number: int) -> None:
    """Play step ``number``'s expected action, or say why the match refuses it."""
    step = lesson.steps[number - 1]
    if match.outcome is not None:
        raise LessonError(
            f"step {number} of the {lesson.game} lesson expects {step.expect!r}, "
            "but the match is already over"
        )
    try:
        match.play(step.expect)
    except rb.RingbearerError as error:
        offered = ", ".join(str(action) for action in match.actions()[:12])
        raise LessonError(
            f"step {number} of the {lesson.game} lesson expects {step.expect!r}, "
            f"which the match refuses ({error}); it offers: {offered}"
        ) from None


def walk_lesson(lesson: Lesson) -> Iterator[tuple[int, LessonStep, rb.Match]]:
    """Each step with the match as it stands when the step's decision is asked for (its
    chance already scripted); the step is played when the caller asks for the next one."""
    match = lesson_match(lesson)
    for number, step in enumerate(lesson.steps, 1):
        apply_chance(match, lesson, number)
        yield number, step, match
        play_step(match, lesson, number)
