"""What the Adventure Game's table shows beyond the state: the dice just rolled, and every
card of the hand in full on a click or on `c`."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

import ringbearer_engine as rb
from ringbearer_engine.games.adventure_game.events import Fought, MountainRolled
from ringbearer_engine.games.adventure_game.view import AdventureView
from ringbearer_tui.app import RingbearerApp, StartLoaded
from ringbearer_tui.dialogs.message import MessageDialog
from ringbearer_tui.games.adventure_game.board import AdventureBoard, HandView, dice_line, letters
from ringbearer_tui.games.adventure_game.cards import card_text, card_title, cards_of
from ringbearer_tui.games.adventure_game.look import AdventureLook
from ringbearer_tui.paths import AppPaths
from ringbearer_tui.screens.game import GameScreen
from ringbearer_tui.widgets.action_menu import ActionMenu

from . import positions

NAMES = ["Ann", "Bo", "Cy"]


def test_an_attack_roll_reads_without_colour() -> None:
    line = dice_line([Fought(seat=1, face=2, monster="nazgul", won=False)], NAMES)
    assert line is not None
    assert line.plain == "Last roll: Bo [2] vs the Nazgûl: fails"
    won = dice_line([Fought(seat=0, face=6, monster="orcs", won=True)], NAMES)
    assert won is not None
    assert won.plain == "Last roll: Ann [6] vs Orcs: wins"


def test_a_mountain_roll_names_the_die_and_its_face() -> None:
    line = dice_line([MountainRolled(seat=2, face=3)], NAMES)
    assert line is not None
    assert line.plain == "Last roll: Cy's Mountain die [3]"


def test_no_roll_yet_draws_no_dice_line() -> None:
    assert dice_line([], NAMES) is None


async def settle(pilot: Pilot[Any]) -> None:
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def board_of(app: RingbearerApp) -> AdventureBoard:
    screen = app.screen
    assert isinstance(screen, GameScreen)
    return screen.query_one(AdventureBoard)


@pytest.fixture
def bots_wait(monkeypatch: pytest.MonkeyPatch) -> None:
    """No bot moves: a bot's roll would rightly replace the one a test looks for."""
    monkeypatch.setattr(GameScreen, "_schedule_bot", lambda self: None)


@pytest.mark.usefixtures("bots_wait")
async def test_the_attack_die_shows_on_the_board_when_rolled(quick_settings: AppPaths) -> None:
    match = positions.reach(positions.held_by_nazgul)
    held = match.players[match.to_move or 0]  # the person at the screen
    app = RingbearerApp(quick_settings, StartLoaded(match.save()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "Last roll: " not in board_of(app).text()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        menu = screen.query_one(ActionMenu)
        fight = next(a for a in menu.actions if str(a) == "fight")
        assert isinstance(fight, rb.Action)
        screen.play(fight)
        await pilot.pause()
        assert f"Last roll: {held} [" in board_of(app).text()


@pytest.mark.usefixtures("bots_wait")
async def test_a_loaded_game_shows_its_last_roll(quick_settings: AppPaths) -> None:
    match = positions.after_a_fight()
    fights = [e for step in match.playthrough() for e in step.events if isinstance(e, Fought)]
    fought = match.players[fights[-1].seat]
    app = RingbearerApp(quick_settings, StartLoaded(match.save()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert f"Last roll: {fought} [" in board_of(app).text()


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["names in a row", "cards in lines"])
async def test_clicking_a_card_in_the_hand_opens_its_full_text(
    quick_settings: AppPaths, size: tuple[int, int]
) -> None:
    match = positions.reach(positions.at_start)
    app = RingbearerApp(quick_settings, StartLoaded(match.save()))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        hand = board_of(app).query_one(HandView)
        assert hand.spots, "the hand must be drawn"
        seen = []
        for row, start, _, card in hand.spots:
            if card in seen:
                continue
            seen.append(card)
            await pilot.click(HandView, offset=(start + 1, row))
            await pilot.pause()
            dialog = app.screen
            assert isinstance(dialog, MessageDialog), f"no dialog for {card}"
            body = str(dialog.query_one("#body").render())
            assert card_text(card).split("\n")[0] in body
            await pilot.press("enter")
            await pilot.pause()
        view = match.view(match.to_move)
        assert isinstance(view, AdventureView)
        assert seen == list(dict.fromkeys(view.hand))


async def test_a_click_beside_the_cards_opens_nothing(quick_settings: AppPaths) -> None:
    app = RingbearerApp(quick_settings, StartLoaded(positions.reach(positions.at_start).save()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.click(HandView, offset=(1, 0))  # the heading
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


async def test_the_cards_key_reads_the_highlighted_choice_and_the_hand(
    quick_settings: AppPaths,
) -> None:
    match = positions.reach(positions.held_by_nazgul)
    app = RingbearerApp(quick_settings, StartLoaded(match.save()))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        menu = screen.query_one(ActionMenu)
        shown = [a for a in menu.actions if isinstance(a, rb.Action)]
        assert shown == menu.actions  # a short list: not folded by kind
        with_card = next(i for i, a in enumerate(shown) if cards_of(a))
        await pilot.press("home", *["down"] * with_card, "c")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, MessageDialog)
        body = str(dialog.query_one("#body").render())
        played = cards_of(shown[with_card])[0]
        assert body.startswith(f"{card_title(played)}: the highlighted choice")
        view = match.view(match.to_move)
        assert isinstance(view, AdventureView)
        for card in view.hand:
            assert card_title(card) in body


def test_the_cards_read_are_the_viewers_never_another_hand() -> None:
    match = positions.reach(positions.at_start, people=2)
    look = AdventureLook()
    for seat in range(len(match.players)):
        view = match.view(seat)
        assert isinstance(view, AdventureView)
        titles = {title.split(":")[0] for title, _ in look.cards(match, seat, None)}
        assert titles == {card_title(card) for card in view.hand}
    assert look.cards(match, None, None) == []


def test_pawn_letters_are_initials_unless_two_clash_or_one_is_a_board_mark() -> None:
    assert letters(["Ann", "Bo", "Cy"]) == ["A", "B", "C"]
    assert letters(["Bo", "Cy", "Dee"]) == ["B", "C", "D"]
    assert letters(["Ann", "Abe"]) == ["A", "B"]
    # "S" is Bag End's mark and "T" a town's: Sam and Tom get neutral letters.
    assert letters(["Frodo", "Sam"]) == ["A", "B"]
    assert letters(["Tom", "Bo"]) == ["A", "B"]
