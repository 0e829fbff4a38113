"""The lesson file format: one TOML file per game, beside this module.

A file holds the match to set up (game, seats, seed, options), the rules it promises to
teach (``covers``), and its steps in the order the match asks for them. Every decision the
match asks for while the lesson runs is a step, the bots' included, so a lesson plays the
same every time.

The coach's words may name the expected choice's key as ``{key}``: the app fills it in
from the choices on screen, so the words stay right when the menu's order changes.
"""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any, Literal

import msgspec

LESSON_GAMES = ("mount-doom", "adventure-game", "adventure-book")
"""The games with a lesson, in the order the menu offers them."""

Region = Literal["board", "choices", "prompt", "log", "hint"]
"""The part of the game screen a step points at."""


class LessonError(ValueError):
    """A lesson file that cannot be read, or a lesson the match does not follow."""


class LessonStep(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One decision of the lesson's match."""

    expect: str
    """The action the lesson plays here, as the engine writes it (``"roll orange,purple"``)."""
    say: str
    """The coach: what just happened and why, and what to do now (naming ``{key}``)."""
    point: Region = "choices"
    part: str = ""
    """A named part of the board to highlight (a look's own name, e.g. ``"dice"``: each
    look's ``parts`` lists them); empty for the region as a whole."""
    not_now: str = ""
    """Said when the player picks another choice: why the lesson wants this one now."""
    teaches: tuple[str, ...] = ()
    """Names from :attr:`Lesson.covers`: the rules this step is the first to show."""
    rolls: dict[str, tuple[int | str, ...]] = {}
    """Chance scripted just before this step's decision: the next faces of named dice."""
    orders: dict[str, tuple[str, ...]] = {}
    """Chance scripted just before this step's decision: the top cards of named decks."""


class LessonSeat(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    bot: str = ""
    """The bot's name (as ``--bot`` spells it) for a bot's seat; empty for the player."""


class Lesson(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    game: str
    title: str
    intro: str
    """Shown before the first step: what the game is and what the lesson will show."""
    outro: str
    """Shown after the last step, beside "Play a real game" and "Read the rules"."""
    seats: tuple[LessonSeat, ...]
    seed: int
    covers: tuple[str, ...]
    """The core rules the lesson teaches, each taught by at least one step."""
    steps: tuple[LessonStep, ...]
    options: dict[str, Any] = {}
    campaign: str = ""
    """For the Book: the name of the campaign the lesson's chapter is played in."""
    revision: int = 1
    """Raised whenever the steps change, so a lesson saved part-way under older steps is
    recognised (it resumes as an ordinary game instead of a lesson that no longer fits)."""

    def check(self) -> None:
        """Checks a file can pass without playing it; see :func:`walk_lesson` for the rest."""
        if self.game not in LESSON_GAMES:
            raise LessonError(f"no lesson can be written for a game called {self.game!r}")
        if not self.steps:
            raise LessonError(f"the {self.game} lesson has no steps")
        if sum(1 for seat in self.seats if not seat.bot) != 1:
            raise LessonError(f"the {self.game} lesson must seat exactly one player")
        known = set(self.covers)
        taught: set[str] = set()
        for number, step in enumerate(self.steps, 1):
            unknown = sorted(set(step.teaches) - known)
            if unknown:
                raise LessonError(
                    f"step {number} of the {self.game} lesson teaches {', '.join(unknown)}, "
                    "which its 'covers' list does not name"
                )
            taught.update(step.teaches)
        untaught = [rule for rule in self.covers if rule not in taught]
        if untaught:
            raise LessonError(
                f"the {self.game} lesson promises {', '.join(untaught)} but no step teaches it"
            )


def read_lesson(text: str, source: str = "lesson") -> Lesson:
    """A lesson from the text of its file; :class:`LessonError` says what is wrong and where."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise LessonError(f"{source} is not valid TOML: {error}") from None
    try:
        lesson = msgspec.convert(data, Lesson)
    except msgspec.ValidationError as error:
        raise LessonError(f"{source} is not a lesson: {error}") from None
    lesson.check()
    return lesson


def lesson_file(game: str) -> str:
    """The name of ``game``'s lesson file beside this module."""
    return f"{game.replace('-', '_')}.toml"


def load_lesson(game: str) -> Lesson:
    """The lesson shipped for ``game`` (one of :data:`LESSON_GAMES`)."""
    if game not in LESSON_GAMES:
        raise LessonError(f"there is no lesson for {game!r} (lessons: {', '.join(LESSON_GAMES)})")
    name = lesson_file(game)
    text = resources.files(__package__).joinpath(name).read_text(encoding="utf-8")
    lesson = read_lesson(text, name)
    if lesson.game != game:
        raise LessonError(f"{name} holds the lesson for {lesson.game}, not {game}")
    return lesson
