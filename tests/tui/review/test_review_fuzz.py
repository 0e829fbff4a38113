"""The Review fuzzer (issue 46): random keys and clicks on the Review of random games, through
Pilot, while the analysis runs (or fails).

Games: lessons' matches (their logs start with a chance script), games with scripts in the
middle, finished and unfinished games of each kind, old saves whose names predate the checks,
and games with no step. Whatever is pressed or clicked, the app stays on the review, the
position shown is one of the replay's, and escape leaves it. Bounded in the default checks;
``RINGBEARER_FUZZ=long`` (``nox -s fuzz``) tries more.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from fuzzing import budget
from textual.widgets import Static

import ringbearer_engine as rb
from ringbearer_engine.analysis import Advisor
from ringbearer_engine.game import Game
from ringbearer_engine.names import MAX_NAME_LENGTH
from ringbearer_engine.saves import encode_envelope, read_envelope, seal
from ringbearer_tui.app import RingbearerApp
from ringbearer_tui.lessons import LESSON_GAMES, load_lesson
from ringbearer_tui.lessons.available import has_lesson
from ringbearer_tui.lessons.walk import apply_chance, lesson_match, play_step
from ringbearer_tui.paths import AppPaths
from ringbearer_tui.screens.main_menu import MainMenu
from ringbearer_tui.screens.review import ReviewScreen
from ringbearer_tui.widgets.estimate_chart import EstimateChart

from .games import TINY

GAMES = budget(bounded=4, long=120)
"""Games reviewed per run."""
PRESSES = budget(bounded=12, long=40)
"""Keys and clicks per review."""
KEYS = ["left", "right", "home", "end", "n", "p", "x"]
SEATS = {"mount-doom": (1, 2, 4), "adventure-game": (2, 3), "adventure-book": (1, 2)}


def a_lessons_match(rng: random.Random) -> rb.Match:
    game = rng.choice([g for g in LESSON_GAMES if has_lesson(g)])
    lesson = load_lesson(game)
    match = lesson_match(lesson)
    for number in range(1, rng.randint(1, len(lesson.steps)) + 1):
        apply_chance(match, lesson, number)
        play_step(match, lesson, number)
    return match


def a_played_match(rng: random.Random) -> rb.Match:
    game = rng.choice(sorted(SEATS))
    seats = rng.choice(SEATS[game])
    match = rb.Match.new(game, [f"P{n + 1}" for n in range(seats)], rng.randrange(2**32))
    bot = rb.RandomBot(rng.randrange(2**32))
    for _ in range(rng.choice([0, 3, 12, 20])):
        if match.outcome is not None:
            break
        if game == "mount-doom" and rng.random() < 0.2:
            match.script(rolls={"black": [rng.randint(1, 6)]})
        match.play(bot.choose(match.game, match.state))
    return match


def with_old_names(match: rb.Match) -> rb.Match:
    envelope, fmt = read_envelope(match.save("json"))
    names = list(envelope.players)
    names[0] = "A" * (MAX_NAME_LENGTH + 30) if len(names) % 2 else "Ann\x1b[2J"
    envelope.players = envelope.state["players"] = names
    return rb.Match.load(encode_envelope(seal(envelope), fmt))


def advisor_that_breaks(game: Game[Any], seed: int) -> Advisor:
    raise RuntimeError("the advisor broke")


def a_review(rng: random.Random) -> ReviewScreen:
    match = a_lessons_match(rng) if rng.random() < 0.4 else a_played_match(rng)
    if rng.random() < 0.25:
        match = with_old_names(match)
    advisor = advisor_that_breaks if rng.random() < 0.15 else TINY
    return ReviewScreen(match, advisor=advisor, futures=1)


@pytest.mark.fuzz
@pytest.mark.asyncio
async def test_random_keys_and_clicks_on_the_review_never_leave_it_or_end_the_app(
    quick_settings: AppPaths,
) -> None:
    rng = random.Random(46)
    app = RingbearerApp(quick_settings)
    async with app.run_test(size=rng.choice([(80, 24), (120, 40)])) as pilot:
        await app.workers.wait_for_complete()
        for _ in range(GAMES):
            screen = a_review(rng)
            await app.push_screen(screen)
            await pilot.pause()
            for _ in range(PRESSES):
                what = rng.random()
                if what < 0.6:
                    await pilot.press(rng.choice(KEYS))
                elif what < 0.85:
                    chart = screen.query_one(EstimateChart)
                    column = rng.randrange(max(1, chart.content_size.width))
                    await pilot.click(EstimateChart, offset=(chart.gutter.left + column, 2))
                else:
                    await pilot.click(rng.choice(["#back", "#forward"]))
                if rng.random() < 0.3:
                    await app.workers.wait_for_complete()
                await pilot.pause()
                assert app.screen is screen
                assert screen.position in screen.replay.positions
                assert str(screen.query_one("#where", Static).render())
            await app.workers.wait_for_complete()
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, MainMenu)
