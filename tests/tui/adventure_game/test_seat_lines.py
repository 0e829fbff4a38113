"""Each seat of the Adventure Game's players list keeps to one line, however much it says."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

import ringbearer_engine as rb
from ringbearer_engine.games.adventure_game.view import AdventureView
from ringbearer_tui.app import RingbearerApp, StartLoaded
from ringbearer_tui.games.adventure_game.board import AdventureBoard, player_lines
from ringbearer_tui.games.adventure_game.seat_line import Seat, seat_line
from ringbearer_tui.paths import AppPaths
from ringbearer_tui.screens.game import GameScreen

from . import positions

NARROW_BOARD = 44
"""The board's width inside its frame at 80 columns."""

LATE = Seat(
    mark="C",
    mark_style="bold",
    name="Merry",
    deciding=True,
    bot=True,
    rings=2,
    cards=5,
    place="Straight Stair",
    held="mountain die 3",
    held_short="die 3",
    towns=("Bree", "Rivendell", "Lórien"),
)
"""A seat late in a game: held on a mountain, all three towns used."""


def test_a_seat_that_fits_says_everything_with_its_towns_by_initial() -> None:
    line = seat_line(LATE, 80, wide=False).plain
    assert line == "▶ C Merry bot ◯2 ▤5 Straight Stair held: mountain die 3 towns: B, R, L"


def test_a_wide_board_names_the_towns_and_marks_people_too() -> None:
    person = Seat(**{**LATE.__dict__, "bot": False})
    line = seat_line(person, 100, wide=True).plain
    assert "person ◯2 rings" in line
    assert "towns: Bree, Rivendell, Lórien" in line


@pytest.mark.parametrize(
    ("width", "expected"),
    [
        (60, "▶ C Merry bot ◯2 ▤5 Straight Stair held: die 3 towns: BRL"),
        (44, "▶ C Merry bot ◯2 ▤5 Straight Stair die 3 BRL"),
        (40, "▶ C Merry bot ◯2 ▤5 Straight… die 3 BRL"),
        (30, "▶ C Merry bot ◯2 ▤5 die 3 BRL"),
    ],
)
def test_a_seat_too_long_gives_up_words_in_order_rather_than_wrap(
    width: int, expected: str
) -> None:
    assert seat_line(LATE, width, wide=False).plain == expected


def test_a_very_long_name_is_cut_and_what_holds_the_pawn_stays() -> None:
    long = Seat(**{**LATE.__dict__, "name": "Bartholomew Underhill of Bree"})
    line = seat_line(long, NARROW_BOARD, wide=False)
    assert line.cell_len <= NARROW_BOARD
    assert "Bartholomew" in line.plain
    assert "…" in line.plain
    assert "die 3" in line.plain


def views_through(seed: int) -> list[AdventureView]:
    """Every position of a seeded four-seat game of heuristic bots, as seat 0 sees it."""
    match = rb.Match.new("adventure-game", ["Frodo", "Sam", "Merry", "Pippin"], seed=seed)
    bot = rb.make_bot(match.game, "heuristic", seed)
    seen = []
    while match.outcome is None:
        view = match.view(0)
        assert isinstance(view, AdventureView)
        seen.append(view)
        match.play(bot.choose(match.game, match.game.clone(match.state)))
    return seen


class Bots:
    """The seats of a session as the players list reads them: all bots but the first."""

    def __init__(self, count: int) -> None:
        self.seats = [type("SeatKind", (), {"is_bot": n > 0})() for n in range(count)]


@pytest.mark.parametrize("seed", range(4))
def test_no_seat_line_is_wider_than_the_narrow_board_in_a_whole_game(seed: int) -> None:
    for view in views_through(seed):
        for line in player_lines(view, Bots(4), NARROW_BOARD, wide=False):  # type: ignore[arg-type]
            assert line.cell_len <= NARROW_BOARD, line.plain


async def test_the_board_at_80_columns_draws_each_seat_on_one_line(
    quick_settings: AppPaths, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(GameScreen, "_schedule_bot", lambda self: None)
    match = positions.reach(lambda view: len(view.seats[0].towns) >= 2 and view.seats[0].held)
    app = RingbearerApp(quick_settings, StartLoaded(match.save()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        board = app.screen.query_one(AdventureBoard)
        table = board.query_one("TableDrawing")
        lines = [text for _, text in table.wrapped()]  # type: ignore[attr-defined]
        assert len(lines) == len(table.items)  # type: ignore[attr-defined]


async def settle(pilot: Pilot[None]) -> None:
    await pilot.pause()
    await pilot.pause()
