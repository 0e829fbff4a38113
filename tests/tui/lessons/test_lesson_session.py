"""The lesson session: the step comes from the match's log, bots play the lesson's steps,
a choice the step does not ask for is refused with its words and changes nothing."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

import ringbearer_engine as rb
from ringbearer_engine.match import SCRIPT_PREFIX
from ringbearer_tui.lessons import Lesson, load_lesson, read_lesson
from ringbearer_tui.lessons.session import (
    LESSON_META,
    LessonSession,
    NotNow,
    follows,
    lesson_of,
)
from ringbearer_tui.storage import SaveStore

# One saving time for both saves compared: a second may tick between them.
SAVED_AT = datetime(2026, 1, 1, tzinfo=UTC)

THREE_STEPS = """
game = "mount-doom"
title = "A first roll"
intro = "Roll the dice."
outro = "Well rolled."
seed = 3
covers = ["dice choice"]
[[seats]]
name = "Elanor"
[[steps]]
expect = "roll orange,purple"
say = "Press {key} to roll the orange and purple dice."
not_now = "Not now: this lesson rolls orange and purple."
teaches = ["dice choice"]
rolls = {black = [3, 5], orange = [3], purple = [1]}
[[steps]]
expect = "keep 3 orange"
say = "Keep the orange three."
[[steps]]
expect = "add blue"
say = "Add the blue die."
rolls = {black = [4], purple = [2], blue = [6]}
"""


@pytest.fixture
def store(tmp_path: Path) -> SaveStore:
    return SaveStore(tmp_path / "saves", tmp_path / "autosaves")


def test_the_first_step_has_its_chance_scripted_before_its_decision(store: SaveStore) -> None:
    session = LessonSession.begin(read_lesson(THREE_STEPS), store)
    assert session.number == 1
    assert session.match.log[-1].startswith(SCRIPT_PREFIX)
    events = session.play("roll orange,purple")
    assert "Rolled black 3, black 5, orange 3, purple 1." in [str(event) for event in events]
    assert session.number == 2


def test_a_choice_the_step_does_not_ask_for_is_refused_and_changes_nothing(
    store: SaveStore,
) -> None:
    session = LessonSession.begin(read_lesson(THREE_STEPS), store)
    before = session.match.save(saved_at=SAVED_AT)
    with pytest.raises(NotNow) as refused:
        session.play("roll blue,red")
    assert refused.value.reason == "Not now: this lesson rolls orange and purple."
    assert session.match.save(saved_at=SAVED_AT) == before
    assert session.number == 1


def test_the_refusal_a_screen_asks_for_first_is_the_one_play_raises(store: SaveStore) -> None:
    session = LessonSession.begin(read_lesson(THREE_STEPS), store)
    assert session.refusal("roll orange,purple") is None
    refused = session.refusal("roll blue,red")
    assert refused is not None
    assert refused.reason == "Not now: this lesson rolls orange and purple."
    with pytest.raises(NotNow) as raised:
        session.play("roll blue,red")
    assert raised.value.reason == refused.reason
    assert session.number == 1


def test_the_step_is_found_again_from_the_log_of_a_saved_lesson(store: SaveStore) -> None:
    lesson = read_lesson(THREE_STEPS)
    session = LessonSession.begin(lesson, store)
    session.play("roll orange,purple")
    session.play("keep 3 orange")
    loaded = rb.Match.load(session.match.save(saved_at=SAVED_AT))
    resumed = LessonSession(loaded, store, lesson)
    assert resumed.number == 3
    assert resumed.match.log == session.match.log  # the step's script is not added twice
    resumed.play("add blue")
    assert resumed.done


def test_a_save_under_other_steps_is_not_taken_for_the_lesson() -> None:
    lesson = read_lesson(THREE_STEPS)
    other = read_lesson(THREE_STEPS.replace("keep 3 orange", "keep 5 orange"))
    session = LessonSession.begin(lesson, None)
    session.play("roll orange,purple")
    session.play("keep 3 orange")
    assert follows(session.match, lesson)
    assert not follows(session.match, other)


def a_match_marked_as(lesson: Lesson, **changes: Any) -> rb.Match:
    """A match bearing ``lesson``'s mark, set up as the lesson does but for ``changes``, its
    log the lesson's first step (the log of a foreign match may also be empty)."""
    setup: dict[str, Any] = {
        "players": [seat.name for seat in lesson.seats],
        "seed": lesson.seed,
        "options": lesson.options,
    }
    setup.update(changes)
    mark = {"game": lesson.game, "revision": lesson.revision}
    return rb.Match.new(lesson.game, **setup, meta={LESSON_META: mark})


@pytest.mark.parametrize(
    "changes",
    [
        {"seed": 4},
        {"players": ["Ann"]},
        {"players": ["Elanor", "Sam"]},
        {"options": {"without_protection": True}},
    ],
    ids=["another-seed", "another-name", "more-seats", "other-options"],
)
def test_a_lesson_mark_on_a_match_set_up_otherwise_is_no_lesson(changes: dict[str, Any]) -> None:
    lesson = read_lesson(THREE_STEPS)
    assert follows(a_match_marked_as(lesson), lesson)
    assert not follows(a_match_marked_as(lesson, **changes), lesson)


def test_a_shipped_lessons_mark_on_a_foreign_match_opens_an_ordinary_game() -> None:
    lesson = load_lesson("mount-doom")
    assert lesson_of(a_match_marked_as(lesson)) is not None
    assert lesson_of(a_match_marked_as(lesson, seed=lesson.seed + 1)) is None


def test_a_match_that_is_no_lesson_is_an_ordinary_game() -> None:
    assert lesson_of(rb.Match.new("mount-doom", ["Ann"], seed=1)) is None


def test_undo_is_off_while_the_lesson_teaches(store: SaveStore) -> None:
    session = LessonSession.begin(read_lesson(THREE_STEPS), store)
    session.play("roll orange,purple")
    with pytest.raises(rb.UndoError, match="takes nothing back"):
        session.undo_turn(lambda match, action: str(action))


def test_once_the_steps_are_played_the_rest_of_the_match_is_the_players(
    store: SaveStore,
) -> None:
    session = LessonSession.begin(read_lesson(THREE_STEPS), store)
    for expect in ("roll orange,purple", "keep 3 orange", "add blue"):
        session.play(expect)
    assert session.done
    assert not session.teaching
    assert session.step is None
    choice = session.match.actions()[-1]
    session.play(choice)  # any legal choice now
    assert session.number == 5


def test_a_bots_step_is_played_from_the_lesson_and_waits_for_the_player_to_read_it() -> None:
    bot_first = THREE_STEPS.replace(
        '[[seats]]\nname = "Elanor"',
        '[[seats]]\nname = "Bo"\nbot = "random"\n[[seats]]\nname = "Elanor"',
    )
    session = LessonSession.begin(read_lesson(bot_first), None)
    assert session.bot_to_move
    assert session.waits_for_go_on  # the step has words for the player to read first
    assert str(session.bot_choice()) == "roll orange,purple"
    session.play(session.bot_choice())
    assert str(session.bot_choice()) == "keep 3 orange"


def test_a_finished_lesson_opened_again_names_its_campaign_and_builds_no_new_one(
    store: SaveStore,
) -> None:
    from ringbearer_tui.lessons import load_lesson, walk_lesson
    from ringbearer_tui.lessons.campaign import folded_into, lesson_campaign

    lesson = load_lesson("adventure-book")
    session = LessonSession.begin(lesson, store)
    for number, step, _ in walk_lesson(lesson):
        assert session.number == number
        session.play(step.expect)
    assert folded_into(session) is None
    first = lesson_campaign(session)
    assert first is not None
    assert folded_into(session) == first.id
    reopened = LessonSession(rb.Match.load(session.match.save(saved_at=SAVED_AT)), store, lesson)
    assert folded_into(reopened) == first.id
    assert lesson_campaign(reopened) is None  # the campaign may have moved on: never rebuilt
