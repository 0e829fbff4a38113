"""The chapter's table on pages that fit the board panel: at 80x24 and 120x40 every
Challenge, the key of letters and every space with what stands there are a key press away,
and nothing needs scrolling; at 120x40 the sections share pages."""

from __future__ import annotations

from typing import Any

import pytest
from rich.text import Text
from textual.app import App, ComposeResult
from textual.pilot import Pilot
from textual.widget import Widget

from ringbearer_engine.games.adventure_book import Campaign
from ringbearer_engine.games.adventure_book.chapters import LAST_CHAPTER, page
from ringbearer_tui.app import RingbearerApp, StartContinue
from ringbearer_tui.games.adventure_book.board import BookBoard, BookPage, PageRow
from ringbearer_tui.games.adventure_book.packing import pack
from ringbearer_tui.games.adventure_book.pages import Section, page_row, paginate
from ringbearer_tui.paths import AppPaths
from ringbearer_tui.widgets.action_menu import ActionMenu
from ringbearer_tui.widgets.event_log import EventLog

from . import positions


def block(*names: str) -> list[Text]:
    return [Text(name) for name in names]


def one_row(line: Text) -> int:
    return 1


def test_sections_that_fit_share_a_page() -> None:
    sections = [Section("Board", [block("a", "b")]), Section("Plot", [block("c")])]
    pages = paginate(sections, 5, one_row)
    assert [page.label for page in pages] == ["Board+Plot"]


def test_a_section_that_fits_a_fresh_page_is_never_cut() -> None:
    sections = [Section("Board", [block("a", "b", "c")]), Section("Plot", [block("d"), block("e")])]
    pages = paginate(sections, 4, one_row)
    assert [page.label for page in pages] == ["Board", "Plot"]


def test_a_section_taller_than_the_panel_is_cut_between_blocks_and_keeps_its_pages() -> None:
    challenges = Section("Challenges", [block("1", "1"), block("2", "2"), block("3")])
    sections = [challenges, Section("Plot", [block("p")]), Section("Spaces", [block(*"ssss")])]
    pages = paginate(sections, 4, one_row)
    assert [page.label for page in pages] == ["Challenges 1/2", "Challenges 2/2", "Plot", "Spaces"]
    assert [line.plain for line in pages[1].lines] == ["3"]


def test_a_table_that_fits_two_pages_once_cut_is_cut_to_fill_them() -> None:
    board = Section("Board", [block("a", "b", "c")])
    challenges = Section("Challenges", [block("1", "1"), block("2", "2"), block("3", "3")])
    spaces = Section("Spaces", [block("s")])
    pages = paginate([board, challenges, spaces], 6, one_row)
    # Kept whole, the Challenges would leave half the first page blank, on three pages.
    assert [page.label for page in pages] == ["Board+Challenges 1/2", "Challenges 2/2+Spaces"]


def test_a_table_that_needs_more_than_two_pages_anyway_keeps_its_sections_whole() -> None:
    board = Section("Board", [block("a", "b", "c")])
    challenges = Section("Challenges", [block("1", "1"), block("2", "2"), block("3", "3")])
    spaces = Section("Spaces", [block("s", "s", "s", "s")])
    pages = paginate([board, challenges, spaces], 6, one_row)
    assert [page.label for page in pages] == ["Board", "Challenges", "Spaces"]


def test_each_line_is_measured_once_when_the_table_is_packed_both_ways() -> None:
    # The table of the test above: packed whole, then cut to fill the pages; a line's
    # rows are worked out once for both (issue 49: the Book paginates on every step).
    board = Section("Board", [block("a", "b", "c")])
    challenges = Section("Challenges", [block("1", "1"), block("2", "2"), block("3", "3")])
    spaces = Section("Spaces", [block("s", "s", "s", "s")])
    measured: list[str] = []

    def counted(line: Text) -> int:
        measured.append(line.plain)
        return 1

    paginate([board, challenges, spaces], 6, counted)
    assert len(measured) == 13


def test_the_row_of_pages_names_a_cut_section_once_with_the_part_shown() -> None:
    sections = [
        Section("Board", [block("a")]),
        Section("Challenges", [block("1", "1"), block("2", "2")]),
        Section("Spaces", [block("s", "s", "s")]),
    ]
    pages = paginate(sections, 3, one_row)
    row, tabs = page_row(pages, 2, 60)
    assert row.plain.split()[:4] == ["Board", "·", "Challenges", "2/2"]
    assert row.plain.rstrip().endswith("[ ]: pages")
    assert [(tab.first, tab.last) for tab in tabs] == [(0, 0), (1, 2), (3, 3)]


def test_a_narrow_row_of_pages_drops_the_spaces_then_the_words_of_the_key_hint() -> None:
    pages = paginate([Section(name, [block(name)]) for name in ("Aaaa", "Bbbb")], 1, one_row)
    assert page_row(pages, 0, 40)[0].plain == "Aaaa · Bbbb" + " " * 19 + "[ ]: pages"
    assert page_row(pages, 0, 20)[0].plain == "Aaaa│Bbbb" + " " * 8 + "[ ]"
    assert page_row(pages, 0, 10)[0].plain == "Aaaa│Bbbb"


def test_packed_items_are_never_parted_from_their_marks() -> None:
    items = [Text(name) for name in ("♥ Courage", "◯ The One Ring", "? Mystery", "◇ Insight")]
    rows = pack(items, 40, ", ", indent="  ").plain.split("\n")
    assert rows == ["♥ Courage, ◯ The One Ring, ? Mystery", "  ◇ Insight"]


async def settle(pilot: Pilot[Any]) -> None:
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def chapter_at_start(paths: AppPaths, chapter: int) -> None:
    campaign = Campaign(chapter=chapter)
    match = positions.reach(campaign, positions.ANN_AND_BOT, positions.at_start)
    positions.store_record(paths, positions.record(positions.ANN_AND_BOT, campaign, match=match))


def every_page(board: BookBoard) -> list[list[str]]:
    return [[line.plain for line in each.lines] for each in board.pages]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("chapter", range(1, LAST_CHAPTER + 1))
async def test_every_page_fits_and_the_pages_show_every_challenge_and_space(
    paths: AppPaths, chapter: int, size: tuple[int, int]
) -> None:
    chapter_at_start(paths, chapter)
    app = RingbearerApp(paths, StartContinue())
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        board = app.screen.query_one(BookBoard)
        body = app.screen.query_one(BookPage)
        assert len(board.pages) > 1
        for number in range(len(board.pages)):
            assert board.page == number
            assert len(body.wrapped()) <= body.content_size.height, board.pages[number].label
            await pilot.press("right_square_bracket")
            await pilot.pause()
        assert board.page == 0, "the last page turns round to the first"
        text = "\n".join(line for lines in every_page(board) for line in lines)
        book = page(chapter)
        for challenge in book.chapter.challenges:
            assert challenge.name in text
            for requirement in challenge.requirements:
                assert requirement.text in text
        for space in book.chapter.spaces:
            assert space.track or space.name in text
        for piece in book.chapter.pieces:
            assert piece.name.split(" (")[0] in text


async def test_the_page_keys_and_a_click_turn_the_pages(paths: AppPaths) -> None:
    chapter_at_start(paths, 1)
    app = RingbearerApp(paths, StartContinue())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        board = app.screen.query_one(BookBoard)
        body = app.screen.query_one(BookPage)
        assert body.items[0].plain == "Chapter 1: The Adventure Begins"
        await pilot.press("right_square_bracket")
        await pilot.pause()
        assert body.items[0].plain.startswith("Challenges (0 of 4 done)")
        await pilot.press("left_square_bracket", "left_square_bracket")
        await pilot.pause()
        assert board.page == len(board.pages) - 1
        row = app.screen.query_one(PageRow)
        spaces = next(tab for tab in row.tabs if board.pages[tab.first].names == "Spaces")
        await pilot.click(PageRow, offset=(spaces.start + 1 + row.styles.padding.left, 0))
        await pilot.pause()
        assert board.page == spaces.first
        assert body.items[0].plain.startswith("Spaces")


async def test_at_120x40_the_board_and_the_challenges_share_the_first_page(
    paths: AppPaths,
) -> None:
    chapter_at_start(paths, 8)
    app = RingbearerApp(paths, StartContinue())
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        board = app.screen.query_one(BookBoard)
        assert [each.label for each in board.pages] == ["Board+Hand+Challenges", "Spaces+Plot"]


@pytest.mark.parametrize("chapter", range(1, LAST_CHAPTER + 1))
async def test_at_120x40_every_chapter_shows_on_two_pages(paths: AppPaths, chapter: int) -> None:
    """As the docs say: the board, hand and Challenges, then the spaces and the Plot Chart
    (a Challenge or two may go on over the page when they do not all fit)."""
    chapter_at_start(paths, chapter)
    app = RingbearerApp(paths, StartContinue())
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        board = app.screen.query_one(BookBoard)
        assert [each.names for each in board.pages] in (
            ["Board+Hand+Challenges", "Spaces+Plot"],
            ["Board+Hand+Challenges", "Challenges+Spaces+Plot"],
        )


def focused(app: RingbearerApp) -> Widget | None:
    """The focused widget, read afresh (a plain attribute read stays narrowed across a key)."""
    return app.focused


async def test_tab_goes_from_the_choices_to_the_log_past_a_board_on_pages(paths: AppPaths) -> None:
    """The pages fit their panel, so its frame would take the focus for nothing."""
    chapter_at_start(paths, 1)
    app = RingbearerApp(paths, StartContinue())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(focused(app), ActionMenu)
        await pilot.press("tab")
        assert isinstance(focused(app), EventLog)


class PageApp(App[None]):
    CSS = "BookPage { width: 32; height: 8; }"

    def compose(self) -> ComposeResult:
        yield BookPage()


async def test_a_special_cards_text_in_a_hand_goes_on_under_its_name() -> None:
    async with PageApp().run_test() as pilot:
        page = pilot.app.query_one(BookPage)
        page.set_items([Text("Your hand (2):\n  ★ Sting: each Combat Skill counts twice")])
        await pilot.pause()
        rows = [page.render_line(y).text.rstrip() for y in range(page.content_size.height)]
        assert [row for row in rows if row] == [
            "Your hand (2):",
            "  ★ Sting: each Combat Skill",
            "    counts twice",
        ]
