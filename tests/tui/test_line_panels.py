"""The fixed-size panels (choices, log, prompt, board parts): what they draw and when they
repaint. Each is drawn line by line from strips it keeps, so these tests read the strips."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import App, ComposeResult
from textual.geometry import Region, Size
from textual.widget import Widget

import ringbearer_engine as rb
from ringbearer_tui.widgets.action_menu import CHOICE_KEYS, ActionMenu
from ringbearer_tui.widgets.event_log import EventLog
from ringbearer_tui.widgets.lines import Drawing, LinePanel


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
        repaints = repaints_of(panel, monkeypatch)
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


class MenuApp(App[None]):
    CSS = "ActionMenu { width: 24; height: 8; }"

    def __init__(self, menu: ActionMenu) -> None:
        super().__init__()
        self.menu = menu
        self.chosen: list[object] = []

    def compose(self) -> ComposeResult:
        yield self.menu

    def on_action_menu_chosen(self, event: ActionMenu.Chosen) -> None:
        self.chosen.append(event.action)


class Pick(rb.Action, frozen=True, tag="pick"):
    n: int


def twelve_choices(menu: ActionMenu) -> None:
    menu.show([Pick(n) for n in range(12)], [f"choice {n}" for n in range(12)])


async def test_a_wrapped_choice_continues_indented_under_its_label() -> None:
    menu = ActionMenu()
    async with MenuApp(menu).run_test() as pilot:
        menu.show([Pick(0), Pick(1)], ["Keep the black two with Cave Troll and Aragorn", "Go on"])
        await pilot.pause()
        rows = [row.rstrip() for row in shown(menu)]
        assert rows[0] == "1 Keep the black two"
        assert rows[1].startswith("  with")
        assert all(row.startswith("  ") for row in rows[1 : rows.index("2 Go on")])


async def test_a_long_choice_is_broken_between_its_phrases_not_inside_one() -> None:
    menu = ActionMenu()
    async with MenuApp(menu).run_test() as pilot:
        menu.show(
            [Pick(0), Pick(1)],
            ["Swap Defeat Orcs for a new card", "Roll to leave the Nazgûl (5 or 6)"],
        )
        await pilot.pause()
        rows = [row.rstrip() for row in shown(menu)]
        assert rows[:4] == [
            "1 Swap Defeat Orcs",
            "  for a new card",
            "2 Roll to leave the",
            "  Nazgûl (5 or 6)",
        ]


async def test_a_log_line_that_wraps_goes_on_indented_under_its_own_words() -> None:
    log = EventLog()
    async with PanelApp(log).run_test() as pilot:
        log.record("Ann", "Step to Farmer Maggot's", ["The Nazgûl flies from Hobbiton away"])
        await pilot.pause()
        rows = [row.rstrip() for row in shown(log) if row.strip()]
        assert rows == [
            "Ann: Step to Farmer",
            "  Maggot's",
            "  The Nazgûl flies",
            "    from Hobbiton away",
        ]


async def test_choices_past_nine_are_keyed_by_letters_skipping_the_screens_own() -> None:
    menu = ActionMenu()
    async with MenuApp(menu).run_test() as pilot:
        twelve_choices(menu)
        await pilot.pause()
        keys = [line.plain.split(" ")[0] for line in menu.items]
        assert keys == [*"123456789", "a", "b", "d"]
        assert not {"c", "h", "q", "u"} & set(CHOICE_KEYS)


async def test_the_choices_panel_says_how_many_choices_are_out_of_view() -> None:
    menu = ActionMenu()
    async with MenuApp(menu).run_test() as pilot:
        twelve_choices(menu)  # six rows of content show choices 0-5
        await pilot.pause()
        assert menu.border_subtitle == "↓ 6 more"
        menu.action_jump(8)
        await pilot.pause()
        assert menu.border_subtitle == "↑ 3 more  ↓ 3 more"
        menu.action_jump(-1)
        await pilot.pause()
        assert menu.border_subtitle == "↑ 6 more"


async def test_enter_never_plays_a_choice_that_is_not_on_screen() -> None:
    menu = ActionMenu()
    app = MenuApp(menu)
    async with app.run_test() as pilot:
        twelve_choices(menu)
        menu.focus()
        await pilot.press("end")
        twelve_choices(menu)  # the screen shows the same decision again (e.g. after a hint)
        await pilot.pause()
        assert menu.is_visible_item(menu.highlighted)
        menu.scroll_lines(-20)  # the wheel moves the window away from the highlighted choice
        await pilot.press("enter")
        assert app.chosen == []
        assert menu.is_visible_item(11)
        await pilot.press("enter")
        assert app.chosen == [Pick(11)]


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


def repaints_of(panel: LinePanel, monkeypatch: Any) -> list[tuple[tuple[Region, ...], bool]]:
    """Record the panel's repaint requests from now on: the regions (none: all of it) and
    whether a new layout was asked for."""
    calls: list[tuple[tuple[Region, ...], bool]] = []

    def refresh(*regions: Region, layout: bool = False, **_: object) -> LinePanel:
        calls.append((regions, layout))
        return panel

    def repaint_regions(widget: object, regions: list[Region]) -> None:
        if widget is panel:
            calls.append((tuple(regions), False))

    monkeypatch.setattr(panel, "refresh", refresh)
    # Changed rows go to the screen straight away (see widgets/partial_repaint.py).
    monkeypatch.setattr("ringbearer_tui.widgets.lines.repaint_regions", repaint_regions)
    return calls


async def test_a_changed_item_repaints_only_the_rows_it_covers(monkeypatch: Any) -> None:
    panel = LinePanel()
    async with PanelApp(panel).run_test() as pilot:
        panel.set_items([Text("a"), Text("b"), Text("c")])
        await pilot.pause()
        calls = repaints_of(panel, monkeypatch)
        panel.set_items([Text("a"), Text("B"), Text("c")])
        width = panel.content_size.width
        assert calls == [((Region(0, 1, width, 1),), False)]


async def test_a_new_log_line_repaints_its_row_and_the_step_it_outshines(
    monkeypatch: Any,
) -> None:
    log = EventLog()
    async with PanelApp(log).run_test() as pilot:
        log.record("Ann", "Step to Hobbiton", [])
        await pilot.pause()
        calls = repaints_of(log, monkeypatch)
        log.record("Bo", "Play Move 2", [])
        # Row 0 turns from the newest step (bold) to an older one (dim); row 1 is new.
        assert calls == [((Region(0, 0, log.content_size.width, 2),), False)]
        await pilot.pause()


async def test_a_drawing_of_as_many_rows_repaints_without_a_new_layout(monkeypatch: Any) -> None:
    drawing = Drawing()
    async with PanelApp(drawing).run_test() as pilot:
        drawing.show([Text("board"), Text("Ann at Bag End")])
        await pilot.pause()
        assert drawing.size.height == 2
        calls = repaints_of(drawing, monkeypatch)
        drawing.show([Text("board"), Text("Ann at Hobbiton")])
        assert calls == [((Region(0, 1, drawing.content_size.width, 1),), False)]
        monkeypatch.undo()
        drawing.show([Text("board"), Text("Ann at Hobbiton"), Text("Bo at Bag End")])
        await pilot.pause()
        assert drawing.size.height == 3  # a row more: laid out again


def wraps_of(panel: LinePanel, monkeypatch: Any) -> list[str]:
    """Record the items the panel wraps from now on (their text)."""
    wrapped: list[str] = []
    wrap = panel._strips

    def recording(item: Text, width: int) -> list[Any]:
        wrapped.append(item.plain)
        return wrap(item, width)

    monkeypatch.setattr(panel, "_strips", recording)
    return wrapped


async def test_an_item_that_comes_back_is_drawn_from_its_earlier_wrapping(
    monkeypatch: Any,
) -> None:
    panel = LinePanel()
    async with PanelApp(panel).run_test() as pilot:
        panel.set_items([Text("roll the die"), Text("pass")])
        await pilot.pause()
        wrapped = wraps_of(panel, monkeypatch)
        panel.set_items([Text("draw a card")])
        panel.set_items([Text("pass"), Text("roll the die")])
        await pilot.pause()
        assert wrapped == ["draw a card"]
        assert [row.rstrip() for row in shown(panel)[:2]] == ["pass", "roll the die"]


async def test_the_same_words_in_another_style_are_drawn_in_that_style() -> None:
    panel = LinePanel()
    async with PanelApp(panel).run_test() as pilot:
        panel.set_items([Text("Sting", style="bold")])
        await pilot.pause()
        bold = panel.render_line(0)
        panel.set_items([Text("Sting", style="italic")])
        await pilot.pause()
        italic = panel.render_line(0)
        assert bold.text == italic.text
        assert bold != italic
        assert any(segment.style and segment.style.italic for segment in italic)


async def test_a_new_width_wraps_every_item_again() -> None:
    panel = LinePanel()
    async with PanelApp(panel).run_test() as pilot:
        panel.set_items([Text("one two three four five six seven")])
        await pilot.pause()
        assert [row.rstrip() for row in shown(panel)[:2]] == [
            "one two three four",
            "five six seven",
        ]
        panel.styles.width = 16  # 14 columns inside the border
        await pilot.pause()
        assert [row.rstrip() for row in shown(panel)[:3]] == [
            "one two three",
            "four five six",
            "seven",
        ]


def test_a_mark_is_a_stronger_break_than_a_joining_word() -> None:
    from ringbearer_tui.widgets.phrases import break_at

    label = "7 Play Move a Nazgûl: Road to the Ford"
    assert label[: break_at(label, 30, after=2)] == "7 Play Move a Nazgûl:"


def test_a_choices_note_starts_its_own_line_when_the_two_do_not_fit() -> None:
    from ringbearer_tui.widgets.phrases import break_at

    label = "1 Move Frodo to Hobbiton  advised, wins 48%"
    assert label[: break_at(label, 30, after=2)] == "1 Move Frodo to Hobbiton"


async def test_drawing_rows_works_out_the_panels_size_once(monkeypatch: Any) -> None:
    # Textual works a widget's content size out anew, from its place on the screen, each
    # time it is asked: a panel asks once for all the rows it draws (issue 49).
    panel = LinePanel()
    async with PanelApp(panel).run_test() as pilot:
        panel.set_items([Text(f"line {n}") for n in range(10)])
        await pilot.pause()
        asked = 0
        content_size = Widget.content_size

        def counted(widget: Widget) -> Size:
            nonlocal asked
            asked += widget is panel
            return content_size.fget(widget)  # type: ignore[attr-defined,no-any-return]

        monkeypatch.setattr(Widget, "content_size", property(counted))
        panel._styles_cache.clear()  # every row is drawn again
        rows = panel.render_lines(Region(0, 0, panel.size.width, panel.size.height))
        assert len(rows) == panel.size.height
        assert [strip.text.strip(" │╭╮╰╯─") for strip in rows[1:3]] == ["line 0", "line 1"]
        assert asked == 1
