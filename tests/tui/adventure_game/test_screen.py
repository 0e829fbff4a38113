"""The Adventure Game in the app: whole games by keys alone, the hand-over between people at
one keyboard (and never for bots), and what the table shows."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

import ringbearer_engine as rb
from ringbearer_engine.games.adventure_game.actions import Escape, Fight
from ringbearer_tui.app import RingbearerApp, StartLoaded, StartNew
from ringbearer_tui.choice_groups import ChoiceGroup
from ringbearer_tui.commands import RingbearerCommands
from ringbearer_tui.dialogs.game_over import GameOverDialog
from ringbearer_tui.games.adventure_game.board import AdventureBoard
from ringbearer_tui.paths import AppPaths
from ringbearer_tui.screens.game import GameScreen
from ringbearer_tui.screens.hand_over import HandOverScreen
from ringbearer_tui.screens.main_menu import MainMenu
from ringbearer_tui.seats import NewGameRequest, Seat
from ringbearer_tui.widgets.action_menu import ActionMenu
from ringbearer_tui.widgets.event_log import EventLog

from . import positions

SIZE = (80, 24)


def current(app: RingbearerApp) -> object:
    return app.screen


def game_screen(app: RingbearerApp) -> GameScreen:
    screen = app.screen
    assert isinstance(screen, GameScreen), f"expected the game screen, not {screen!r}"
    return screen


def board_text(screen: GameScreen) -> str:
    return screen.query_one(AdventureBoard).text()


async def settle(pilot: Pilot[Any]) -> None:
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def choose_by_keys(pilot: Pilot[Any], screen: GameScreen, wanted: rb.Action) -> None:
    """Choose ``wanted`` as a player would: by its key, or by the arrows past the ninth
    entry; in a long list folded by kind, by first opening the kind that holds it."""
    menu = screen.query_one(ActionMenu)
    if wanted not in menu.actions:
        kind = next(e for e in menu.actions if isinstance(e, ChoiceGroup) and wanted in e.members)
        await press_entry(pilot, menu.actions.index(kind))
        await pilot.pause()
    await press_entry(pilot, menu.actions.index(wanted))


async def press_entry(pilot: Pilot[Any], index: int) -> None:
    if index < 9:
        await pilot.press(str(index + 1))
    else:
        await pilot.press("home", *["down"] * index, "enter")


def start(seats: list[Seat], seed: int) -> StartNew:
    return StartNew(NewGameRequest("adventure-game", seats, {}, seed))


async def test_two_people_at_one_keyboard_pass_it_over_between_turns(
    quick_settings: AppPaths,
) -> None:
    """A whole seeded game by keys: a hand-over screen every time the decider changes, and
    no hand on screen until the next person presses enter."""
    app = RingbearerApp(quick_settings, start([Seat("Ann"), Seat("Bo")], seed=3))
    bot = rb.make_bot(rb.get_game("adventure-game"), "heuristic", 3)
    hand_overs, decisions, last = 0, 0, None
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for _ in range(3000):
            screen = current(app)
            if isinstance(screen, GameOverDialog):
                break
            if isinstance(screen, HandOverScreen):
                game = app.screen_stack[-2]
                assert isinstance(game, GameScreen)
                assert game.session.seat != last, "handed over to the person who just played"
                assert "'s hand" not in board_text(game), "a hand showed during the hand-over"
                assert not game.query_one(ActionMenu).actions, "choices showed to nobody"
                hand_overs += 1
                await pilot.press("enter")
                await pilot.pause()
                continue
            screen = game_screen(app)
            match = screen.session.match
            assert screen.session.seat == screen.session.looking
            assert f"{match.players[screen.session.seat or 0]}'s hand" in board_text(screen)
            last = screen.session.seat
            await choose_by_keys(
                pilot, screen, bot.choose(match.game, match.game.clone(match.state))
            )
            decisions += 1
            await pilot.pause()
        assert isinstance(current(app), GameOverDialog)
        assert hand_overs >= 10
        assert decisions > hand_overs
        body = str(app.screen.query_one("#body").render())
        assert "Turns played:" in body
        assert "spaces walked" in body
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(current(app), MainMenu)


async def test_a_person_against_two_bots_plays_to_the_end_with_no_hand_over(
    quick_settings: AppPaths, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown: list[str] = []
    monkeypatch.setattr(HandOverScreen, "on_mount", lambda self: shown.append(self.player))
    seats = [Seat("Ann"), Seat("Bo", "bot", "ismc"), Seat("Cy", "bot", "heuristic")]
    app = RingbearerApp(quick_settings, start(seats, seed=5))
    bot = rb.make_bot(rb.get_game("adventure-game"), "heuristic", 5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for _ in range(3000):
            screen = current(app)
            if isinstance(screen, GameOverDialog):
                break
            screen = game_screen(app)
            if screen.session.bot_to_move:
                await settle(pilot)
                continue
            match = screen.session.match
            await choose_by_keys(
                pilot, screen, bot.choose(match.game, match.game.clone(match.state))
            )
            await pilot.pause()
        assert isinstance(current(app), GameOverDialog)
    assert shown == []


async def test_the_log_names_players_never_seats(quick_settings: AppPaths) -> None:
    match = positions.reach(positions.held_by_nazgul)
    app = RingbearerApp(quick_settings, StartLoaded(match.save()))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        fight = next(a for a in screen.query_one(ActionMenu).actions if str(a) == "fight")
        assert isinstance(fight, rb.Action)
        await choose_by_keys(pilot, screen, fight)
        await settle(pilot)
        lines = [item.plain for item in screen.query_one(EventLog).items]
        held = match.players[match.to_move or 0]  # the person at the screen, held by a Nazgûl
        assert any(f"{held} rolls a" in line for line in lines), lines
        assert not any("Seat " in line for line in lines)


async def test_held_by_a_monster_the_ways_off_come_before_the_other_cards(
    quick_settings: AppPaths,
) -> None:
    match = positions.reach(positions.held_by_nazgul)
    app = RingbearerApp(quick_settings, StartLoaded(match.save()))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        shown = screen.choices  # in the list's order, folded or not
        actions = [str(action) for action in shown]
        ways_off = [n for n, action in enumerate(shown) if isinstance(action, Fight | Escape)]
        assert "fight" in actions
        assert ways_off == list(range(len(ways_off))), actions  # fight and Escape lead
        assert any(a.startswith("move-nazgul") for a in actions[len(ways_off) :]), actions
        assert sorted(actions) == sorted(str(action) for action in match.actions())
        listed = screen.query_one(ActionMenu).actions
        assert listed[: len(ways_off)] == shown[: len(ways_off)]  # first on screen too


async def test_undo_in_a_game_of_two_people_never_takes_back_the_rivals_move(
    quick_settings: AppPaths,
) -> None:
    """On Sam's turn, `u` leaves Frodo's step alone and the screen with Sam; within a turn
    of Frodo's own, it takes back his last decision."""
    app = RingbearerApp(quick_settings, start([Seat("Frodo"), Seat("Sam")], seed=4))
    async with app.run_test(size=SIZE) as pilot:

        async def ready() -> GameScreen:
            await settle(pilot)
            if isinstance(current(app), HandOverScreen):
                await pilot.press("enter")
                await settle(pilot)
            return game_screen(app)

        screen = await ready()
        match = screen.session.match
        for notation in ("step hobbiton", "step hobbiton", "step bywater", "step bywater"):
            screen.play(match.parse(notation))
            screen = await ready()
        assert screen.session.seat == 0  # Frodo, who stepped first
        screen.play(match.parse("step woody-end"))
        screen = await ready()
        assert screen.session.seat == 1  # Sam's turn
        await pilot.press("u")
        await pilot.pause()
        assert match.log[-1] == "step woody-end", "Frodo's step was taken back from Sam's seat"
        assert screen.session.seat == 1
        assert not isinstance(current(app), HandOverScreen)
        assert any("Frodo's move stands" in n.message for n in app._notifications)
        screen.play(match.parse("step woody-end"))  # Sam steps; Frodo meets a Nazgûl
        screen = await ready()
        screen.play(match.parse("move-nazgul woody-end"))
        screen = await ready()
        assert screen.session.seat == 0
        await pilot.press("u")
        await settle(pilot)
        assert match.log[-1] == "step woody-end"
        assert screen.session.seat == 0
        told = [item.plain for item in screen.query_one(EventLog).items]
        assert told[-1].startswith("Taken back: Play Move a Nazgûl"), told[-1]


async def test_the_palette_names_each_choice_once_in_words_with_its_key(
    quick_settings: AppPaths,
) -> None:
    app = RingbearerApp(quick_settings, start([Seat("Ann"), Seat("Bo", "bot", "heuristic")], 4))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        match = screen.session.match
        for notation in ("step hobbiton",):
            screen.play(match.parse(notation))
            await settle(pilot)
        commands = RingbearerCommands(screen)._commands()
        plays = [(name, help_text) for name, _, help_text in commands if "Play" in name]
        assert plays
        assert [name for name, _ in plays if name.startswith("Play Move")], plays
        assert not [name for name, _ in plays if name.startswith("Play: Play")]
        notations = {str(action) for action in match.actions()}
        assert not [h for _, h in plays if h in notations], "notation as the second line"
        assert plays[0][1] == "Key 1"
