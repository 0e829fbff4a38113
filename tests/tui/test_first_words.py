"""Small words a first-time player meets (issue 47 item 8): each says what it means without
colour, a coach or a guess."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.binding import Binding
from textual.widgets import Label, Static, Switch

import ringbearer_engine as rb
from ringbearer_engine.games.mount_doom.view import SlotView
from ringbearer_tui.app import RingbearerApp, StartLoaded
from ringbearer_tui.dialogs.confirm import ConfirmDialog
from ringbearer_tui.dialogs.help import HelpDialog
from ringbearer_tui.dialogs.new_game import NewGameDialog
from ringbearer_tui.games.mount_doom.board import empty_slot_text, slot_forms
from ringbearer_tui.paths import AppPaths
from ringbearer_tui.screens.game import GameScreen
from ringbearer_tui.screens.settings import SettingsScreen
from ringbearer_tui.seats import Seat, seats_to_meta
from ringbearer_tui.settings import Settings, save_settings
from ringbearer_tui.storage import SaveStore
from ringbearer_tui.widgets.action_menu import CHOICE_KEYS


async def test_quitting_from_the_menu_with_no_game_does_not_speak_of_a_saved_game(
    paths: AppPaths,
) -> None:
    app = RingbearerApp(paths)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        assert app.screen.question == "Quit Ringbearer?"


def bot_first() -> rb.Match:
    match = rb.Match.new("mount-doom", ["Bo", "Ann"], seed=3)
    match.meta["seats"] = seats_to_meta([Seat("Bo", "bot", "heuristic"), Seat("Ann")])
    return match


async def test_a_hint_asked_for_during_a_bots_turn_says_why_none_comes(
    quick_settings: AppPaths, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(GameScreen, "_schedule_bot", lambda self: None)
    app = RingbearerApp(quick_settings, StartLoaded(bot_first().save()))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("h")
        await pilot.pause()
        hint = app.screen.query_one("#hint", Static)
        assert "Bo (a bot) is playing. Ask for a hint on your turn." in str(hint.render())


async def test_the_game_help_gives_the_choice_keys_one_row(
    quick_settings: AppPaths, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(GameScreen, "_schedule_bot", lambda self: None)
    app = RingbearerApp(quick_settings, StartLoaded(bot_first().save()))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpDialog)
        text = app.screen._text()
        assert "Choice 2" not in text
        assert "| `1` … `z` | the choice with that key beside it |" in text


async def test_a_settings_switch_says_on_or_off_in_words(paths: AppPaths) -> None:
    save_settings(paths.settings_file, Settings(turn_bell=False))
    app = RingbearerApp(paths)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        state = app.screen.query_one("#turn_bell-state", Label)
        assert str(state.render()) == "off"
        app.screen.query_one("#turn_bell", Switch).toggle()
        await pilot.pause()
        assert str(state.render()) == "on"


def test_an_autosave_is_listed_under_its_players_names(paths: AppPaths) -> None:
    store = SaveStore(paths.saves, paths.autosaves)
    store.autosave(rb.Match.new("mount-doom", ["Ann", "Bo"], seed=1))
    [entry] = store.entries()
    assert entry.name == "Ann, Bo"


async def test_the_bot_line_goes_when_no_seat_is_a_bot_any_more(paths: AppPaths) -> None:
    app = RingbearerApp(paths)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, NewGameDialog)
        from textual.widgets import Select

        kinds = list(dialog.query(".seat-kind").results(Select))
        kinds[1].value = "heuristic"
        await pilot.pause()
        about = dialog.query_one("#bot-help", Static)
        assert about.display
        for kind in kinds:
            kind.value = "human"
        await pilot.pause()
        assert not about.display


def test_an_empty_mount_doom_slot_says_what_its_symbol_does() -> None:
    slot = SlotView(slot=2, card=None, face_up=False, occupied=False, symbol="merry")
    assert [form.plain for form in slot_forms(slot)][-2:] == [
        "2 empty: Merry moves ≤2",
        "2 empty: Merry",
    ]
    assert "you may move Merry & Pippin forward 0, 1 or 2 spaces" in empty_slot_text(slot)


async def test_served_the_menu_keeps_quit_last_after_tables_and_account(
    paths: AppPaths, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from textual.widgets import Button

    from ringbearer_tui.environment import KEYS_FILE_ENV, TABLE_SOCKET_ENV, TABLE_TOKEN_ENV

    monkeypatch.setenv(KEYS_FILE_ENV, str(tmp_path / "keys"))
    monkeypatch.setenv(TABLE_SOCKET_ENV, str(tmp_path / "t.sock"))
    monkeypatch.setenv(TABLE_TOKEN_ENV, "token")
    app = RingbearerApp(paths)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        ids = [button.id for button in app.screen.query("#entries Button").results(Button)]
        assert ids[-3:] == ["tables", "account", "quit"]


def test_lists_of_keys_name_the_choice_keys_once() -> None:
    """Textual's Keys panel (from the palette) lists bindings that are not system ones: one
    line for every choice key, not "Choice 1" to "Choice 31"."""
    listed = [
        b
        for b in GameScreen.BINDINGS
        if isinstance(b, Binding) and b.action.startswith("choose(") and not b.system
    ]
    assert [(b.key_display, b.description) for b in listed] == [
        ("1 … z", "The choice with that key beside it")
    ]
    every = [b for b in GameScreen.BINDINGS if isinstance(b, Binding) and "choose(" in b.action]
    assert len(every) == len(CHOICE_KEYS)  # each key still plays its choice
