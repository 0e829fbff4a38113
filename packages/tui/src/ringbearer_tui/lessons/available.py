"""Which lessons this installation ships: a game whose lesson file is missing is not offered."""

from __future__ import annotations

from importlib import resources

from .format import LESSON_GAMES, Lesson, LessonError, lesson_file, load_lesson


def has_lesson(game: str) -> bool:
    return (
        game in LESSON_GAMES and resources.files(__package__).joinpath(lesson_file(game)).is_file()
    )


def lesson_games() -> list[str]:
    """The games whose lesson file is there, in the menu's order, without reading the files
    (for the command line's help, built at every start)."""
    return [game for game in LESSON_GAMES if has_lesson(game)]


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
