"""Guided first games ("Learn to play"): one lesson per game, each a data file.

A lesson is a real match with its chance scripted, walked step by step: each step is one
decision of the match, the choice the lesson expects there, and what the coach says about
it. :mod:`.format` reads and checks the files; :mod:`.walk` plays a lesson through the
engine alone, so a rules change that breaks a lesson is caught without the app.
"""

from .format import LESSON_GAMES, Lesson, LessonError, LessonStep, load_lesson, read_lesson
from .walk import lesson_match, walk_lesson

__all__ = [
    "LESSON_GAMES",
    "Lesson",
    "LessonError",
    "LessonStep",
    "lesson_match",
    "load_lesson",
    "read_lesson",
    "walk_lesson",
]
