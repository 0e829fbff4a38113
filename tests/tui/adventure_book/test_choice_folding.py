"""The Book's long storytelling list shows its kinds of choice at once (issue 47 item 7)."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

import ringbearer_engine as rb
from ringbearer_engine.games.adventure_book import Campaign
from ringbearer_engine.games.adventure_book import actions as act
from ringbearer_tui.app import RingbearerApp, StartContinue
from ringbearer_tui.choice_groups import ALL_CHOICES, FOLD_FROM, ChoiceGroup
from ringbearer_tui.paths import AppPaths
from ringbearer_tui.screens.game import GameScreen
from ringbearer_tui.seats import Seat
from ringbearer_tui.widgets.action_menu import ActionMenu

from . import positions

SOLO = [Seat("Ann")]
"""One player, with the face-up solo hand to swap with."""


def many_swaps(match: rb.Match) -> bool:
    """Ann's storytelling with a long list that holds several swaps with the solo hand."""
    actions = match.actions()
    swaps = sum(isinstance(a, act.Swap) for a in actions)
    return match.to_move == 0 and len(actions) >= FOLD_FROM and swaps >= 3


async def settle(pilot: Pilot[Any]) -> None:
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def swap_kind(menu: ActionMenu) -> tuple[int, ChoiceGroup]:
    return next(
        (index, entry)
        for index, entry in enumerate(menu.actions)
        if isinstance(entry, ChoiceGroup) and entry.title == "Swap with the solo hand"
    )


async def test_the_swaps_open_from_one_entry_and_escape_closes_them(
    paths: AppPaths, quick_settings: AppPaths
) -> None:
    match = positions.reach(Campaign.new(), SOLO, many_swaps)
    positions.store_record(paths, positions.record(SOLO, Campaign.new(), match=match))
    app = RingbearerApp(paths, StartContinue())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        game_screen = screen
        menu = screen.query_one(ActionMenu)
        every = screen.choices
        assert len(menu.actions) < len(every)
        # Every kind is in view at 80x24: nothing is left below the panel.
        assert not menu.border_subtitle
        index, swaps = swap_kind(menu)
        assert all(isinstance(a, act.Swap) for a in swaps.members)

        await pilot.press(menu.key_of(index))
        await pilot.pause()
        # The swaps do not fit either: one entry for each card of the hand to give.
        assert menu.actions[0] is ALL_CHOICES
        gives = menu.actions[1:]
        assert all(isinstance(entry, ChoiceGroup) for entry in gives)
        assert [m for g in gives if isinstance(g, ChoiceGroup) for m in g.members] == list(
            swaps.members
        )
        assert menu.border_title == "Swap with the solo hand"
        await pilot.press(menu.key_of(1))  # the first card to give
        await pilot.pause()
        first = gives[0]
        assert isinstance(first, ChoiceGroup)
        assert menu.actions[0] == ChoiceGroup("← Swap with the solo hand", ())
        assert menu.actions[1:] == list(first.members)
        assert menu.border_title == first.title
        await pilot.press("escape", "escape")  # out of both kinds, not to the main menu
        await pilot.pause()
        assert app.screen is game_screen
        assert swap_kind(menu) == (index, swaps)
        assert menu.border_title == "Choices"

        await pilot.press(menu.key_of(index), menu.key_of(1))
        await pilot.pause()
        steps = len(screen.session.match.log)
        await pilot.press(menu.key_of(1))  # the first swap
        await settle(pilot)
        assert screen.session.match.log[steps] == str(first.members[0])
        assert screen.open_kinds == ()
        assert ALL_CHOICES not in menu.actions
