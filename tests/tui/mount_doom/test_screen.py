"""Adventure to Mount Doom in the app: whole games by keys alone and by clicks alone,
the board's parts, reading a card, and the end-of-game summary."""

from __future__ import annotations

from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.pilot import Pilot
from textual.screen import Screen

import ringbearer_engine as rb
from ringbearer_engine.games.mount_doom.content import CARDS, FINAL_SPACES
from ringbearer_engine.games.mount_doom.state import MountDoomState
from ringbearer_engine.games.mount_doom.view import MountDoomView, SlotView
from ringbearer_tui.app import RingbearerApp, StartLoaded, StartNew
from ringbearer_tui.dialogs.game_over import GameOverDialog
from ringbearer_tui.dialogs.message import MessageDialog
from ringbearer_tui.games.mount_doom.board import (
    ROW_HEAD,
    CardsAndDice,
    EncounterRow,
    MountDoomBoard,
    RowCardTexts,
    TableTop,
    figures_line,
    fitted,
    held_line,
    route_lines,
    slot_forms,
)
from ringbearer_tui.paths import AppPaths
from ringbearer_tui.screens import game as game_module
from ringbearer_tui.screens.game import GameScreen
from ringbearer_tui.screens.main_menu import MainMenu
from ringbearer_tui.seats import NewGameRequest, Seat
from ringbearer_tui.session import GameSession
from ringbearer_tui.widgets.action_menu import CHOICE_KEYS, ActionMenu

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
            if isinstance(current(app), GameOverDialog):
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
        assert isinstance(current(app), GameOverDialog)
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
            if isinstance(current(app), GameOverDialog):
                await pilot.click("#way-leave")
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
        encounter = board.query_one(EncounterRow)
        row = [str(encounter.slot_text(number)) for number in range(1, 7)]
        assert sum("face down" in text for text in row) == 2
        assert "Lothlórien · turn 1" in str(encounter.render())


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
        await pilot.click(EncounterRow, offset=(2, 2))  # slot 2: the left column's second
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
        app.screen.query_one(EncounterRow).focus()
        await pilot.pause()
        await pilot.press("down", "enter")  # from slot 1 to slot 2, face up
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


async def test_every_choice_of_a_long_list_is_played_by_its_key_at_80_by_24(
    quick_settings: AppPaths,
) -> None:
    """At the start there are ten or more choices: each key shown plays its own choice."""
    position = positions.reach(positions.at_start).save()
    actions = rb.Match.load(position).actions()
    assert len(actions) >= 10
    app = RingbearerApp(quick_settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for index, action in enumerate(actions):
            expected = rb.Match.load(position)
            expected.play(action)
            app.open_match(rb.Match.load(position))  # a fresh copy for each key
            await settle(pilot)
            screen = game_screen(app)
            shown = screen.query_one(ActionMenu).items[index].plain
            key = shown.split(" ", 1)[0]
            assert key == CHOICE_KEYS[index]
            await pilot.press(key)
            await settle(pilot)
            assert screen.session.match.log == expected.log, f"{key} played the wrong choice"


async def test_no_choice_key_is_taken_by_another_binding_on_the_game_screen(
    quick_settings: AppPaths,
) -> None:
    app = RingbearerApp(quick_settings, StartLoaded(positions.reach(positions.at_start).save()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        bindings = app.active_bindings
        for number, key in enumerate(CHOICE_KEYS, start=1):
            assert bindings[key].binding.action == f"choose({number})", key


def three_cards_held(state: MountDoomState, match: rb.Match) -> bool:
    view = match.view(None)
    assert isinstance(view, MountDoomView)
    return len(view.held) >= 3 and bool(view.rolled)


async def test_at_80_by_24_the_cards_stay_on_one_line_and_the_dice_in_sight(
    quick_settings: AppPaths,
) -> None:
    match = positions.reach(three_cards_held)
    app = RingbearerApp(quick_settings, StartLoaded(match.save()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        panel = screen.query_one(CardsAndDice)
        rows = [panel.render_line(y).text for y in range(panel.content_size.height)]
        assert [row.split()[0] for row in rows] == ["Cards", "Tray", "dice", "Rolled"], rows
        area = screen.query_one("#board-area").content_region
        assert panel.region.bottom <= area.bottom, "the dice line is below the visible board"


def test_the_cards_line_names_as_many_as_fit_and_how_many_more() -> None:
    view = positions.reach(three_cards_held).view(None)
    assert isinstance(view, MountDoomView)
    names = [held.name for held in view.held]
    roomy = held_line(view, 200).plain
    assert all(f"{held.name} ({view.players[held.seat]})" in roomy for held in view.held)
    for room in range(20, 120):
        line = held_line(view, room)
        assert line.cell_len <= room
        assert line.plain.startswith(f"Cards {names[0]}") or "(c" in line.plain
    tight = held_line(view, len("Cards ") + len(names[0]) + len("  +9 more (c)")).plain
    assert tight == f"Cards {names[0]}  +{len(names) - 1} more (c)"


def test_a_figure_on_mount_doom_is_named_when_its_line_has_no_room() -> None:
    view = positions.reach(positions.won).view(None)
    assert isinstance(view, MountDoomView)
    room = ROW_HEAD + (FINAL_SPACES + 1) * 4 + 1  # the narrowest board: just the ◆
    doom = [line.plain for line in route_lines(view, True, 4, room)][-1]
    assert doom.endswith("◆")
    assert len(doom) == room
    assert "Mount Doom: F" in figures_line(view, 4, room).plain
    assert route_lines(view, True, 4, room + 1)[-1].plain.endswith("◆F")


@pytest.mark.parametrize("seed", [2, 3])
async def test_at_80_by_24_no_board_line_wraps_and_the_board_never_scrolls_in_a_whole_game(
    quick_settings: AppPaths, seed: int
) -> None:
    """Every position of a seeded game, from the first to the end, as four people with
    the app's longest default names would see it."""
    players = ("Frodo", "Sam", "Merry", "Pippin")
    match = rb.Match.new("mount-doom", players, seed=seed, meta={"id": f"{seed:032x}"})
    bot = rb.make_bot(match.game, "heuristic", seed)
    app = RingbearerApp(quick_settings, StartLoaded(match.save()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        area = screen.query_one("#board-area")
        board = screen.query_one(MountDoomBoard)
        top, dice = screen.query_one(TableTop), screen.query_one(CardsAndDice)
        steps = 0
        while match.outcome is None:
            state = match.state
            match.play(bot.choose(match.game, match.game.clone(state)))
            board.session.match = match
            board.refresh_view()
            await pilot.pause()
            steps += 1
            where = f"step {steps}, {top.render_line(1).text.strip()}"
            assert top.content_size.height == 10, where  # track, six stages, figures, forces
            assert dice.content_size.height == 4, where  # cards, tray, dice, rolled
            assert area.max_scroll_y == 0, where
        assert steps > 40, "the game ran to its end"


def test_a_slot_shows_the_fullest_line_that_fits_and_never_runs_over() -> None:
    slot = SlotView(slot=3, card="balrog", face_up=True, occupied=True, symbol="merry")
    forms = slot_forms(slot)
    assert fitted(forms, 40).plain == "3 Balrog of Moria enemy"
    # Colour alone does not say "enemy" to everyone: the name is cut, the word stays.
    assert fitted(forms, 21).plain == "3 Balrog of Mo… enemy"
    assert fitted(forms, 10).plain == "3 Balrog …"
    assert all(fitted(forms, width).cell_len <= width for width in range(1, 40))


async def test_at_80_by_24_the_isengard_and_nazgul_lines_fit_on_one_line(
    quick_settings: AppPaths,
) -> None:
    match = positions.reach(positions.in_battle)  # five warriors make the Isengard line long
    app = RingbearerApp(quick_settings, StartLoaded(match.save()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        top = game_screen(app).query_one(TableTop)
        rows = [top.render_line(y).text.rstrip() for y in range(top.content_size.height)]
        assert rows[-2].startswith("Isengard"), rows
        assert "warriors" in rows[-2], rows
        assert rows[-1].startswith("Nazgûl"), rows


class OneRow(App[None]):
    """The encounter row alone, its slots set by the test; it keeps what the row posts."""

    def __init__(self) -> None:
        super().__init__()
        self.read: list[EncounterRow.Read] = []

    def compose(self) -> ComposeResult:
        yield EncounterRow()

    def on_encounter_row_read(self, event: EncounterRow.Read) -> None:
        self.read.append(event)


def face_up(number: int, card: str) -> SlotView:
    return SlotView(number, card, True, True, "merry")


async def test_reading_a_card_that_covers_another_names_the_covered_card() -> None:
    """At 80 columns the slot's line has no room for "on …"; reading the card tells it."""
    app = OneRow()
    async with app.run_test(size=(43, 4)) as pilot:
        row = app.query_one(EncounterRow)
        covering = SlotView(2, "army-of-the-dead", True, True, "merry", covers="cave-troll")
        row.show_slot(covering)
        await pilot.pause()
        assert "Cave Troll" not in str(row.slot_text(2))
        await pilot.click(EncounterRow, offset=(3, 2))
        await pilot.pause()
        assert len(app.read) == 1
        assert "It lies on Cave Troll." in app.read[0].text


CARD_PER_SLOT = ("cave-troll", "elrond", "saruman-lothlorien", "balrog", "arwen", "galadriel")


def lay_every_slot(row: EncounterRow) -> None:
    """A face-up card in each slot: slot n gets ``CARD_PER_SLOT[n - 1]``."""
    for number, card in enumerate(CARD_PER_SLOT, start=1):
        row.show_slot(face_up(number, card))


async def test_the_row_lays_its_slots_out_in_two_columns_of_three() -> None:
    """Slots 1-3 down the left, 4-6 down the right, under the title, a cell between them."""
    app = OneRow()
    async with app.run_test(size=(43, 4)) as pilot:
        row = app.query_one(EncounterRow)
        row.show_title("Moria · turn 1")
        lay_every_slot(row)
        await pilot.pause()
        lines = [row.render_line(y).text for y in range(4)]
        assert lines[0].startswith("Moria · turn 1")
        for line, (left, right) in zip(lines[1:], ((1, 4), (2, 5), (3, 6)), strict=True):
            assert line.startswith(f"{left} {CARDS[CARD_PER_SLOT[left - 1]].name}")
            assert line[22:].startswith(f"{right} "), line  # the left column is 21 wide
            assert len(line) == 43
        assert row.slot_at(21, 1) is None, "the cell between the columns is no slot"
        assert row.slot_at(5, 0) is None, "nor is the title"
        assert [row.slot_at(0, 3), row.slot_at(42, 3)] == [3, 6]


async def test_arrow_keys_pick_the_slot_enter_reads() -> None:
    app = OneRow()
    async with app.run_test(size=(60, 4)) as pilot:
        row = app.query_one(EncounterRow)
        lay_every_slot(row)
        row.focus()
        await pilot.press("down", "down", "down", "right", "right", "up", "enter")
        await pilot.pause()
        assert row.cursor == 5, "the cursor stops at the row's edges"
        assert [event.title for event in app.read] == ["Arwen (friend)"]


async def test_the_chosen_slot_is_highlighted_only_while_the_row_has_the_focus() -> None:
    app = OneRow()
    async with app.run_test(size=(60, 4)) as pilot:
        row = app.query_one(EncounterRow)
        lay_every_slot(row)
        await pilot.pause()

        def backgrounds() -> set[object]:
            return {segment.style.bgcolor for segment in row.render_line(1) if segment.style}

        row.blur()  # the app gave its one focusable widget the focus
        await pilot.pause()
        unfocused = backgrounds()
        row.focus()
        await pilot.pause()
        assert len(backgrounds() - unfocused) == 1, "the cursor's slot gets the accent"
        row.blur()
        await pilot.pause()
        assert backgrounds() == unfocused


class ScreenWithAnA(Screen[None]):
    """A screen whose key `a` does something (as the campaign's `p` plays a chapter)."""

    BINDINGS = [Binding("a", "nothing", "Something")]

    def action_nothing(self) -> None:
        pass


async def test_a_key_of_the_screen_left_behind_plays_no_choice_at_once(
    quick_settings: AppPaths, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The `a` of the screen just left, pressed again as the board appears, is not choice
    `a`: only once the player has had time to see the board does `a` play the tenth choice."""
    app = RingbearerApp(quick_settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        match = rb.Match.new("mount-doom", ["Ann", "Bo"], seed=9)
        app.push_screen(ScreenWithAnA())
        screen = GameScreen(GameSession(match, None))
        app.push_screen(screen)
        await settle(pilot)
        choices = screen.query_one(ActionMenu).actions
        assert len(choices) >= 10, "the first roll has ten pairs of dice"
        monkeypatch.setattr(game_module, "ARRIVAL_GUARD_SECONDS", 60.0)
        await pilot.press("a")
        await pilot.pause()
        assert str(choices[9]) not in screen.session.match.log, "the guard let `a` play"
        monkeypatch.setattr(game_module, "ARRIVAL_GUARD_SECONDS", 0.0)
        await pilot.press("a")
        await pilot.pause()
        assert screen.session.match.log[:1] == (str(choices[9]),)


@pytest.mark.parametrize(("size", "shown"), [((120, 40), True), ((80, 24), False)])
async def test_a_tall_board_spells_out_the_rows_face_up_cards(
    quick_settings: AppPaths, size: tuple[int, int], shown: bool
) -> None:
    app = RingbearerApp(quick_settings, start(seed=9))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        panel = game_screen(app).query_one(RowCardTexts)
        assert panel.display is shown
        if shown:
            lines = [item.plain for item in panel.items]
            assert lines[0] == "The row's cards"
            assert any(
                ": " in line and (" enemy: " in line or " friend: " in line) for line in lines
            )
            area = game_screen(app).query_one("#board-area").content_region
            assert panel.region.bottom <= area.bottom, "the card texts run off the board"


async def test_keys_typed_faster_than_the_screen_plays_are_dropped_once_the_list_changes(
    quick_settings: AppPaths,
) -> None:
    """A choice chosen from the list as it stood before the last step is not played (nor
    refused with a notice a key): the player pressed it on a list that has gone."""
    app = RingbearerApp(quick_settings, start(seed=5))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        menu = screen.query_one(ActionMenu)
        first = menu.actions[0]
        assert isinstance(first, rb.Action)  # a short list: not folded
        screen.play(first)  # the roll: the list is now the dice to keep
        steps = len(screen.session.match.log)
        for _ in range(30):
            menu.post_message(ActionMenu.Chosen(first))  # queued before the list changed
        await settle(pilot)
        assert len(screen.session.match.log) == steps
        assert not list(app._notifications)


async def test_the_same_notice_twice_shows_once_while_it_shows(quick_settings: AppPaths) -> None:
    """A key held down that is refused each time makes one notice, not a pile of them."""
    app = RingbearerApp(quick_settings)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(50):
            app.notify("Nothing to take back.", title="Cannot undo")
        app.notify("Another thing.", title="Cannot undo")
        await pilot.pause()
        assert [n.message for n in app._notifications] == [
            "Nothing to take back.",
            "Another thing.",
        ]
