"""The lesson fuzzer (issue 46): lesson files edited at random, and lesson marks on matches
that are and are not the lesson's.

A lesson file is read, set up and walked, or refused with a :class:`LessonError` that says
why, never another exception. A match bearing a lesson mark is taken for the lesson exactly
when it is the lesson's (set up alike, its log the lesson's so far, saved or not): then every
step the lesson asks for is played as asked, to the end, so no lesson is ever stuck; any
other match is an ordinary game. Bounded in the default checks; ``RINGBEARER_FUZZ=long``
(``nox -s fuzz``) tries more.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from importlib import resources
from typing import Any

import pytest
from fuzzing import budget

import ringbearer_engine as rb
from ringbearer_tui.lessons import LESSON_GAMES, LessonError, load_lesson, read_lesson
from ringbearer_tui.lessons.available import has_lesson
from ringbearer_tui.lessons.format import lesson_file
from ringbearer_tui.lessons.session import LESSON_META, LessonSession, decisions, lesson_of
from ringbearer_tui.lessons.walk import apply_chance, lesson_match, play_step, walk_lesson

SHIPPED = [game for game in LESSON_GAMES if has_lesson(game)]
FILES = budget(bounded=60, long=2000)
"""Edited lesson files read and walked per run."""
MARKS = budget(bounded=40, long=1500)
"""Marked matches checked per run."""


def shipped_text(game: str) -> str:
    package = resources.files("ringbearer_tui.lessons")
    return package.joinpath(lesson_file(game)).read_text(encoding="utf-8")


# -- edited lesson files ------------------------------------------------------------------------


def drop_line(lines: list[str], rng: random.Random) -> list[str]:
    index = rng.randrange(len(lines))
    return lines[:index] + lines[index + 1 :]


def double_line(lines: list[str], rng: random.Random) -> list[str]:
    index = rng.randrange(len(lines))
    return lines[: index + 1] + lines[index:]


def swap_lines(lines: list[str], rng: random.Random) -> list[str]:
    edited = list(lines)
    a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
    edited[a], edited[b] = edited[b], edited[a]
    return edited


def change_a_number(lines: list[str], rng: random.Random) -> list[str]:
    edited = list(lines)
    index = rng.randrange(len(lines))
    digits = [n for n, char in enumerate(edited[index]) if char.isdigit()]
    if digits:
        at = rng.choice(digits)
        new = rng.choice(["0", "9", "-1", "99999999999999999999", "7"])
        edited[index] = edited[index][:at] + new + edited[index][at + 1 :]
    return edited


def change_a_value(lines: list[str], rng: random.Random) -> list[str]:
    edited = list(lines)
    index = rng.randrange(len(lines))
    if " = " in edited[index]:
        key = edited[index].split(" = ", 1)[0]
        value = rng.choice(['""', '"{key}{key"', "[]", "{}", "1.5", "true", '"\\u0000"', '"x" '])
        edited[index] = f"{key} = {value}"
    return edited


def cut(lines: list[str], rng: random.Random) -> list[str]:
    return lines[: rng.randrange(len(lines))]


EDITS: list[Callable[[list[str], random.Random], list[str]]] = [
    drop_line,
    double_line,
    swap_lines,
    change_a_number,
    change_a_value,
    cut,
]


def walked_or_refused(text: str) -> str:
    """``"walked"`` or ``"refused"``; any exception but a LessonError fails the fuzzer."""
    try:
        lesson = read_lesson(text, "edited")
        for _ in walk_lesson(lesson):
            pass
        session = LessonSession.begin(lesson, None)
        while session.teaching:
            session.play(session.expected() or "")
    except LessonError as error:
        return "refused" if str(error) else "refused without saying why"
    return "walked"


@pytest.mark.fuzz
@pytest.mark.parametrize("game", SHIPPED)
def test_an_edited_lesson_file_is_walked_or_refused_with_a_lesson_error(game: str) -> None:
    rng = random.Random(f"46 {game}")
    lines = shipped_text(game).splitlines()
    seen = {walked_or_refused("\n".join(lines))}
    assert seen == {"walked"}
    for _ in range(FILES // len(SHIPPED)):
        edited = lines
        for _ in range(rng.randint(1, 3)):
            edited = rng.choice(EDITS)(edited, rng) or [""]
        seen.add(walked_or_refused("\n".join(edited)))
    assert "refused without saying why" not in seen
    assert "refused" in seen  # the edits reach the checks


# -- lesson marks -------------------------------------------------------------------------------


def lesson_prefix(game: str, rng: random.Random) -> rb.Match:
    """The lesson's own match, a random number of its steps played (its next chance perhaps
    scripted already, as a save left between steps holds it)."""
    lesson = load_lesson(game)
    match = lesson_match(lesson, {LESSON_META: {"game": game, "revision": lesson.revision}})
    for number in range(1, rng.randint(0, len(lesson.steps)) + 1):
        apply_chance(match, lesson, number)
        play_step(match, lesson, number)
    if decisions(match) < len(lesson.steps) and rng.random() < 0.5:
        apply_chance(match, lesson, decisions(match) + 1)
    return match


def foreign(game: str, rng: random.Random) -> rb.Match:
    """A match the lesson did not set up, or whose log left the lesson's, with its mark."""
    lesson = load_lesson(game)
    mark: dict[str, Any] = {"game": game, "revision": lesson.revision}
    setup: dict[str, Any] = {
        "players": [seat.name for seat in lesson.seats],
        "seed": lesson.seed,
        "options": dict(lesson.options),
    }
    change = rng.choice(["seed", "players", "log"])
    if change == "seed":
        setup["seed"] = lesson.seed + rng.randint(1, 2**20)
    elif change == "players":
        setup["players"] = [*setup["players"], "Stranger"][: rb.get_game(game).max_players]
        if setup["players"] == [seat.name for seat in lesson.seats]:
            setup["players"] = ["Stranger", *setup["players"][1:]]
    match = rb.Match.new(
        game, setup["players"], setup["seed"], setup["options"], meta={LESSON_META: mark}
    )
    bot = rb.RandomBot(rng.randrange(2**32))
    for _ in range(rng.randint(0 if change != "log" else 1, 12)):
        if match.outcome is None:
            match.play(bot.choose(match.game, match.state))
    return match


def played_to_the_end(match: rb.Match, game: str) -> None:
    """The lesson the mark names, played from where ``match`` stands: every step as asked."""
    session = LessonSession(match, None, load_lesson(game))
    while session.teaching:
        expected = session.bot_choice() if session.bot_to_move else session.expected()
        assert expected is not None
        assert session.refusal(expected) is None
        session.play(expected)
    assert session.done or session.over


@pytest.mark.fuzz
@pytest.mark.parametrize("game", SHIPPED)
def test_a_lesson_mark_is_the_lesson_only_on_the_lessons_own_match(game: str) -> None:
    rng = random.Random(f"46 marks {game}")
    for _ in range(MARKS // len(SHIPPED)):
        own = rng.random() < 0.5
        match = lesson_prefix(game, rng) if own else foreign(game, rng)
        if rng.random() < 0.5:
            match = rb.Match.load(match.save(rng.choice(["json", "msgpack"])))
        found = lesson_of(match)
        if not own and decisions(match) > 0 and match.seed == load_lesson(game).seed:
            # a random log may, rarely, follow the lesson's own steps: then it is the lesson
            own = found is not None
        assert (found is not None) == own, (own, match.seed, match.players, match.log[:4])
        if found is not None:
            played_to_the_end(match, game)
