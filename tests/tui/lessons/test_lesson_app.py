"""Learn to play through the app: every lesson shipped plays from its intro to its outro
with the keys its coach names, a wrong choice is explained and not played, a lesson left
part-way resumes, and the outro's ways lead where they say."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from textual.pilot import Pilot

from ringbearer_tui.app import RingbearerApp, StartContinue, StartLesson
from ringbearer_tui.dialogs.choice import ChoiceDialog
from ringbearer_tui.dialogs.new_game import NewGameDialog
from ringbearer_tui.games import board_parts
from ringbearer_tui.lessons import LESSON_GAMES, load_lesson
from ringbearer_tui.lessons.available import has_lesson
from ringbearer_tui.lessons.session import LessonSession
from ringbearer_tui.paths import AppPaths
from ringbearer_tui.screens.game import ARRIVAL_GUARD_SECONDS
from ringbearer_tui.screens.lesson import LessonScreen
from ringbearer_tui.screens.main_menu import MainMenu
from ringbearer_tui.screens.rules import RulesScreen
from ringbearer_tui.storage import SaveStore
from ringbearer_tui.widgets.action_menu import ActionMenu
from ringbearer_tui.widgets.coach import CoachPanel

# One saving time for both saves compared: a second may tick between them.
SAVED_AT = datetime(2026, 1, 1, tzinfo=UTC)

SHIPPED = [game for game in LESSON_GAMES if has_lesson(game)]


async def settle(pilot: Pilot[Any]) -> None:
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def lesson_screen(app: RingbearerApp) -> LessonScreen:
    screen = app.screen
    assert isinstance(screen, LessonScreen), f"expected the lesson, not {screen!r}"
    return screen


def coach_words(screen: LessonScreen) -> str:
    return screen.query_one(CoachPanel).render().plain


def expected_key(screen: LessonScreen) -> str:
    """The key the coach asks for: space for a bot's step, else the marked choice's key."""
    session = screen.lesson_session
    if session.bot_to_move:
        return "space"
    menu = screen.query_one(ActionMenu)
    (marked,) = menu.marked
    assert str(menu.actions[marked]) == str(session.expected())
    return menu.key_of(marked)


async def begin(pilot: Pilot[Any]) -> LessonScreen:
    """Past the intro, to the first step."""
    await settle(pilot)
    dialog = pilot.app.screen
    assert isinstance(dialog, ChoiceDialog)
    assert dialog.title_text.startswith("Learn to play")
    await pilot.press("1")  # Begin
    await settle(pilot)
    return lesson_screen(pilot.app)  # type: ignore[arg-type]


async def play_steps(pilot: Pilot[Any], screen: LessonScreen, steps: int) -> None:
    """Press the coach's key for ``steps`` steps (bots' steps without words play alone)."""
    session = screen.lesson_session
    last = min(session.steps, session.number + steps - 1)
    while session.teaching and session.number <= last:
        await bots_without_words(pilot, screen)
        if not session.teaching or session.number > last:
            break
        number, step = session.number, session.step
        assert step is not None
        key = expected_key(screen)
        if "{key}" in step.say:
            assert f" {key}" in coach_words(screen), f"step {number}: the coach names no {key}"
        await pilot.press(key)
        await settle(pilot)
        assert session.number > number, f"step {number} was not played by {key!r}"


async def bots_without_words(pilot: Pilot[Any], screen: LessonScreen) -> None:
    """Wait while the lesson's bots play the steps the coach says nothing about."""
    session = screen.lesson_session
    for _ in range(200):
        if not (session.teaching and session.bot_to_move and not session.waits_for_go_on):
            return
        await pilot.pause(0.02)
        await settle(pilot)
    raise AssertionError(f"the bot never played step {session.number}")


@pytest.mark.parametrize("game", SHIPPED)
async def test_every_lesson_plays_from_intro_to_outro_with_the_keys_the_coach_names(
    quick_settings: AppPaths, game: str
) -> None:
    app = RingbearerApp(quick_settings, StartLesson(game))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await begin(pilot)
        steps = screen.lesson_session.steps
        await play_steps(pilot, screen, steps)
        await settle(pilot)
        outro = app.screen
        assert isinstance(outro, ChoiceDialog)
        assert outro.title_text.startswith("Lesson done")
        assert outro.body == load_lesson(game).outro


@pytest.mark.parametrize("game", SHIPPED)
def test_every_step_points_at_a_part_its_board_has(game: str) -> None:
    from ringbearer_tui.games import look_for

    parts = board_parts(look_for(game))
    for number, step in enumerate(load_lesson(game).steps, 1):
        assert step.part in (*parts, ""), f"step {number}: the board has no part {step.part!r}"


async def test_a_wrong_choice_is_explained_and_not_played(quick_settings: AppPaths) -> None:
    app = RingbearerApp(quick_settings, StartLesson("mount-doom"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await begin(pilot)
        session = screen.lesson_session
        before = session.match.save(saved_at=SAVED_AT)
        wrong = "1" if expected_key(screen) != "1" else "3"
        await pilot.press(wrong)
        await settle(pilot)
        assert session.match.save(saved_at=SAVED_AT) == before
        assert session.number == 1
        step = session.step
        assert step is not None
        assert coach_words(screen).startswith(step.not_now)
        await pilot.press(expected_key(screen))  # the right one is still played
        await settle(pilot)
        assert session.number == 2
        assert step.not_now not in coach_words(screen)


async def test_the_command_palette_offers_no_undo_while_the_lesson_teaches(
    quick_settings: AppPaths,
) -> None:
    from ringbearer_tui.commands import RingbearerCommands

    app = RingbearerApp(quick_settings, StartLesson("mount-doom"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await begin(pilot)
        names = [name for name, _, _ in RingbearerCommands(screen)._commands()]
        assert "Undo" not in names
        assert {"Hint", "Save as"} <= set(names)


async def test_a_lesson_left_part_way_resumes_at_its_step_from_learn_to_play(
    quick_settings: AppPaths,
) -> None:
    app = RingbearerApp(quick_settings, StartLesson("mount-doom"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await begin(pilot)
        await play_steps(pilot, screen, 3)
        await pilot.press("escape")  # no confirmation with these settings
        await settle(pilot)
        assert isinstance(app.screen, MainMenu)
        status = str(app.screen.query_one("#status").render())
        assert "lesson" in status
        await pilot.press("p")  # Learn to play
        await settle(pilot)
        await pilot.press("1")  # Mount Doom
        await settle(pilot)
        resume = app.screen
        assert isinstance(resume, ChoiceDialog)
        assert "step 4 of" in str(resume.ways[0][1])
        await pilot.press("1")
        await settle(pilot)
        assert lesson_screen(app).lesson_session.number == 4


async def test_starting_a_lesson_again_replaces_the_one_left_part_way(
    quick_settings: AppPaths,
) -> None:
    app = RingbearerApp(quick_settings, StartLesson("mount-doom"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await begin(pilot)
        await play_steps(pilot, screen, 2)
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("p", "1")
        await settle(pilot)
        await pilot.press("2")  # start again
        await settle(pilot)
        await pilot.press("1")  # past the intro
        await settle(pilot)
        assert lesson_screen(app).lesson_session.number == 1
        lessons = [e for e in app.store.entries() if e.lesson == "mount-doom"]
        assert len(lessons) == 1
        assert lessons[0].progress.startswith("lesson, ")  # how Load lists it


def left_before_its_last_step(paths: AppPaths, game: str) -> None:
    """The lesson saved with one step to go, as a player who left there would find it."""
    session = LessonSession.begin(load_lesson(game), SaveStore(paths.saves, paths.autosaves))
    while session.number < session.steps:
        expected = session.expected()
        assert expected is not None
        session.play(expected)
    session.autosave()


async def play_to_the_outro(pilot: Pilot[Any]) -> ChoiceDialog:
    await settle(pilot)
    await pilot.pause(ARRIVAL_GUARD_SECONDS)  # the menu's keys play no choice until then
    screen = lesson_screen(pilot.app)  # type: ignore[arg-type]
    await play_steps(pilot, screen, 1)
    await settle(pilot)
    outro = pilot.app.screen
    assert isinstance(outro, ChoiceDialog)
    return outro


@pytest.mark.parametrize(
    ("way", "lands_on"),
    [("real", NewGameDialog), ("rules", RulesScreen), ("again", ChoiceDialog), ("leave", MainMenu)],
)
async def test_the_outros_ways_lead_where_they_say(
    quick_settings: AppPaths, way: str, lands_on: type
) -> None:
    left_before_its_last_step(quick_settings, "mount-doom")
    app = RingbearerApp(quick_settings, StartContinue())
    async with app.run_test(size=(80, 24)) as pilot:
        outro = await play_to_the_outro(pilot)
        await pilot.click(f"#way-{way}")
        await settle(pilot)
        assert isinstance(app.screen, lands_on)
        if way == "real":
            assert app.screen.query_one("#game").value == "mount-doom"  # type: ignore[attr-defined]
        if way == "rules":
            tabs = app.screen.query_one("TabbedContent")
            assert tabs.active == "rules-mount-doom"  # type: ignore[attr-defined]
        if way == "again":
            assert app.screen.title_text.startswith("Learn to play")  # type: ignore[attr-defined]
        assert outro.ways[0][0] == "on"


async def test_playing_on_after_the_lesson_is_an_ordinary_game(quick_settings: AppPaths) -> None:
    left_before_its_last_step(quick_settings, "mount-doom")
    app = RingbearerApp(quick_settings, StartContinue())
    async with app.run_test(size=(80, 24)) as pilot:
        await play_to_the_outro(pilot)
        await pilot.press("1")  # Play on
        await settle(pilot)
        screen = lesson_screen(app)
        assert not screen.lesson_session.teaching
        assert not screen.query_one(ActionMenu).marked
        before = len(screen.session.match.log)
        await pilot.press("5")  # any choice is played now
        await settle(pilot)
        assert len(screen.session.match.log) == before + 1


IN_A_CAMPAIGN = [game for game in SHIPPED if load_lesson(game).campaign]


@pytest.mark.parametrize("game", IN_A_CAMPAIGN)
async def test_a_lesson_played_in_a_campaign_saves_the_campaign_at_its_end(
    quick_settings: AppPaths, game: str
) -> None:
    from ringbearer_tui.screens.campaign import CampaignScreen

    left_before_its_last_step(quick_settings, game)
    app = RingbearerApp(quick_settings, StartContinue())
    async with app.run_test(size=(80, 24)) as pilot:
        outro = await play_to_the_outro(pilot)
        assert outro.default == "campaign"
        (entry,) = app.campaigns.entries()
        assert entry.name == load_lesson(game).campaign
        await pilot.click("#way-campaign")
        await settle(pilot)
        assert isinstance(app.screen, CampaignScreen)


async def test_opening_the_finished_book_lesson_again_never_rewrites_its_campaign(
    quick_settings: AppPaths,
) -> None:
    from ringbearer_tui.games.adventure_book.saves import CampaignStore
    from ringbearer_tui.screens.campaign import CampaignScreen

    left_before_its_last_step(quick_settings, "adventure-book")
    app = RingbearerApp(quick_settings, StartContinue())
    async with app.run_test(size=(80, 24)) as pilot:
        await play_to_the_outro(pilot)
    campaigns = CampaignStore(quick_settings.campaigns)
    (entry,) = campaigns.entries()
    moved_on = campaigns.read(entry.path)
    moved_on.name = "Played on since"  # any change the campaign went through after the lesson
    campaigns.write(moved_on)
    written = entry.path.read_bytes()
    app = RingbearerApp(quick_settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        (lesson_save,) = [e for e in app.store.entries() if e.lesson == "adventure-book"]
        app.open_save(lesson_save)
        await settle(pilot)
        outro = app.screen
        assert isinstance(outro, ChoiceDialog)
        assert outro.default == "campaign"
        assert entry.path.read_bytes() == written
        await pilot.click("#way-campaign")
        await settle(pilot)
        assert isinstance(app.screen, CampaignScreen)
        assert app.screen.record.name == "Played on since"
    assert entry.path.read_bytes() == written


async def test_a_finished_lesson_is_listed_as_finished_and_offered_again_not_resumed(
    quick_settings: AppPaths,
) -> None:
    left_before_its_last_step(quick_settings, "mount-doom")
    app = RingbearerApp(quick_settings, StartContinue())
    async with app.run_test(size=(80, 24)) as pilot:
        await play_to_the_outro(pilot)  # the lesson ends; its match would go on
        await pilot.click("#way-leave")
        await settle(pilot)
        assert isinstance(app.screen, MainMenu)
        (entry,) = [e for e in app.store.entries() if e.lesson == "mount-doom"]
        assert entry.finished
        assert entry.progress == "lesson finished"
        assert app.latest_to_continue() is None  # Continue has nothing left to go on with
        await pilot.press("p", "1")  # Learn to play: Mount Doom
        await settle(pilot)
        offer = app.screen
        assert isinstance(offer, ChoiceDialog)
        assert "finished this lesson" in offer.body
        assert [way for way, _ in offer.ways] == ["again", "back"]
        assert not any("Go on" in label for _, label in offer.ways)
        await pilot.press("1")  # start again
        await settle(pilot)
        assert app.screen.title_text.startswith("Learn to play")  # type: ignore[attr-defined]
        await pilot.press("1")  # past the intro
        await settle(pilot)
        assert lesson_screen(app).lesson_session.number == 1


async def test_learn_to_play_offers_exactly_the_games_whose_lesson_file_is_there(
    quick_settings: AppPaths,
) -> None:
    from importlib import resources

    folder = resources.files("ringbearer_tui.lessons")
    present = [g for g in LESSON_GAMES if folder.joinpath(f"{g.replace('-', '_')}.toml").is_file()]
    app = RingbearerApp(quick_settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        assert [way for way, _ in dialog.ways] == present
        await pilot.press("1")
        await settle(pilot)
        assert isinstance(app.screen, ChoiceDialog)
        assert app.screen.title_text.startswith("Learn to play: ")  # the chosen lesson's intro
