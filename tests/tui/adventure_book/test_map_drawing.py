"""The chapter's map and list of spaces are drawn again only when a piece or a counter moved
or turned (issue 49): most steps leave them as they were, and every step builds the table."""

from __future__ import annotations

import msgspec

import ringbearer_engine as rb
from ringbearer_engine.games.adventure_book.view import AdventureBookView
from ringbearer_tui.games.adventure_book.board import _map_and_spaces
from ringbearer_tui.games.adventure_book.words import chapter_page


def chapter_view() -> tuple[rb.Match, AdventureBookView]:
    match = rb.Match.new("adventure-book", ["Ann", "Bo"], seed=1)
    view = match.view(0)
    assert isinstance(view, AdventureBookView)
    return match, view


def test_a_step_that_moves_nothing_reuses_the_drawn_map() -> None:
    match, view = chapter_view()
    chapter = chapter_page(match)
    first = _map_and_spaces(chapter, view, 44)
    traded = msgspec.structs.replace(view, trades=view.trades + 1, steps=view.steps + 1)
    assert _map_and_spaces(chapter, traded, 44) is first


def test_a_moved_piece_or_another_width_draws_the_map_again() -> None:
    match, view = chapter_view()
    chapter = chapter_page(match)
    first = _map_and_spaces(chapter, view, 44)
    piece, space = next(iter(view.pieces.items()))
    elsewhere = next(s for s in chapter.spaces if s != space)
    moved = msgspec.structs.replace(view, pieces={**view.pieces, piece: elsewhere})
    assert _map_and_spaces(chapter, moved, 44) != first
    assert _map_and_spaces(chapter, view, 60) is not first
    assert _map_and_spaces(chapter, view, 44) == first
