"""The app driven as a player would, with keys only or with the mouse only (Pilot)."""

from __future__ import annotations

import os
import signal

import pytest
from testgames.pig import PigState
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Button, Checkbox, DataTable, Input, Select, Static
from textual.widgets._footer import FooterKey

import ringbearer_engine as rb
from ringbearer_tui.app import RingbearerApp, StartNew
from ringbearer_tui.dialogs.game_over import GameOverDialog
from ringbearer_tui.dialogs.help import HelpDialog
from ringbearer_tui.dialogs.new_game import NewGameDialog
from ringbearer_tui.paths import AppPaths
from ringbearer_tui.screens.game import GameScreen
from ringbearer_tui.screens.load import SHORT_GAME_NAMES, LoadScreen, column_widths, columns_for
from ringbearer_tui.screens.main_menu import MainMenu
from ringbearer_tui.screens.rules import RulesScreen
from ringbearer_tui.screens.settings import SettingsScreen
from ringbearer_tui.seats import NewGameRequest, Seat, seats_to_meta
from ringbearer_tui.settings import load_settings
from ringbearer_tui.storage import SaveStore
from ringbearer_tui.widgets.action_menu import ActionMenu
from ringbearer_tui.widgets.lines import LinePanel

SIZE = (100, 34)


def pig_start(seed: int = 3, bot: bool = True) -> StartNew:
    seats = [Seat("Ann"), Seat("Bo", "bot", "heuristic") if bot else Seat("Bo")]
    return StartNew(NewGameRequest("pig", seats, {"target": 20}, seed))


async def settle(pilot: Pilot[None], app: RingbearerApp) -> None:
    """Let bots finish their moves and the screen catch up."""
    for _ in range(200):
        await pilot.pause(0.01)
        screen = app.screen
        if not (isinstance(screen, GameScreen) and screen.session.bot_to_move):
            break
    await app.workers.wait_for_complete()
    await pilot.pause()


def current(app: RingbearerApp) -> object:
    """The active screen, read afresh (mypy would keep an earlier narrowing across awaits)."""
    return app.screen


def log_of(screen: GameScreen) -> tuple[str, ...]:
    return screen.session.match.log


def game_screen(app: RingbearerApp) -> GameScreen:
    screen = app.screen
    assert isinstance(screen, GameScreen), f"expected the game screen, not {screen!r}"
    return screen


async def test_the_main_menu_offers_every_entry(quick_settings: AppPaths) -> None:
    app = RingbearerApp(quick_settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(current(app), MainMenu)
        ids = [button.id for button in app.screen.query(Button)]
        assert ids == ["new", "learn", "continue", "load", "settings", "rules", "quit"]
        assert app.screen.query_one("#continue", Button).disabled


async def test_enter_enter_starts_a_game_with_the_defaults(quick_settings: AppPaths) -> None:
    app = RingbearerApp(quick_settings)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(current(app), NewGameDialog)
        await pilot.press("enter")
        await settle(pilot, app)
        assert isinstance(current(app), GameScreen)


async def test_a_whole_game_with_the_keyboard_alone(quick_settings: AppPaths) -> None:
    app = RingbearerApp(quick_settings, pig_start())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        for _ in range(300):
            screen = app.screen
            if isinstance(screen, GameOverDialog):
                break
            assert isinstance(screen, GameScreen)
            state = screen.session.match.state
            assert isinstance(state, PigState)
            # Roll until 8 are in hand, then hold: choice 1 is roll, 2 is hold.
            await pilot.press("2" if state.turn_total >= 8 or state.six_pending else "1")
            await settle(pilot, app)
        assert isinstance(current(app), GameOverDialog)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(current(app), MainMenu)


async def finish_pig(pilot: Pilot[None], app: RingbearerApp) -> GameOverDialog:
    for _ in range(300):
        screen = app.screen
        if isinstance(screen, GameOverDialog):
            return screen
        state = game_screen(app).session.match.state
        assert isinstance(state, PigState)
        await pilot.press("2" if state.turn_total >= 8 or state.six_pending else "1")
        await settle(pilot, app)
    raise AssertionError("the game never ended")


async def test_the_end_offers_the_final_board_and_the_same_game_again(
    quick_settings: AppPaths,
) -> None:
    app = RingbearerApp(quick_settings, pig_start())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        dialog = await finish_pig(pilot, app)
        labels = [str(button.label) for button in dialog.query(Button)]
        assert labels == [
            "See the board (b)",
            "Play again (r)",
            "Review (v)",
            "Back to the menu (m)",
        ]
        await pilot.press("escape")  # stay on the board
        await pilot.pause()
        finished = game_screen(app)
        assert finished.session.over
        prompt = finished.query_one("#prompt", LinePanel)
        assert "esc: the menu" in " ".join(item.plain for item in prompt.items)
        await pilot.pause(0.2)
        assert current(app) is finished, "the end dialog came back"
        finished.action_leave()
        await pilot.pause()
        assert isinstance(current(app), MainMenu)

    app = RingbearerApp(quick_settings, pig_start())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        old = game_screen(app).session.match
        await finish_pig(pilot, app)
        await pilot.click("#way-again")
        await settle(pilot, app)
        new = game_screen(app).session
        assert new.match is not old
        assert [seat.label() for seat in new.seats] == ["Ann", "Bo (Steady bot)"]
        assert new.match.options == old.options
        assert new.match.seed != old.seed
        assert len(app.screen_stack) == 3, "the finished game stayed under the new one"


async def test_a_whole_game_with_the_mouse_alone(quick_settings: AppPaths) -> None:
    app = RingbearerApp(quick_settings, pig_start(seed=5))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        for _ in range(300):
            screen = app.screen
            if isinstance(screen, GameOverDialog):
                await pilot.click("#way-leave")
                break
            state = game_screen(app).session.match.state
            assert isinstance(state, PigState)
            hold = state.turn_total >= 8 or state.six_pending
            await pilot.click(ActionMenu, offset=(3, 2 if hold else 1))
            await settle(pilot, app)
        await pilot.pause()
        assert isinstance(current(app), MainMenu)


async def test_save_quit_continue_restores_the_same_game(quick_settings: AppPaths) -> None:
    app = RingbearerApp(quick_settings, pig_start(bot=False))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        for key in ("1", "1", "2", "1"):
            await pilot.press(key)
            await settle(pilot, app)
        before = game_screen(app).session.match
        snapshot, log = before.snapshot(), before.log
    again = RingbearerApp(quick_settings)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await settle(pilot, again)
        match = game_screen(again).session.match
        assert match.snapshot() == snapshot
        assert match.log == log


async def test_a_hang_up_autosaves_and_exits(quick_settings: AppPaths) -> None:
    app = RingbearerApp(quick_settings, pig_start(bot=False))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("2")
        await settle(pilot, app)
        match = game_screen(app).session.match
        store = SaveStore(quick_settings.saves, quick_settings.autosaves)
        for entry in store.entries():
            entry.path.unlink()
        os.kill(os.getpid(), signal.SIGHUP)
        await pilot.pause(0.2)
    assert app.exit_reason == "hang-up"
    [entry] = store.entries()
    assert store.load(entry).snapshot() == match.snapshot()


async def test_a_damaged_save_shows_its_reason_and_its_backup_loads(
    quick_settings: AppPaths,
) -> None:
    store = SaveStore(quick_settings.saves, quick_settings.autosaves)
    match = rb.Match.new("pig", ["Ann", "Bo"], seed=1)
    store.save_as(match, "journey")
    match.play("hold")
    path = store.save_as(match, "journey")
    path.write_bytes(path.read_bytes()[:50])
    app = RingbearerApp(quick_settings)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(current(app), LoadScreen)
        table = app.screen.query_one(DataTable)
        assert "damaged" in str(table.get_row_at(0)[1])
        detail = str(app.screen.query_one("#detail").render())
        assert "cut off" in detail
        assert "good backup" in detail
        await pilot.press("enter")  # refused, with the reason
        await pilot.pause()
        assert isinstance(current(app), LoadScreen)
        await pilot.press("b")
        await settle(pilot, app)
        assert game_screen(app).session.match.log == ()


async def test_settings_are_saved_and_applied(quick_settings: AppPaths) -> None:
    app = RingbearerApp(quick_settings)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(current(app), SettingsScreen)
        app.screen.query_one("#theme", Select).value = "nord"
        app.screen.query_one("#name-0", Input).value = "Galadriel"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(current(app), MainMenu)
        assert app.theme == "nord"
    settings, problem = load_settings(quick_settings.settings_file)
    assert problem is None
    assert settings.theme == "nord"
    assert settings.default_names[0] == "Galadriel"


async def test_broken_settings_fall_back_to_defaults_with_a_warning(paths: AppPaths) -> None:
    paths.settings_file.parent.mkdir(parents=True, exist_ok=True)
    paths.settings_file.write_text("{not json")
    app = RingbearerApp(paths)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(current(app), MainMenu)
        assert app.settings.theme == "textual-dark"
        assert any("were not used" in str(n.message) for n in app._notifications)


async def test_rules_show_each_game_in_our_words(quick_settings: AppPaths) -> None:
    app = RingbearerApp(quick_settings)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause(0.5)
        assert isinstance(current(app), RulesScreen)
        await pilot.press("right")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(current(app), MainMenu)


async def test_question_mark_opens_help_for_the_screen(quick_settings: AppPaths) -> None:
    app = RingbearerApp(quick_settings, pig_start(bot=False))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(current(app), HelpDialog)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(current(app), GameScreen)


async def test_f1_opens_help_too(quick_settings: AppPaths) -> None:
    app = RingbearerApp(quick_settings)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(current(app), HelpDialog)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(current(app), MainMenu)


def footer_keys(app: RingbearerApp) -> list[str]:
    return [str(key.description) for key in app.screen.query(FooterKey)]


async def test_the_local_main_menu_footer_shows_quit_once_and_no_account(
    quick_settings: AppPaths,
) -> None:
    app = RingbearerApp(quick_settings)
    async with app.run_test(size=(120, 24)) as pilot:
        await pilot.pause()
        keys = footer_keys(app)
        assert keys.count("Quit") == 1
        assert "Account" not in keys
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(current(app), MainMenu)


async def test_undo_takes_back_a_decision_but_not_a_roll(quick_settings: AppPaths) -> None:
    alone = StartNew(NewGameRequest("pig", [Seat("Ann")], {"target": 20}, 3))
    app = RingbearerApp(quick_settings, alone)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("2")  # hold: no chance involved
        await settle(pilot, app)
        screen = game_screen(app)
        assert log_of(screen) == ("hold",)
        await pilot.press("u")
        await pilot.pause()
        assert log_of(screen) == ()
        await pilot.press("1")  # a roll
        await pilot.pause()
        await pilot.press("u")
        await pilot.pause()
        assert log_of(screen) == ("roll",)
        refusals = [n for n in app._notifications if "Cannot undo" in str(n.title)]
        assert refusals
        assert refusals[-1].message.startswith("“roll” cannot be taken back"), refusals


async def test_a_rivals_move_is_never_undone_from_another_seat(quick_settings: AppPaths) -> None:
    """Two people play against each other: Bo's undo cannot take back Ann's hold."""
    app = RingbearerApp(quick_settings, pig_start(bot=False))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        screen = game_screen(app)
        await pilot.press("2")  # Ann holds; Bo decides now
        await pilot.pause()
        assert log_of(screen) == ("hold",)
        await pilot.press("u")
        await pilot.pause()
        assert log_of(screen) == ("hold",)
        assert screen.session.seat == 1
        refusals = [n for n in app._notifications if "Cannot undo" in str(n.title)]
        assert refusals
        assert refusals[-1].message.startswith("Ann's move stands"), refusals


async def test_a_hint_ranks_the_choices_without_freezing(quick_settings: AppPaths) -> None:
    app = RingbearerApp(quick_settings, pig_start(bot=False))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("h")
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = game_screen(app)
        assert screen.advice is not None
        [advised] = [note for note in screen.advice.notes if note.startswith("advised, wins ")]
        others = [note for note in screen.advice.notes if note != advised]
        assert all(note.startswith("wins ") and " ± " in note for note in others)
        assert screen.query_one(ActionMenu).actions == screen.advice.actions


async def test_one_hint_at_a_time_beside_the_choices_until_the_step_changes(
    quick_settings: AppPaths,
) -> None:
    app = RingbearerApp(quick_settings, pig_start(bot=False))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        screen = game_screen(app)
        hint = screen.query_one("#hint", Static)
        for _ in range(3):  # asked three times: still one hint
            await pilot.press("h")
            await app.workers.wait_for_complete()
            await pilot.pause()
        assert hint.display
        assert str(hint.content).startswith("The advisor would choose: ")
        assert not [n for n in app._notifications if n.title == "Hint"]
        choices = screen.query_one(ActionMenu).region
        assert not hint.region.overlaps(choices), "the hint covers the choices"
        board = screen.query_one("#board-area").region
        assert not hint.region.overlaps(board), "the hint covers the board"
        await pilot.press("2")  # hold: the step changes
        await pilot.pause()
        assert not hint.display


async def test_the_main_menus_help_lists_only_keys_that_work_here(
    quick_settings: AppPaths,
) -> None:
    app = RingbearerApp(quick_settings)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        dialog = current(app)
        assert isinstance(dialog, HelpDialog)
        text = dialog._text()
        assert "New game" in text
        assert "Tables" not in text, "tables work only over SSH"
        assert "Account" not in text, "accounts exist only over SSH"


async def test_save_as_from_the_game(quick_settings: AppPaths) -> None:
    app = RingbearerApp(quick_settings, pig_start(bot=False))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press(*"Rest stop")
        await pilot.press("enter")
        await pilot.pause()
    names = [e.name for e in SaveStore(quick_settings.saves, quick_settings.autosaves).entries()]
    assert "Rest stop" in names


async def test_the_command_palette_reaches_menu_entries_and_choices(
    quick_settings: AppPaths,
) -> None:
    from ringbearer_tui.commands import RingbearerCommands

    app = RingbearerApp(quick_settings, pig_start(bot=False))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        provider = RingbearerCommands(app.screen)
        names = [name for name, _, _ in provider._commands()]
        assert {"New game", "Continue", "Load", "Settings", "Rules", "Quit"} <= set(names)
        assert {"Play: roll", "Play: hold", "Hint", "Undo"} <= set(names)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_game_screen_fits_small_and_large_terminals(
    quick_settings: AppPaths, size: tuple[int, int]
) -> None:
    app = RingbearerApp(quick_settings, pig_start(bot=False))
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        menu = game_screen(app).query_one(ActionMenu)
        assert menu.region.width > 20
        assert menu.region.height >= 4


async def test_the_new_game_dialog_shows_a_row_for_each_seat(quick_settings: AppPaths) -> None:
    """Regression: replacing the seat-count options used to leave one row for two seats."""
    app = RingbearerApp(quick_settings)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.action_new_game("pig")
        await pilot.pause(0.3)
        dialog = current(app)
        assert isinstance(dialog, NewGameDialog)
        game = rb.get_game("pig")
        assert len(dialog.query("#seats > Horizontal")) == game.default_players
        request = dialog.request()
        assert [s.name for s in request.seats] == ["Frodo", "Sam"]


async def test_the_confirm_dialog_shows_its_whole_question(paths: AppPaths) -> None:
    """A question longer than the dialog's width wraps; none of it is cut off."""
    from ringbearer_tui.dialogs.confirm import ConfirmDialog

    question = "Back to the menu? The game is saved; Continue resumes it."
    app = RingbearerApp(paths)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(ConfirmDialog(question))
        await pilot.pause()
        label = app.screen.query_one("#question")
        box = label.parent
        assert isinstance(box, Widget)
        assert label.region.right <= box.content_region.right  # nothing drawn past the frame
        rows = label.render_lines(Region(0, 0, label.size.width, label.size.height))
        assert " ".join(" ".join(row.text for row in rows).split()) == question


async def new_game_dialog(app: RingbearerApp, pilot: Pilot[None]) -> NewGameDialog:
    await pilot.pause()
    app.action_new_game("mount-doom")
    await pilot.pause(0.3)
    dialog = current(app)
    assert isinstance(dialog, NewGameDialog)
    return dialog


async def test_tab_goes_down_the_new_game_form_from_the_top(quick_settings: AppPaths) -> None:
    """Focus starts on Start (enter starts at once); tab goes on to the top of the form and
    down it in reading order, Cancel and Start last."""
    app = RingbearerApp(quick_settings)
    async with app.run_test(size=SIZE) as pilot:
        await new_game_dialog(app, pilot)
        assert app.focused is not None
        assert app.focused.id == "start"
        visited: list[Widget] = []
        for _ in range(30):
            await pilot.press("tab")
            await pilot.pause()
            assert app.focused is not None
            visited.append(app.focused)
            if app.focused.id == "start":
                break
        assert visited[0].id == "game"
        assert [w.id for w in visited[-2:]] == ["cancel", "start"]
        rows = [w.region.y for w in visited]
        assert rows == sorted(rows), [(w.id or w.classes, w.region.y) for w in visited]


async def test_each_variant_has_a_line_saying_what_it_changes(quick_settings: AppPaths) -> None:
    app = RingbearerApp(quick_settings)
    async with app.run_test(size=SIZE) as pilot:
        dialog = await new_game_dialog(app, pilot)
        helps = [str(help.render()) for help in dialog.query(".option-help")]
        assert len(helps) == len(dialog.query(Checkbox)) == 2
        assert helps[0].startswith("Easier")
        assert helps[1].startswith("Harder")


async def test_a_variant_box_draws_differently_on_and_off_without_colour(
    quick_settings: AppPaths,
) -> None:
    app = RingbearerApp(quick_settings)
    async with app.run_test(size=SIZE) as pilot:
        dialog = await new_game_dialog(app, pilot)
        box = dialog.query(Checkbox).first()
        off = box.render_line(0).text
        box.value = True
        await pilot.pause()
        on = box.render_line(0).text
        assert off != on


def a_named_save_and_its_autosave(paths: AppPaths) -> None:
    store = SaveStore(paths.saves, paths.autosaves)
    seats = seats_to_meta([Seat("Annabelle"), Seat("Boromir", "bot", "heuristic")])
    match = rb.Match.new("mount-doom", ["Annabelle", "Boromir"], seed=1, meta={"seats": seats})
    store.save_as(match, "race at bree")
    store.autosave(match)


async def test_the_load_list_fits_100_columns_and_marks_autosaves(
    quick_settings: AppPaths,
) -> None:
    a_named_save_and_its_autosave(quick_settings)
    app = RingbearerApp(quick_settings)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        assert table.virtual_size.width <= table.size.width  # Progress and Saved in sight
        names = sorted(str(table.get_row_at(row)[0]) for row in range(table.row_count))
        assert names == ["race at bree", "race at bree (auto)"]


async def test_the_load_list_names_the_save_not_its_file(quick_settings: AppPaths) -> None:
    a_named_save_and_its_autosave(quick_settings)
    app = RingbearerApp(quick_settings)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        details = set()
        for _ in range(2):
            details.add(str(app.screen.query_one("#detail").render()))
            await pilot.press("down")
            await pilot.pause()
        assert not any(".rbsave" in detail for detail in details)
        assert any(detail.startswith("race at bree (autosave):") for detail in details)
        assert any(detail.startswith("race at bree:") for detail in details)


@pytest.mark.parametrize("total", [60, 80, 100, 120])
def test_the_load_lists_columns_fit_and_hold_each_games_short_name(total: int) -> None:
    widths = column_widths(total)
    columns = columns_for(total)
    assert sum(widths) + 2 * len(columns) + 2 <= total
    game = widths[columns.index("Game")]
    assert all(len(name) <= game for name in SHORT_GAME_NAMES.values())
    assert ("Seats" in columns) == (total >= 100), "seats go to the line below when narrow"
