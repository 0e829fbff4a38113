"""The end-of-game dialog: every way on shows its key and takes it, the arrows move along the
buttons, and the command palette offers the same ways."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.widgets import Button, Static

from ringbearer_tui.app import RingbearerApp
from ringbearer_tui.commands import RingbearerCommands
from ringbearer_tui.dialogs.game_over import STAY, GameOverDialog, way_keys
from ringbearer_tui.dialogs.help import HelpDialog
from ringbearer_tui.paths import AppPaths

WAYS = [
    (STAY, "See the board"),
    ("again", "Play again"),
    ("review", "Review"),
    ("leave", "Back to the menu"),
]


class EndOfGame(App[None]):
    """Shows the dialog once and keeps its answer."""

    def __init__(self, ways: list[tuple[str, str]] = WAYS) -> None:
        super().__init__()
        self.ways = ways
        self.answers: list[str | None] = []

    def compose(self) -> ComposeResult:
        yield Static("the final board")

    def on_mount(self) -> None:
        dialog = GameOverDialog("Victory!", "You won.", self.ways, default="leave")
        self.push_screen(dialog, self.answers.append)


def labels(app: App[None]) -> list[str]:
    return [str(button.label) for button in app.screen.query(Button)]


def test_the_way_back_takes_the_initial_of_where_it_goes() -> None:
    assert way_keys(WAYS) == {STAY: "b", "again": "r", "review": "v", "leave": "m"}
    assert way_keys([(STAY, "See the board"), ("leave", "To the campaign")])["leave"] == "c"


async def test_every_way_on_shows_its_key() -> None:
    app = EndOfGame()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert labels(app) == [
            "See the board (b)",
            "Play again (r)",
            "Review (v)",
            "Back to the menu (m)",
        ]


@pytest.mark.parametrize(
    ("key", "way"), [("b", STAY), ("r", "again"), ("v", "review"), ("m", "leave")]
)
async def test_each_way_on_is_taken_by_its_key(key: str, way: str) -> None:
    app = EndOfGame()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(key)
        await pilot.pause()
        assert app.answers == [way]


async def test_a_key_of_a_way_not_offered_does_nothing() -> None:
    app = EndOfGame([(STAY, "See the board"), ("leave", "Back to the menu")])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("v", "r")
        await pilot.pause()
        assert app.answers == []
        assert isinstance(app.screen, GameOverDialog)


async def test_left_then_enter_takes_the_way_left_of_the_focused_one() -> None:
    app = EndOfGame()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("left", "enter")
        await pilot.pause()
        assert app.answers == ["review"]


async def test_the_arrows_go_round_the_buttons_and_never_to_the_text() -> None:
    app = EndOfGame()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        seen = []
        for _ in range(5):
            await pilot.press("right")
            focused = app.screen.focused
            assert isinstance(focused, Button)
            seen.append(focused.id)
        assert seen == ["way-board", "way-again", "way-review", "way-leave", "way-board"]


async def test_the_help_lists_the_ways_and_their_keys(quick_settings: AppPaths) -> None:
    app = RingbearerApp(quick_settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(GameOverDialog("Victory!", "You won.", WAYS, default="leave"))
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        help_dialog = app.screen
        assert isinstance(help_dialog, HelpDialog)
        text = help_dialog._text()
        for row in ("| `r` | Play again |", "| `v` | Review |", "| `b` | See the board |"):
            assert row in text


async def test_the_palette_offers_every_way_on(quick_settings: AppPaths) -> None:
    app = RingbearerApp(quick_settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        answers: list[str | None] = []
        dialog = GameOverDialog("Victory!", "You won.", WAYS, default="leave")
        app.push_screen(dialog, answers.append)
        await pilot.pause()
        commands = {name: run for name, run, _ in RingbearerCommands(dialog)._commands()}
        assert {"See the board", "Play again", "Review", "Back to the menu"} <= set(commands)
        commands["Review"]()
        await pilot.pause()
        assert answers == ["review"]
