"""A lesson being played in the app: the match, the step it stands at, and the coach's rules.

The step is never stored: it is the number of decisions in the match's log, so a lesson
saved part-way resumes where it stood. Each step's chance is scripted as the step begins
(the script is a step of the log, so the save holds it too); a bot's step plays the step's
``expect``; a person's choice other than the step's is refused with the step's words.

No screen here, so the lesson can be tested without Textual.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ringbearer_engine as rb
from ringbearer_engine.match import SCRIPT_PREFIX

from ..seats import Seat, seats_to_meta
from ..session import GameSession
from ..storage import DONE_KEY, SaveStore
from .format import Lesson, LessonError, LessonStep, load_lesson
from .walk import apply_chance, lesson_match, play_step

LESSON_META = "lesson"
"""The key of a lesson's match meta: ``{"game": ..., "revision": ..., "done": ...}``."""


class NotNow(rb.IllegalActionError):
    """A choice the lesson does not ask for at this step; the match is unchanged.

    ``reason`` is the step's ``not_now`` words ("" when the step has none: the screen then
    names the expected choice in its own words)."""


def lesson_seats(lesson: Lesson) -> list[Seat]:
    return [
        Seat(seat.name, "bot", seat.bot) if seat.bot else Seat(seat.name) for seat in lesson.seats
    ]


def decisions(match: rb.Match) -> int:
    """How many decisions the match's log holds (its chance scripts are not decisions)."""
    return sum(1 for entry in match.log if not entry.startswith(SCRIPT_PREFIX))


def lesson_of(match: rb.Match) -> Lesson | None:
    """The shipped lesson ``match`` is still following, or None: not a lesson's match, a
    lesson whose file is gone, or one saved under other steps (another revision)."""
    mark = match.meta.get(LESSON_META)
    if not isinstance(mark, dict) or mark.get("game") != match.game_id:
        return None
    try:
        lesson = load_lesson(match.game_id)
    except (LessonError, OSError):
        return None
    if mark.get("revision") != lesson.revision or not follows(match, lesson):
        return None
    return lesson


def follows(match: rb.Match, lesson: Lesson) -> bool:
    """Whether ``match`` is the lesson's: set up as the lesson sets it up, and its log the
    lesson's as far as it goes (within the steps)."""
    played = decisions(match)
    if played > len(lesson.steps):
        return False
    try:
        fresh = lesson_match(lesson)
    except LessonError:
        return False
    if not same_setup(match, fresh):
        return False  # a mark carried onto another game: its steps could never be played
    try:
        for number in range(1, played + 1):
            apply_chance(fresh, lesson, number)
            play_step(fresh, lesson, number)
    except LessonError:
        return False
    log, expected = list(match.log), list(fresh.log)
    # The current step's chance may already be scripted: one script entry more.
    return log[: len(expected)] == expected and len(log) - len(expected) <= 1


def same_setup(match: rb.Match, other: rb.Match) -> bool:
    """Whether two matches started alike: game, seats, seed, options and chance."""
    return (
        match.game_id == other.game_id
        and match.players == other.players
        and match.seed == other.seed
        and match.options == other.options
        and match.chance == other.chance
    )


class LessonSession(GameSession):
    """A lesson's match. While steps remain, the lesson decides what may be played; once
    they are all played (the lesson may end before the match does), it is an ordinary game."""

    replayable = False  # the end offers the lesson again, and a real game, instead

    def __init__(self, match: rb.Match, store: SaveStore | None, lesson: Lesson) -> None:
        super().__init__(match, store)
        self.lesson = lesson
        # Kept, not replaced: a finished lesson's mark also names the campaign its chapter
        # went into (see lessons.campaign), which opening the save again must not forget.
        mark = match.meta.get(LESSON_META)
        if not isinstance(mark, dict):
            mark = match.meta[LESSON_META] = {}
        mark.update(game=lesson.game, revision=lesson.revision)
        self.enter_step()

    def _mark_done(self) -> None:
        """Say in the mark whether every step is played, for the save lists (see
        ``storage.lesson_done``), which cannot replay the lesson for every file they show."""
        self.match.meta[LESSON_META][DONE_KEY] = self.done

    def snapshot_for_autosave(self) -> tuple[int, bytes] | None:
        self._mark_done()
        return super().snapshot_for_autosave()

    def save_as(self, name: str) -> None:
        self._mark_done()
        super().save_as(name)

    @classmethod
    def begin(cls, lesson: Lesson, store: SaveStore | None) -> LessonSession:
        """The lesson from its start, autosaved."""
        meta: dict[str, Any] = {"seats": seats_to_meta(lesson_seats(lesson))}
        session = cls(lesson_match(lesson, meta), store, lesson)
        session.autosave()
        return session

    # -- where the lesson stands --------------------------------------------------------------

    @property
    def number(self) -> int:
        """The step being decided (1-based); one past the last once the lesson is done."""
        return decisions(self.match) + 1

    @property
    def steps(self) -> int:
        return len(self.lesson.steps)

    @property
    def teaching(self) -> bool:
        """Whether the lesson still has a step to play (and the match is not over)."""
        return self.number <= self.steps and not self.over

    @property
    def done(self) -> bool:
        """Every step is played: the outro's moment."""
        return self.number > self.steps

    @property
    def step(self) -> LessonStep | None:
        return self.lesson.steps[self.number - 1] if self.teaching else None

    def expected(self) -> rb.Action | None:
        """The action the current step asks for, or None once the lesson is done."""
        step = self.step
        if step is None:
            return None
        try:
            return self.match.parse(step.expect)
        except rb.RingbearerError as error:
            raise LessonError(
                f"step {self.number} of the {self.lesson.game} lesson expects "
                f"{step.expect!r}, which the match cannot read ({error})"
            ) from None

    @property
    def waits_for_go_on(self) -> bool:
        """A bot's step the coach speaks about: the bot plays once the player has read it."""
        step = self.step
        return step is not None and self.bot_to_move and bool(step.say)

    def enter_step(self) -> None:
        """Script the current step's chance, unless the log already holds it (a resumed save
        whose last entry is that script)."""
        if not self.teaching:
            return
        if self.match.log and self.match.log[-1].startswith(SCRIPT_PREFIX):
            return
        apply_chance(self.match, self.lesson, self.number)

    # -- acting -------------------------------------------------------------------------------

    def refusal(self, action: rb.Action | str) -> NotNow | None:
        """Why the lesson would not play ``action`` now (``None``: it would): the one place
        that decides, for :meth:`play` and for a screen that explains before it plays."""
        return self._refusal(action, self.expected())

    def _refusal(self, action: rb.Action | str, expected: rb.Action | None) -> NotNow | None:
        text = action if isinstance(action, str) else str(action)
        if expected is None or text == str(expected):
            return None
        step = self.step
        return NotNow(text, step.not_now if step else "")

    def play(self, action: rb.Action | str) -> list[rb.Event]:
        expected = self.expected()
        if expected is None:
            return super().play(action)
        refused = self._refusal(action, expected)  # the step's choice parsed once a move
        if refused is not None:
            raise refused
        events = super().play(expected)
        self.enter_step()
        return events

    def bot_choice(self) -> rb.Action:
        expected = self.expected()
        return super().bot_choice() if expected is None else expected

    def undo_turn(self, describe: Callable[[rb.Match, rb.Action], str]) -> list[str]:
        if self.teaching:
            raise rb.UndoError(
                "A lesson plays its steps in order, so it takes nothing back: leave it and "
                "start it again from the menu to see it from the beginning."
            )
        return super().undo_turn(describe)
