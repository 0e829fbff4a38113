"""The Adventure Book campaign in the app: New game starts one, chapters are played from
the campaign screen and come back to it, Continue resumes mid-chapter, a lost chapter is
replayed with its corruption kept, missing chapters stop the campaign with its save intact,
and a damaged campaign save is refused with its reason and its backup offered."""

from __future__ import annotations

import dataclasses
import os
import signal
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Button, Input, Select, Static

import ringbearer_engine as rb
from ringbearer_engine.games.adventure_book import Campaign, add_chapter, page, remove_chapter
from ringbearer_engine.games.adventure_book.chapters import LAST_CHAPTER, pages
from ringbearer_tui.app import RingbearerApp, StartContinue, StartNew
from ringbearer_tui.choice_groups import ChoiceGroup
from ringbearer_tui.dialogs.game_over import GameOverDialog
from ringbearer_tui.dialogs.message import MessageDialog
from ringbearer_tui.dialogs.new_game import NewGameDialog
from ringbearer_tui.games.adventure_book import play
from ringbearer_tui.games.adventure_book.play import ChapterSession
from ringbearer_tui.games.adventure_book.saves import CampaignStore
from ringbearer_tui.paths import AppPaths
from ringbearer_tui.screens.campaign import CampaignScreen
from ringbearer_tui.screens.game import GameScreen
from ringbearer_tui.screens.load import LoadScreen
from ringbearer_tui.screens.main_menu import MainMenu
from ringbearer_tui.seats import NewGameRequest
from ringbearer_tui.widgets.action_menu import CHOICE_KEYS, ActionMenu

from . import positions

SIZE = (80, 24)
CHAPTER_SECONDS = 300
"""The longest a chapter of bots may take on a loaded machine (a few seconds on an idle one)."""


async def settle(pilot: Pilot[Any]) -> None:
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def campaign_screen(app: RingbearerApp) -> CampaignScreen:
    return next(s for s in reversed(app.screen_stack) if isinstance(s, CampaignScreen))


def text_of(screen: CampaignScreen, ident: str) -> str:
    return str(screen.query_one(ident, Static).render())


async def test_new_game_for_the_book_asks_a_campaign_name_and_no_engine_fields(
    quick_settings: AppPaths,
) -> None:
    app = RingbearerApp(quick_settings)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, NewGameDialog)
        dialog.query_one("#game", Select).value = "adventure-book"
        await settle(pilot)
        names = {w.name for w in dialog.query(".option")}
        assert not names, f"engine fields shown: {names}"
        name = dialog.query_one("#campaign-name", Input)
        name.value = "Into the West"
        await pilot.click("#start")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, CampaignScreen)
        assert screen.record.name == "Into the West"
        assert "▶ 1 The Adventure Begins" in text_of(screen, "#campaign-chapters")
        saved = CampaignStore(quick_settings.campaigns).entries()
        assert [e.name for e in saved] == ["Into the West"]


async def test_the_campaign_words_name_the_extra_face_up_hand_only_for_one_seat(
    quick_settings: AppPaths,
) -> None:
    """The solo rules lay out an extra hand to trade with; with more seats there is none."""
    app = RingbearerApp(quick_settings)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, NewGameDialog)
        dialog.query_one("#game", Select).value = "adventure-book"
        await settle(pilot)
        words: dict[int, str] = {}
        for seats in (1, 2, 3, 4, 1):
            dialog.query_one("#count", Select).value = seats
            await settle(pilot)
            words[seats] = str(dialog.query_one("#campaign-help", Static).render())
        assert "extra hand" in words[1]
        assert "face up" in words[1]
        for seats in (2, 3, 4):
            assert "extra hand" not in words[seats]
            assert "face up" not in words[seats]
            assert f"the {seats} players play together" in words[seats]


async def test_a_seeded_campaign_of_bots_plays_to_the_last_available_chapter(
    quick_settings: AppPaths, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Chapter after chapter through the campaign screen: each chapter's end comes back to
    it with what changed, until the first chapter this version does not have. The version is
    cut down to two chapters, so the test plays a short campaign whatever the engine has."""
    shown = {n: page(n) for n in (1, 2)}
    monkeypatch.setattr(play, "pages", lambda: shown)
    request = NewGameRequest("adventure-book", positions.BOTS, {}, 3, "Bots")
    app = RingbearerApp(quick_settings, StartNew(request))
    last = max(shown)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for _ in range(40):
            screen = campaign_screen(app)
            campaign = screen.record.state
            if campaign.finished or campaign.chapter > last:
                break
            await pilot.press("p")
            # Bots play at once, but a loaded machine is slow: wait by the clock, not by count.
            deadline = time.monotonic() + CHAPTER_SECONDS
            while not isinstance(app.screen, GameOverDialog) and time.monotonic() < deadline:
                await pilot.pause(0.05)
            assert isinstance(app.screen, GameOverDialog), "the chapter never ended"
            await pilot.press("enter")
            await settle(pilot)
            assert campaign_screen(app) is screen
            assert len(app.screen_stack) == 3, "the chapter screen did not close"
            assert "Corruption" in text_of(screen, "#campaign-changes")
        campaign = campaign_screen(app).record.state
        assert campaign.finished or campaign.chapter == last + 1
        assert set(range(1, min(campaign.chapter, last + 1))) <= set(campaign.chapters_won)
        if not campaign.finished:
            assert "not in this version" in text_of(campaign_screen(app), "#campaign-notice")
            assert campaign_screen(app).query_one("#campaign-play", Button).disabled
    saved = CampaignStore(quick_settings.campaigns).entries()
    assert len(saved) == 1
    assert not saved[0].damaged


async def test_quitting_mid_chapter_and_continuing_resumes_the_same_position(
    quick_settings: AppPaths,
) -> None:
    request = NewGameRequest("adventure-book", positions.ANN_AND_BOT, {}, 5, "Resume")
    app = RingbearerApp(quick_settings, StartNew(request))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        for _ in range(4):
            screen = app.screen
            assert isinstance(screen, GameScreen)
            await pilot.press("1")
            await settle(pilot)
        session = app.screen.session  # type: ignore[attr-defined]
        assert isinstance(session, ChapterSession)
        before = (list(session.match.log), session.match.save())
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, MainMenu)
    again = RingbearerApp(quick_settings, StartContinue())
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = again.screen
        assert isinstance(screen, GameScreen), f"Continue opened {screen!r}"
        assert isinstance(screen.session, ChapterSession)
        assert list(screen.session.match.log) == before[0]
        assert screen.session.match.state == rb.Match.load(before[1]).state


async def test_a_lost_chapter_is_replayed_with_its_corruption_kept(
    quick_settings: AppPaths,
) -> None:
    lost = positions.first_result(Campaign.new(), lambda result: result != "won")
    corruption = positions.state_of(lost).corruption
    # People in the seats: no bot is still moving when the test closes the app.
    positions.store_record(quick_settings, positions.record(positions.PEOPLE, match=lost))
    app = RingbearerApp(quick_settings, StartContinue())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, CampaignScreen)
        assert "Replay chapter 1" in str(screen.query_one("#campaign-play", Button).label)
        assert f"to {corruption}" in text_of(screen, "#campaign-changes") or (
            f"stayed at {corruption}" in text_of(screen, "#campaign-changes")
        )
        await pilot.press("p")
        await settle(pilot)
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        state = positions.state_of(game.session.match)
        assert state.chapter == 1
        assert state.options.corruption == corruption
        assert state.options.attempts == 1


@pytest.fixture
def chapter_five() -> Iterator[None]:
    """A chapter 5 added the way a newer version would (a copy of chapter 1's page)."""
    if 5 in pages():
        pytest.skip("this version has chapter 5")
    first = page(1)
    add_chapter(dataclasses.replace(first.chapter, number=5), first.rules)
    yield
    remove_chapter(5)


async def test_a_chapter_missing_from_this_version_stops_the_campaign_until_it_is_added(
    quick_settings: AppPaths, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
) -> None:
    absent = [n for n in range(1, LAST_CHAPTER + 1) if n not in pages()]
    missing = absent[0] if absent else LAST_CHAPTER
    if not absent:  # every chapter is here: hide the last one, as an older version would
        shown = {n: chapter for n, chapter in pages().items() if n != missing}
        monkeypatch.setattr(play, "pages", lambda: shown)
    campaign = Campaign(chapter=missing, chapters_won=tuple(range(1, missing)), attempts=missing)
    path = positions.store_record(quick_settings, positions.record(positions.PEOPLE, campaign))
    app = RingbearerApp(quick_settings, StartContinue())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, CampaignScreen)
        assert "is not in this version of Ringbearer yet" in text_of(screen, "#campaign-notice")
        assert screen.query_one("#campaign-play", Button).disabled
        await pilot.press("p")
        await settle(pilot)
        assert app.screen is screen
    assert CampaignStore(quick_settings.campaigns).read(path).state == campaign
    if not absent:
        monkeypatch.undo()
    elif missing == 5:
        request.getfixturevalue("chapter_five")
    else:
        return  # no stand-in for that chapter
    again = RingbearerApp(quick_settings, StartContinue())
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = again.screen
        assert isinstance(screen, CampaignScreen)
        assert not screen.query_one("#campaign-play", Button).disabled
        await pilot.press("p")
        await settle(pilot)
        assert any(isinstance(s, GameScreen) for s in again.screen_stack)


async def test_a_damaged_campaign_save_shows_the_reason_and_offers_the_backup(
    quick_settings: AppPaths,
) -> None:
    store = CampaignStore(quick_settings.campaigns)
    rec = positions.record(positions.PEOPLE)
    path = store.write(rec)
    store.write(rec)  # the second write keeps the first as the backup
    data = path.read_bytes()
    path.write_bytes(data.replace(b"Ann's fellowship", b"Ann's fellowshiq"))
    app = RingbearerApp(quick_settings)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("l")
        await settle(pilot)
        assert isinstance(app.screen, LoadScreen)
        detail = str(app.screen.query_one("#detail", Static).render())
        assert "cannot be loaded" in detail, detail
        assert "checksum" in detail, detail
        assert "press b" in detail
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, LoadScreen), "a damaged campaign was opened"
        await pilot.press("b")
        await settle(pilot)
        assert isinstance(app.screen, CampaignScreen)
        assert app.screen.record.name == rec.name


def test_continue_prefers_the_most_recent_of_a_game_and_a_campaign(
    quick_settings: AppPaths,
) -> None:
    app = RingbearerApp(quick_settings)
    assert app.latest_to_continue() is None
    match = rb.Match.new("mount-doom", ["Ann"], 1)
    app.store.autosave(match)
    assert app.latest_to_continue() is not None
    path = positions.store_record(quick_settings, positions.record(positions.PEOPLE))
    latest = app.latest_to_continue()
    assert latest is not None
    assert latest.path == path


@dataclasses.dataclass
class CampaignEnd:
    """What a person saw deciding a campaign's last step: the chapter's end dialog, the
    whole campaign's summary, then the campaign screen."""

    app: RingbearerApp
    ending_body: str
    ending_button: str
    title: str
    summary: str
    play_disabled: bool


async def decide_the_campaign(
    paths: AppPaths, campaign: Campaign, wanted: Callable[[str], bool]
) -> CampaignEnd:
    """Continue ``campaign`` one decision before its chapter ends as ``wanted``, make that
    decision through the UI, and read both dialogs."""
    match, final = positions.one_step_before(campaign, wanted)
    positions.store_record(
        paths, positions.record(positions.seats_of(match), campaign, match=match)
    )
    app = RingbearerApp(paths, StartContinue())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        game = app.screen
        assert isinstance(game, GameScreen)
        menu = game.query_one(ActionMenu)
        if final not in menu.actions:  # folded in its kind: open that first
            kind = next(
                e for e in menu.actions if isinstance(e, ChoiceGroup) and final in e.members
            )
            await pilot.press(CHOICE_KEYS[menu.actions.index(kind)])
            await pilot.pause()
        await pilot.press(CHOICE_KEYS[menu.actions.index(final)])
        await settle(pilot)
        ending = app.screen
        assert isinstance(ending, GameOverDialog)
        ending_body, ending_button = ending.body, str(ending.query_one("#way-leave", Button).label)
        await pilot.press("enter")
        await settle(pilot)
        summary = app.screen
        assert isinstance(summary, MessageDialog)
        title, body = summary.title_text, summary.body
        await pilot.press("enter")
        await settle(pilot)
        disabled = campaign_screen(app).query_one("#campaign-play", Button).disabled
    return CampaignEnd(app, ending_body, ending_button, title, body, disabled)


async def test_a_campaign_lost_to_corruption_ends_with_a_summary_of_the_whole_campaign(
    quick_settings: AppPaths,
) -> None:
    near_the_end = Campaign(corruption=14, fired_eyes=(3, 6, 9, 11, 13))
    end = await decide_the_campaign(
        quick_settings, near_the_end, lambda result: result == "corrupted"
    )
    assert "To the campaign" in end.ending_button
    assert end.title == "The campaign is lost"
    assert "the Ring has won" in end.summary
    assert "Chapter 1, The Adventure Begins: lost (corruption 14 → 15)" in end.summary
    assert end.play_disabled
    entry = CampaignStore(quick_settings.campaigns).entries()[0]
    assert entry.finished
    assert entry.progress == "lost to corruption"
    assert end.app.latest_to_continue() is None


async def test_a_campaign_won_with_chapter_eight_ends_with_a_summary_of_the_whole_campaign(
    quick_settings: AppPaths,
) -> None:
    before_the_last = Campaign(chapter=8, corruption=5, chapters_won=tuple(range(1, 8)))
    end = await decide_the_campaign(quick_settings, before_the_last, lambda result: result == "won")
    assert "campaign is won" in end.ending_body
    assert end.title == "The campaign is won!"
    assert "The One Ring is destroyed" in end.summary
    assert "Chapter 8, The Last Battle: won" in end.summary
    assert end.play_disabled
    entry = CampaignStore(quick_settings.campaigns).entries()[0]
    assert entry.finished
    assert end.app.latest_to_continue() is None


async def test_the_command_palette_plays_the_campaign_chapter(quick_settings: AppPaths) -> None:
    from ringbearer_tui.commands import RingbearerCommands

    positions.store_record(quick_settings, positions.record(positions.PEOPLE))
    app = RingbearerApp(quick_settings, StartContinue())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        commands = {name: run for name, run, _ in RingbearerCommands(app.screen)._commands()}
        commands["Play the chapter"]()
        await settle(pilot)
        assert any(isinstance(s, GameScreen) for s in app.screen_stack)


async def test_a_hint_in_a_chapter_is_what_the_books_own_advisor_advises(
    quick_settings: AppPaths,
) -> None:
    match = positions.reach(Campaign.new(), positions.ANN_AND_BOT, positions.at_start)
    positions.store_record(quick_settings, positions.record(positions.ANN_AND_BOT, match=match))
    app = RingbearerApp(quick_settings, StartContinue())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await pilot.press("h")
        await settle(pilot)
        assert screen.advice is not None
        chapter = screen.session.match
        expected = rb.advise(chapter.game, chapter.state, len(chapter.log))
        assert screen.advice.advised == expected[0].action


async def test_a_hang_up_mid_chapter_saves_the_campaign_with_the_chapter_in_play(
    quick_settings: AppPaths,
) -> None:
    match = positions.reach(Campaign.new(), positions.ANN_AND_BOT, positions.at_start)
    path = positions.store_record(
        quick_settings, positions.record(positions.ANN_AND_BOT, match=match)
    )
    app = RingbearerApp(quick_settings, StartContinue())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("2")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        played = screen.session.match.state
        path.unlink()
        os.kill(os.getpid(), signal.SIGHUP)
        await pilot.pause(0.2)
    assert app.exit_reason == "hang-up"
    saved = CampaignStore(quick_settings.campaigns).read(path)
    assert saved.match is not None
    assert rb.Match.load(saved.match).state == played
