"""The lesson files' format: what a file must hold, and the errors that say what is wrong."""

from __future__ import annotations

import pytest

from ringbearer_tui.lessons import LessonError, read_lesson, walk_lesson

TWO_STEPS = """
game = "mount-doom"
title = "A first roll"
intro = "Roll the dice."
outro = "Well rolled."
seed = 3
covers = ["dice choice"]
[[seats]]
name = "Frodo"
[[steps]]
expect = "roll orange,purple"
say = "Press {key} to roll the orange and purple dice."
teaches = ["dice choice"]
rolls = {orange = [3], purple = [1]}
[[steps]]
expect = "keep 3 orange"
say = "Keep the orange three."
"""


def test_a_lesson_walks_its_steps_with_their_chance_scripted() -> None:
    lesson = read_lesson(TWO_STEPS)
    prompts = [match.prompt for _, _, match in walk_lesson(lesson)]
    assert len(prompts) == 2
    assert "keep one black die and one companion die" in prompts[1]


def test_a_step_the_match_refuses_is_named_with_what_the_match_offers() -> None:
    lesson = read_lesson(TWO_STEPS.replace("keep 3 orange", "keep 6 orange"))
    with pytest.raises(LessonError, match=r"step 2 .* expects 'keep 6 orange'.*it offers: keep 3"):
        list(walk_lesson(lesson))


def test_a_promised_rule_that_no_step_teaches_is_refused() -> None:
    text = TWO_STEPS.replace('covers = ["dice choice"]', 'covers = ["dice choice", "battles"]')
    with pytest.raises(LessonError, match="promises battles but no step teaches it"):
        read_lesson(text)


def test_a_step_teaching_a_rule_the_lesson_does_not_promise_is_refused() -> None:
    text = TWO_STEPS.replace('teaches = ["dice choice"]', 'teaches = ["dice choice", "cards"]')
    with pytest.raises(LessonError, match=r"step 1 .* teaches cards"):
        read_lesson(text)


def test_an_unknown_field_is_refused_with_its_name() -> None:
    with pytest.raises(LessonError, match="speach"):
        read_lesson(TWO_STEPS.replace('say = "Keep', 'speach = "x"\nsay = "Keep'))


def test_a_lesson_needs_exactly_one_player() -> None:
    text = TWO_STEPS.replace('name = "Frodo"', 'name = "Frodo"\nbot = "heuristic"')
    with pytest.raises(LessonError, match="exactly one player"):
        read_lesson(text)


def test_a_file_that_is_not_toml_says_so() -> None:
    with pytest.raises(LessonError, match=r"mount_doom\.toml is not valid TOML"):
        read_lesson("game = [", "mount_doom.toml")
