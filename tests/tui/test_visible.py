"""Text from a file or a peer never acts on the terminal (issue 27, item 2).

An escape sequence in a save's file name, its meta name or its players' names is shown as
its escape (``\\x1b``) in the Load list, and no control character of any text, drawn with
:func:`visible` or not, reaches the screen's lines.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.segment import Segment
from textual.color import Color
from textual.widgets import DataTable

import ringbearer_engine as rb
from ringbearer_engine.saves import encode_envelope, read_envelope, seal
from ringbearer_tui.app import RingbearerApp
from ringbearer_tui.atomic import write_atomic
from ringbearer_tui.paths import AppPaths
from ringbearer_tui.screens.game import GameScreen
from ringbearer_tui.screens.load import LoadScreen
from ringbearer_tui.visible import ControlFilter, visible

TITLE = "\x1b]0;owned\x1b\\"
"""What arrived intact at a terminal: a sequence that sets the window's title."""
SIZE = (80, 24)


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("Ann", "Ann"),
        ("Zoë 🌋", "Zoë 🌋"),
        (f"A{TITLE}", "A\\x1b]0;owned\\x1b\\"),
        ("bell\x07 c1\x9b2J del\x7f", "bell\\x07 c1\\x9b2J del\\x7f"),
        ("line\nbreak\ttab", "line\\nbreak\\ttab"),
        ("evil\u202etxt.exe", "evil\\u202etxt.exe"),
        ("half\ud800", "half\\ud800"),
    ],
)
def test_control_characters_are_shown_as_their_escapes(text: str, shown: str) -> None:
    assert visible(text) == shown


def test_the_line_filter_drops_control_characters_and_keeps_the_rest() -> None:
    line = [Segment("Ann\x1b[2J"), Segment(" plays", None)]
    assert ControlFilter().apply(line, Color(0, 0, 0)) == [Segment("Ann[2J"), Segment(" plays")]
    clean = [Segment("Ann")]
    assert ControlFilter().apply(clean, Color(0, 0, 0)) is clean


def old_save(players: list[str], name: str) -> bytes:
    """A save from before names were checked: control characters in names and meta."""
    match = rb.Match.new("pig", ["Ann", "Bo"], seed=1)
    envelope, fmt = read_envelope(match.save())
    envelope.players = envelope.state["players"] = players
    envelope.meta = {"name": name}
    return encode_envelope(seal(envelope), fmt)


def screen_text(app: RingbearerApp) -> str:
    return app.export_screenshot()


async def test_the_load_list_shows_escapes_from_a_file_as_text(paths: AppPaths) -> None:
    write_atomic(paths.saves / f"file{TITLE}.rbsave", old_save([f"Ann{TITLE}", "Bo"], f"M{TITLE}"))
    write_atomic(paths.saves / f"bad{TITLE}.rbsave", b"not a save")
    app = RingbearerApp(paths)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)
        table = app.screen.query_one(DataTable)
        cells = [str(cell) for row in range(table.row_count) for cell in table.get_row_at(row)]
        assert any(cell.startswith("M\\x1b]0;") for cell in cells), cells
        assert any(cell.startswith("bad\\x1b]0;") for cell in cells), cells
        assert not any("\x1b" in cell for cell in cells)
        # Below 100 columns the seats are in the line under the table, for the chosen save.
        rows = [str(table.get_row_at(row)[0]) for row in range(table.row_count)]
        await pilot.press(*["down"] * next(n for n, r in enumerate(rows) if r.startswith("M")))
        await pilot.pause()
        detail = str(app.screen.query_one("#detail").render())
        assert "Ann\\x1b]0;" in detail, detail
        assert "\x1b" not in detail
        assert "\x1b" not in screen_text(app)


async def test_names_from_an_old_save_never_reach_the_screen_raw(paths: AppPaths) -> None:
    """In the game itself too (its looks draw the names): the lines drawn hold no escape."""
    match = rb.Match.load(old_save([f"Ann{TITLE}", "Bo\x07"], "old"))
    app = RingbearerApp(paths)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.open_match(match)
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        shown = screen_text(app)
        assert "Ann" in shown
        assert "\x1b" not in shown
        assert "\x07" not in shown


def test_a_peer_name_with_escapes_is_refused_when_a_match_starts(tmp_path: Path) -> None:
    with pytest.raises(rb.SetupError, match="control characters"):
        rb.Match.new("pig", [f"Ann{TITLE}", "Bo"], seed=1)
