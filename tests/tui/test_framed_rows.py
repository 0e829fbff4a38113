"""Panels frame their own content rows (issue 49): the same strips as Textual's styles
cache draws, for a bordered panel, a focused one, one with padding and a borderless one;
Textual draws only the border rows (with their titles), and every row of a frame that is
not plain."""

from __future__ import annotations

from typing import Any

import pytest
from rich.text import Text
from textual._styles_cache import StylesCache
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.strip import Strip

from ringbearer_tui.widgets.action_menu import ActionMenu
from ringbearer_tui.widgets.lines import Drawing, LinePanel
from ringbearer_tui.widgets.prompt import Prompt


class FramesApp(App[None]):
    CSS = """
    LinePanel { height: 5; }
    #padded { padding: 0 2; background: $boost; border: heavy red; }
    #tinted { tint: red 20%; }
    """

    def compose(self) -> ComposeResult:
        menu = ActionMenu(id="menu")
        menu.border_title = "Choices"
        yield menu
        yield LinePanel(id="plain")
        yield LinePanel(id="padded")
        yield LinePanel(id="tinted")
        yield Prompt(id="prompt")
        yield Drawing(id="drawing")


def lines() -> list[Text]:
    return [
        Text("1 ", style="bold") + Text("Roll the die and see what comes up next"),
        Text("a dim line", style="dim"),
        Text.from_markup("[red]red[/] and [on blue]blue[/]"),
    ]


def textuals(panel: LinePanel) -> list[Strip]:
    """The panel's rows as Textual's own styles cache draws them."""
    return StylesCache().render_widget(panel, Region(0, 0, *panel.outer_size))


@pytest.mark.parametrize("focused", [False, True])
async def test_framed_rows_are_the_rows_textual_draws(focused: bool) -> None:
    app = FramesApp()
    async with app.run_test(size=(60, 40)) as pilot:
        for panel in app.query(LinePanel):
            panel.set_items(lines())
        app.query_one("#menu", ActionMenu).show(["a", "b"], ["Roll", "Keep"])  # type: ignore[list-item]
        if focused:
            app.query_one("#menu").focus()
        await pilot.pause()
        for panel in app.query(LinePanel):
            panel._styles_cache.clear()
            whole = Region(0, 0, *panel.outer_size)
            assert panel.render_lines(whole) == textuals(panel), panel.id
            band = Region(0, 1, panel.outer_size.width, 2)  # content rows only
            assert panel.render_lines(band) == textuals(panel)[1:3], panel.id


async def test_textual_draws_only_the_border_rows_of_a_plain_frame(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = FramesApp()
    async with app.run_test(size=(60, 40)) as pilot:
        for panel in app.query(LinePanel):
            panel.set_items(lines())
        await pilot.pause()
        drawn: list[tuple[str | None, int]] = []
        render_line = StylesCache.render_line

        def counted(self: StylesCache, styles: Any, y: int, *args: Any) -> Strip:
            drawn.append((styles.node.id, y))
            return render_line(self, styles, y, *args)

        monkeypatch.setattr(StylesCache, "render_line", counted)
        for panel in app.query(LinePanel):
            panel._styles_cache.clear()
            panel.render_lines(Region(0, 0, *panel.outer_size))
        assert [y for node, y in drawn if node == "plain"] == [0, 4]  # the border
        assert [y for node, y in drawn if node == "tinted"] == [0, 1, 2, 3, 4]  # not plain
        assert not [y for node, y in drawn if node in ("prompt", "drawing")]
