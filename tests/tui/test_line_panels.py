"""The fixed-size panels (choices, log, prompt, board parts): what they draw and when they
repaint. Each is drawn line by line from strips it keeps, so these tests read the strips."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import App, ComposeResult

from ringbearer_tui.widgets.event_log import EventLog
from ringbearer_tui.widgets.lines import LinePanel


class PanelApp(App[None]):
    CSS = "LinePanel { width: 24; height: 6; }"

    def __init__(self, panel: LinePanel) -> None:
        super().__init__()
        self.panel = panel

    def compose(self) -> ComposeResult:
        yield self.panel


def shown(panel: LinePanel) -> list[str]:
    """The text of each content row, as the screen gets it."""
    return [panel.render_line(y).text for y in range(panel.content_size.height)]


async def test_a_long_item_wraps_to_the_panel_width_and_every_row_is_full_width() -> None:
    panel = LinePanel()
    async with PanelApp(panel).run_test() as pilot:
        panel.set_items([Text("one two three four five six seven"), Text("end")])
        await pilot.pause()
        rows = shown(panel)
        assert [row.rstrip() for row in rows[:3]] == ["one two three four", "five six seven", "end"]
        assert all(len(row) == panel.content_size.width for row in rows)


async def test_setting_the_same_items_again_repaints_nothing(monkeypatch: Any) -> None:
    panel = LinePanel()
    async with PanelApp(panel).run_test() as pilot:
        panel.set_items([Text("a"), Text("b")])
        await pilot.pause()
        repaints: list[object] = []
        monkeypatch.setattr(panel, "refresh", lambda *a, **k: repaints.append(a))
        panel.set_items([Text("a"), Text("b")])
        assert repaints == []
        panel.set_items([Text("a"), Text("c")])
        assert len(repaints) == 1


async def test_a_highlighted_line_is_styled_across_the_whole_width() -> None:
    class Highlighting(LinePanel):
        def line_style(self, index: int) -> str:
            return "reverse" if index == 1 else ""

    panel = Highlighting()
    async with PanelApp(panel).run_test() as pilot:
        panel.set_items([Text("first"), Text("second")])
        await pilot.pause()
        plain, marked = panel.render_line(0), panel.render_line(1)
        assert not any(segment.style and segment.style.reverse for segment in plain)
        assert all(segment.style and segment.style.reverse for segment in marked)
        assert marked.cell_length == panel.content_size.width


async def test_the_log_follows_its_newest_line() -> None:
    log = EventLog()
    async with PanelApp(log).run_test() as pilot:
        for step in range(10):
            log.note(f"step {step}")
        await pilot.pause()
        rows = [row.strip() for row in shown(log)]
        assert rows[-1] == "step 9"
        assert "step 0" not in rows


async def test_a_log_filled_before_it_has_a_size_shows_its_last_lines_once_laid_out() -> None:
    """Continue fills the log while the new screen has no size yet; once laid out, the log
    must show its end, not the blank rows past it that a size of zero pointed to."""
    log = EventLog()
    log.display = False
    async with PanelApp(log).run_test() as pilot:
        for n in range(30):
            log.record(None, f"step {n}", [])
        log.display = True
        await pilot.pause()
        await pilot.pause()
        screen = pilot.app.export_screenshot()
        assert "step&#160;29" in screen
