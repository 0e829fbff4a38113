"""Adventure to Mount Doom in the app: whole games by keys alone and by clicks alone,
the board's parts, reading a card, and the end-of-game summary."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

import ringbearer_engine as rb
from ringbearer_engine.games.mount_doom.content import CARDS
from ringbearer_engine.games.mount_doom.state import MountDoomState
from ringbearer_tui.app import RingbearerApp, StartLoaded, StartNew
from ringbearer_tui.dialogs.message import MessageDialog
from ringbearer_tui.games.mount_doom.board import (
    EncounterRow,
    MountDoomBoard,
    SlotWidget,
    TableTop,
)
from ringbearer_tui.paths import AppPaths
from ringbearer_tui.screens.game import GameScreen
from ringbearer_tui.screens.main_menu import MainMenu
from ringbearer_tui.seats import NewGameRequest, Seat
from ringbearer_tui.widgets.action_menu import ActionMenu

from . import positions

BIG = (160, 50)


def game_screen(app: RingbearerApp) -> GameScreen:
    screen = app.screen
    assert isinstance(screen, GameScreen), f"expected the game screen, not {screen!r}"
    return screen


def current(app: RingbearerApp) -> object:
    return app.screen


async def settle(pilot: Pilot[Any]) -> None:
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def start(seed: int, players: int = 2) -> StartNew:
    seats = [Seat(name) for name in ("Ann", "Bo", "Cy", "Di")[:players]]
    return StartNew(NewGameRequest("mount-doom", seats, {}, seed))


async def test_a_whole_game_with_the_keyboard_alone(quick_settings: AppPaths) -> None:
    """Every decision made with keys: number keys, or the arrows and enter past nine."""
    app = RingbearerApp(quick_settings, start(seed=9))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        bot = rb.make_bot(rb.get_game("mount-doom"), "heuristic", 9)
        for _ in range(2000):
            if isinstance(current(app), MessageDialog):
                break
            screen = game_screen(app)
            match = screen.session.match
            wanted = bot.choose(match.game, match.game.clone(match.state))
            index = screen.query_one(ActionMenu).actions.index(wanted)
            if index < 9:
                await pilot.press(str(index + 1))
            else:
                await pilot.press("home", *["down"] * index, "enter")
            await pilot.pause()
        assert isinstance(current(app), MessageDialog)
        body = str(app.screen.query_one("#body").render())
        assert "Turns:" in body
        assert "Battles:" in body
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(current(app), MainMenu)


async def test_a_whole_game_with_the_mouse_alone(quick_settings: AppPaths) -> None:
    """Every decision made by clicking a choice (the heuristic's when it is on screen)."""
    app = RingbearerApp(quick_settings, start(seed=5))
    async with app.run_test(size=BIG) as pilot:
        await settle(pilot)
        bot = rb.make_bot(rb.get_game("mount-doom"), "heuristic", 5)
        for _ in range(2000):
            if isinstance(current(app), MessageDialog):
                await pilot.click("#close")
                break
            screen = game_screen(app)
            menu = screen.query_one(ActionMenu)
            match = screen.session.match
            wanted = bot.choose(match.game, match.game.clone(match.state))
            visible = menu.size.height - 2
            index = menu.actions.index(wanted)
            # One line a choice at this width; the list starts at its first choice.
            await pilot.click(ActionMenu, offset=(4, 1 + (index if index < visible else 0)))
            await pilot.pause()
        await pilot.pause()
        assert isinstance(current(app), MainMenu)


async def test_the_board_shows_every_part(quick_settings: AppPaths) -> None:
    app = RingbearerApp(quick_settings, start(seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        board = screen.query_one(MountDoomBoard)
        top = str(board.query_one(TableTop).render())
        for part in ("Resolve", "Rivendell", "Rohan", "M. Morgul", "◆", "Isengard", "Nazgûl"):
            assert part in top
        assert "+Rivendell: FMALG" in top  # every figure in sight, though the cell is full
        row = [str(slot.render()) for slot in board.query_one(EncounterRow).query(SlotWidget)]
        assert sum("face down" in text for text in row) == 2
        assert len(row) == 6


async def test_the_fit_at_80_by_24_wraps_no_route_line(quick_settings: AppPaths) -> None:
    app = RingbearerApp(quick_settings, start(seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        top = game_screen(app).query_one(TableTop)
        lines = str(top.render()).splitlines()
        assert all(len(line) <= top.size.width for line in lines)


async def test_clicking_a_face_up_card_shows_its_text(quick_settings: AppPaths) -> None:
    app = RingbearerApp(quick_settings, start(seed=1))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.click("#slot-2")
        await pilot.pause()
        assert isinstance(current(app), MessageDialog)
        title = str(app.screen.query_one("#title").render())
        assert title.endswith("(friend)") or title.endswith("(enemy)")


async def test_enter_on_a_card_opens_its_text_and_keeps_it_open(
    quick_settings: AppPaths,
) -> None:
    app = RingbearerApp(quick_settings, start(seed=1))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        app.screen.query_one("#slot-2").focus()
        await pilot.pause()
        await pilot.press("enter")
        for _ in range(3):
            await pilot.pause(0.05)
        assert isinstance(current(app), MessageDialog)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(current(app), GameScreen)


def holds_cards(state: MountDoomState, match: rb.Match) -> bool:
    return len(state.held) >= 2 and match.outcome is None


async def test_c_reads_the_cards_the_players_hold(quick_settings: AppPaths) -> None:
    match = positions.reach(holds_cards)
    app = RingbearerApp(quick_settings, StartLoaded(match.save()))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(current(app), MessageDialog)
        body = str(app.screen.query_one("#body").render())
        state = match.state
        assert isinstance(state, MountDoomState)
        for card, holder in zip(state.held, state.holder, strict=True):
            assert f"{CARDS[card].name}, held by {match.players[holder]}" in body
            assert CARDS[card].text.split(";")[0] in " ".join(body.split())


async def test_an_illegal_choice_is_refused_with_its_reason(quick_settings: AppPaths) -> None:
    app = RingbearerApp(quick_settings, start(seed=1))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        before = screen.session.match.snapshot()
        screen.play(screen.session.match.parse("keep 3 blue"))
        await pilot.pause()
        assert screen.session.match.snapshot() == before
        assert any(n.title == "Not allowed" for n in app._notifications)


@pytest.mark.parametrize("where", ["in_battle", "army_of_the_dead", "final_stage"])
async def test_a_loaded_position_shows_its_decision(quick_settings: AppPaths, where: str) -> None:
    match = positions.reach(getattr(positions, where))
    app = RingbearerApp(quick_settings, StartLoaded(match.save()))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        assert screen.session.match.snapshot() == match.snapshot()
        prompt = str(screen.query_one("#prompt").render())
        assert prompt == match.prompt
        assert len(screen.query_one(ActionMenu).actions) == len(match.actions())
