"""Each part of the chapter's table is drawn again only when what it is drawn from changed,
and the pages are cut again only when a block's height changed (issue 49: the Book drew its
whole table and measured every line of it on every step)."""

from __future__ import annotations

from typing import Any

import msgspec
from rich.text import Text

import ringbearer_engine as rb
from ringbearer_engine.games.adventure_book.view import AdventureBookView
from ringbearer_tui.games.adventure_book import pages
from ringbearer_tui.games.adventure_book.board import BookBoard, table_sections
from ringbearer_tui.games.adventure_book.pages import Section, paginate
from ringbearer_tui.games.adventure_book.words import chapter_page


def chapter() -> tuple[rb.Match, AdventureBookView]:
    match = rb.Match.new("adventure-book", ["Ann", "Bo"], seed=1)
    view = match.view(0)
    assert isinstance(view, AdventureBookView)
    return match, view


class ViewOf:
    """A match whose view is the one given (the table reads the rest from the match)."""

    def __init__(self, match: rb.Match, view: AdventureBookView) -> None:
        self.match, self.shown = match, view

    def view(self, viewer: int | None) -> AdventureBookView:
        return self.shown

    def __getattr__(self, name: str) -> Any:
        return getattr(self.match, name)


def sections_for(match: rb.Match, view: AdventureBookView, width: int = 60) -> list[Section]:
    return table_sections(ViewOf(match, view), 0, width)  # type: ignore[arg-type]


def blocks(sections: list[Section], name: str) -> list[list[Text]]:
    return next(section.blocks for section in sections if section.name == name)


def test_a_step_that_changes_only_the_heading_keeps_the_other_parts() -> None:
    match, view = chapter()
    first = sections_for(match, view)
    stepped = sections_for(match, msgspec.structs.replace(view, steps=view.steps + 1))
    for name in ("Hand", "Spaces", "Plot"):
        assert all(
            a is b for a, b in zip(blocks(first, name), blocks(stepped, name), strict=True)
        ), name
    assert blocks(first, "Board")[1] is blocks(stepped, "Board")[1]  # the map
    assert blocks(first, "Board")[0] is not blocks(stepped, "Board")[0]  # the heading
    assert [line.plain for line in blocks(first, "Board")[0]] != [
        line.plain for line in blocks(stepped, "Board")[0]
    ]


def test_a_card_drawn_or_a_plot_card_turned_draws_that_part_again() -> None:
    match, view = chapter()
    assert view.hand is not None
    first = sections_for(match, view)
    drew = msgspec.structs.replace(view, hand=[*view.hand, view.hand[0]])
    hand = blocks(sections_for(match, drew), "Hand")[0]
    assert hand is not blocks(first, "Hand")[0]
    assert f"Your hand ({len(view.hand) + 1})" in hand[0].plain
    plotted = msgspec.structs.replace(view, plot_deck=view.plot_deck - 1, plot_discard=[3])
    plot = blocks(sections_for(match, plotted), "Plot")
    assert plot is not blocks(first, "Plot")
    assert plot[-1][0].plain == "Drawn so far: 3"


def test_another_width_draws_every_part_again() -> None:
    match, view = chapter()
    first = sections_for(match, view, 60)
    wider = sections_for(match, view, 100)
    for name in ("Board", "Hand"):
        assert blocks(first, name)[0] is not blocks(wider, name)[0], name


def test_pages_of_blocks_already_measured_measure_no_line() -> None:
    def never(line: Text) -> int:
        raise AssertionError("a line was measured")

    sections = [Section("Board", [[Text("a"), Text("b")]]), Section("Plot", [[Text("c")]])]
    pages_ = paginate(sections, 5, never, len)
    assert [[line.plain for line in page.lines] for page in pages_] == [["a", "b", "c"]]


def test_the_pages_are_cut_again_only_for_other_heights() -> None:
    pages._layout.cache_clear()

    def one_row(line: Text) -> int:
        return 1

    def table(word: str) -> list[Section]:
        return [Section("Board", [[Text(word), Text("b")]]), Section("Plot", [[Text("c")]])]

    paginate(table("a"), 5, one_row)
    again = paginate(table("changed"), 5, one_row)
    assert pages._layout.cache_info().misses == 1
    assert [line.plain for line in again[0].lines] == ["changed", "b", "c"]
    paginate(table("a"), 2, one_row)
    assert pages._layout.cache_info().misses == 2


def test_the_board_measures_a_kept_block_once() -> None:
    measured: list[str] = []

    class Body:
        def rows_of(self, line: Text, width: int) -> int:
            measured.append(line.plain)
            return 1

    board = BookBoard.__new__(BookBoard)
    board._block_rows, board._rows_width = {}, -1
    kept, new = [Text("kept")], [Text("new")]
    rows = board._kept_rows(Body(), 40)  # type: ignore[arg-type]
    assert rows(kept) == 1
    rows = board._kept_rows(Body(), 40)  # type: ignore[arg-type]
    assert rows(kept) == 1
    assert rows(new) == 1
    assert measured == ["kept", "new"]
    rows = board._kept_rows(Body(), 50)  # type: ignore[arg-type]
    rows(kept)
    assert measured == ["kept", "new", "kept"]


def test_the_challenges_are_drawn_again_only_when_one_is_done_or_a_requirement_met() -> None:
    match, view = chapter()
    first = blocks(sections_for(match, view), "Challenges")
    stepped = sections_for(match, msgspec.structs.replace(view, steps=view.steps + 1))
    assert blocks(stepped, "Challenges") is first
    done = next(c.id for c in chapter_page(match).chapter.challenges if not c.final)
    completed = sections_for(match, msgspec.structs.replace(view, completed=[done]))
    now = blocks(completed, "Challenges")
    assert now is not first
    assert now[0][0].plain.startswith("Challenges (1 of")
