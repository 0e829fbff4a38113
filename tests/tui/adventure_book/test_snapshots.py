"""What the Adventure Book campaign and chapter screens look like, at 80x24 and 120x40.

Update after reviewing the report: ``pytest tests/tui/adventure_book --snapshot-update``."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from textual.pilot import Pilot

from ringbearer_engine.games.adventure_book import Campaign, campaign_after
from ringbearer_tui.app import RingbearerApp, StartContinue
from ringbearer_tui.games.adventure_book.saves import CampaignRecord
from ringbearer_tui.paths import AppPaths
from ringbearer_tui.screens.game import GameScreen
from ringbearer_tui.settings import Settings, save_settings
from ringbearer_tui.widgets.action_menu import CHOICE_KEYS, ActionMenu

from . import positions

Snap = Callable[..., bool]
SIZES = pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])


@pytest.fixture(autouse=True)
def bots_stay_thinking(monkeypatch: pytest.MonkeyPatch) -> None:
    """A bot to move stays "thinking" while the picture is taken, however slowly a loaded
    machine starts the app: a slow bot speed alone let the bot move first now and then."""
    monkeypatch.setattr(GameScreen, "_schedule_bot", lambda self: None)


@cache
def before_chapter(number: int) -> Campaign:
    return positions.after_chapters(number)


def person_to_move(condition: positions.Condition) -> positions.Condition:
    return lambda match: match.to_move == 0 and condition(match)


def fresh() -> CampaignRecord:
    return positions.record(positions.PEOPLE)


def after_a_loss() -> CampaignRecord:
    lost = positions.first_result(Campaign.new(), lambda result: result != "won")
    return positions.record(positions.BOTS, match=lost)


def after_chapter_4() -> CampaignRecord:
    won = positions.first_result(before_chapter(4), lambda result: result == "won")
    return positions.record(positions.BOTS, before_chapter(4), match=won)


def chapter_1() -> CampaignRecord:
    match = positions.reach(Campaign.new(), positions.ANN_AND_BOT, positions.at_start)
    return positions.record(positions.ANN_AND_BOT, match=match)


def chapter_3() -> CampaignRecord:
    campaign = before_chapter(3)
    match = positions.reach(campaign, positions.ANN_AND_BOT, positions.at_start)
    return positions.record(positions.ANN_AND_BOT, campaign, match=match)


def payment() -> CampaignRecord:
    wanted = person_to_move(positions.payment_decision)
    match = positions.reach(Campaign.new(), positions.ANN_AND_BOT, wanted)
    return positions.record(positions.ANN_AND_BOT, match=match)


def trade_hand_over() -> CampaignRecord:
    match = positions.reach(Campaign.new(), positions.PEOPLE, positions.trade_answer)
    return positions.record(positions.PEOPLE, match=match)


MOMENTS: dict[str, Callable[[], CampaignRecord]] = {
    "campaign_fresh": fresh,
    "campaign_after_a_loss": after_a_loss,
    "campaign_after_chapter_4": after_chapter_4,
    "chapter_1": chapter_1,
    "chapter_3": chapter_3,
    "payment_decision": payment,
    "trade_hand_over": trade_hand_over,
}


async def settle(pilot: Pilot[Any]) -> None:
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause(0.2)


@SIZES
@pytest.mark.parametrize("moment", list(MOMENTS))
def test_adventure_book_screen(
    snap_compare: Snap, paths: AppPaths, moment: str, size: tuple[int, int]
) -> None:
    save_settings(paths.settings_file, Settings(bot_speed="slow", confirm_quit=False))
    positions.store_record(paths, MOMENTS[moment]())
    app = RingbearerApp(paths, StartContinue())
    assert snap_compare(app, terminal_size=size, run_before=settle)


@SIZES
def test_adventure_book_chapter_won(
    snap_compare: Snap, paths: AppPaths, size: tuple[int, int]
) -> None:
    save_settings(paths.settings_file, Settings(bot_speed="slow", confirm_quit=False))
    match, final = positions.one_step_before(Campaign.new(), lambda result: result == "won")
    positions.store_record(paths, positions.record(positions.seats_of(match), match=match))
    app = RingbearerApp(paths, StartContinue())

    async def win(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        index = pilot.app.screen.query_one(ActionMenu).actions.index(final)
        await pilot.press(CHOICE_KEYS[index])
        await settle(pilot)

    assert snap_compare(app, terminal_size=size, run_before=win)


def test_the_campaign_after_chapter_4_has_won_four_chapters() -> None:
    campaign = campaign_after(
        positions.first_result(before_chapter(4), lambda result: result == "won")
    )
    assert campaign.chapters_won == (1, 2, 3, 4)


def test_adventure_book_challenges_over_the_page_at_120x40(
    snap_compare: Snap, paths: AppPaths
) -> None:
    """Chapter 2's Challenges are a few rows too many for the first page: they go on over
    the page, and the table keeps to two pages with no half-empty first one (issue 47)."""
    save_settings(paths.settings_file, Settings(bot_speed="slow", confirm_quit=False))
    campaign = before_chapter(2)
    match = positions.reach(campaign, positions.ANN_AND_BOT, positions.at_start)
    positions.store_record(paths, positions.record(positions.ANN_AND_BOT, campaign, match=match))
    app = RingbearerApp(paths, StartContinue())
    assert snap_compare(app, terminal_size=(120, 40), run_before=settle)


@SIZES
def test_adventure_book_challenges_page(
    snap_compare: Snap, paths: AppPaths, size: tuple[int, int]
) -> None:
    """Chapter 8's Challenges: at 80x24 on the page after the board's (one press of ``]``),
    at 120x40 on the first page beside the board."""
    save_settings(paths.settings_file, Settings(bot_speed="slow", confirm_quit=False))
    campaign = Campaign(chapter=8)
    match = positions.reach(campaign, positions.ANN_AND_BOT, positions.at_start)
    positions.store_record(paths, positions.record(positions.ANN_AND_BOT, campaign, match=match))
    app = RingbearerApp(paths, StartContinue())

    async def to_the_challenges(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        if size == (80, 24):
            await pilot.press("right_square_bracket")
            await settle(pilot)

    assert snap_compare(app, terminal_size=size, run_before=to_the_challenges)


@SIZES
def test_adventure_book_solo_storytelling_with_the_swaps_opened(
    snap_compare: Snap, paths: AppPaths, size: tuple[int, int]
) -> None:
    """A solo storytelling list: its kinds at once at 80x24 (the whole list at 120x40, where
    it fits); then the swaps with the solo hand, opened from their entry."""
    from .test_choice_folding import SOLO, many_swaps

    save_settings(paths.settings_file, Settings(bot_speed="slow", confirm_quit=False))
    match = positions.reach(Campaign.new(), SOLO, many_swaps)
    positions.store_record(paths, positions.record(SOLO, Campaign.new(), match=match))
    app = RingbearerApp(paths, StartContinue())

    async def open_the_swaps(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        menu = pilot.app.screen.query_one(ActionMenu)
        titles = [getattr(entry, "title", "") for entry in menu.actions]
        if "Swap with the solo hand" in titles:
            await pilot.press(CHOICE_KEYS[titles.index("Swap with the solo hand")])
            await settle(pilot)

    assert snap_compare(app, terminal_size=size, run_before=open_the_swaps)
