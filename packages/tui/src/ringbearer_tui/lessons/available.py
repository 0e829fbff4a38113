"""Which lessons this installation ships: a game whose lesson file is missing is not offered."""

from __future__ import annotations

from importlib import resources

from .format import LESSON_GAMES, Lesson, LessonError, load_lesson


def lesson_file(game: str) -> str:
    """The name of ``game``'s lesson file beside the format module."""
    return f"{game.replace('-', '_')}.toml"


def has_lesson(game: str) -> bool:
    return (
        game in LESSON_GAMES and resources.files(__package__).joinpath(lesson_file(game)).is_file()
    )


def shipped_lessons() -> list[Lesson]:
    """The lessons present and readable, in the menu's order. A file that does not read is
    left out here (the lesson tests name what is wrong with it)."""
    lessons = []
    for game in LESSON_GAMES:
        if not has_lesson(game):
            continue
        try:
            lessons.append(load_lesson(game))
        except LessonError:
            continue
    return lessons
