"""The chapter's table: its board drawn from the chapter's spaces, positions and links, the
Challenges, the Plot Chart, the corruption track and the hands, on pages that fit the panel.

Everything is drawn from ``match.view(session.viewer)``: while the keyboard is handed over
nobody's hand is shown.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.events import Click

import ringbearer_engine as rb
from ringbearer_engine.games.adventure_book.view import AdventureBookView

from ...session import GameSession
from ...widgets.lines import LinePanel
from .packing import pack
from .page_map import draw_map, letter_key, space_list, track_lines
from .pages import Page, Section, Tab, page_row, paginate
from .panels import challenge_marks, challenges, corruption_line, hands, plot_chart
from .rules_data import Page as ChapterPage
from .words import chapter_page

ROWS_KEPT = 4096
"""Lines whose rows are remembered (a chapter's table has about a hundred)."""
SPACES_HEADING = "Spaces, who stands there, and where each leads (→)"


class PageRow(LinePanel):
    """The names of the table's pages, the one shown reversed; a click turns to a page."""

    DEFAULT_CSS = """
    PageRow { height: 1; border: none; padding: 0 1; }
    """

    def __init__(self) -> None:
        super().__init__(id="board-pages")
        self.tabs: list[Tab] = []

    def on_click(self, event: Click) -> None:
        x = event.x - self.styles.padding.left
        tab = next((t for t in self.tabs if t.start <= x < t.end), None)
        if tab is not None and isinstance(self.parent, BookBoard):
            event.stop()
            self.parent.show_page(tab.first)


class BookPage(LinePanel):
    """The page of the table shown: it fills the panel and scrolls only a page that a block
    taller than the panel made too tall."""

    DEFAULT_CSS = """
    BookPage { height: 1fr; border: none; padding: 0 1; }
    """

    def __init__(self) -> None:
        super().__init__(id="board-page", hanging=4)
        self._rows: dict[tuple[str, int], int] = {}
        """Rows per line's words and width: a step redraws the whole table to cut it into
        pages, and most of its lines are the words they were (wrapping needs no styles)."""

    def on_resize(self) -> None:
        super().on_resize()
        if isinstance(self.parent, BookBoard):
            self.parent.refresh_view()

    def _wrap(self, item: Text, width: int) -> list[Text]:
        # A block of lines (the hands) keeps the hanging indent on each of its lines: a
        # Special card's text goes on under its name, not at the margin.
        if "\n" not in item.plain:
            return super()._wrap(item, width)
        rows: list[Text] = []
        for line in item.split("\n", allow_blank=True):
            rows += super()._wrap(line, width)
        return rows

    def rows_of(self, line: Text, width: int | None = None) -> int:
        """The rows ``line`` takes at ``width`` (the panel's own width if not given: a
        step measures every line of the table, and the panel's size is worked out anew
        each time it is asked for)."""
        width = max(1, self.content_size.width if width is None else width)
        key = (line.plain, width)
        rows = self._rows.get(key)
        if rows is None:
            if len(self._rows) > ROWS_KEPT:
                self._rows.clear()
            rows = self._rows[key] = len(self._wrap(Text(line.plain), width))
        return rows


class BookBoard(Vertical):
    """The chapter as the deciding person may see it, a page at a time: ``[`` and ``]`` (or a
    click on a page's name) turn the pages. A step repaints only the rows it changed."""

    DEFAULT_CSS = """
    BookBoard { height: 1fr; }
    """

    def __init__(self, session: GameSession) -> None:
        super().__init__(id="board")
        self.session = session
        self.pages: list[Page] = []
        self.page = 0
        """The page shown, kept from step to step."""
        self.pointed = ""
        """The part a lesson's coach points at (see ``point_at``)."""
        self._turned_to = ""
        """The part the pages were last turned to, so the player may turn away from it."""
        self._block_rows: dict[int, tuple[list[Text], int]] = {}
        """The rows of each block of the last table, by the block's identity (the block is
        held, so its identity is not reused): a part of the table kept from the step before
        is the same list of lines, and is not measured again."""
        self._rows_width = -1
        """The width the rows in ``_block_rows`` were measured at."""
        self._row_drawn: tuple[object, ...] = ()
        """What the row of pages was last drawn from."""

    def compose(self) -> ComposeResult:
        yield PageRow()
        yield BookPage()

    def on_mount(self) -> None:
        self.refresh_view()

    def refresh_view(self) -> None:
        body = self.query_one(BookPage)
        width, height = body.content_size
        if width <= 0:
            return  # laid out once it has a size (its on_resize comes back here)
        sections = table_sections(self.session.match, self.session.viewer, width)
        measure = lambda line: body.rows_of(line, width)  # noqa: E731
        self.pages = paginate(sections, height, measure, self._kept_rows(body, width))
        self.page = min(self.page, len(self.pages) - 1)
        if self.pointed != self._turned_to:
            self._turned_to = self.pointed
            self.page = next(
                (n for n, page in enumerate(self.pages) if _marked(page, self.pointed)), self.page
            )
        row = self.query_one(PageRow)
        shown = len(self.pages) > 1
        if row.display != shown:
            row.display = shown
        drawn_from = (tuple((page.names, page.label) for page in self.pages), self.page, width)
        if drawn_from != self._row_drawn:
            self._row_drawn = drawn_from
            text, row.tabs = page_row(self.pages, self.page, width)
            row.set_items([text])
        body.set_items(self.pages[self.page].lines)
        body.mark(_marked(self.pages[self.page], self.pointed))

    def _kept_rows(self, body: BookPage, width: int) -> Callable[[list[Text]], int]:
        """How many rows a block takes, measured only if it was not in the last table."""
        if width != self._rows_width:
            self._rows_width, self._block_rows = width, {}
        before: dict[int, tuple[list[Text], int]] = self._block_rows
        now: dict[int, tuple[list[Text], int]] = {}
        self._block_rows = now

        def rows(block: list[Text]) -> int:
            kept = before.get(id(block))
            if kept is None or kept[0] is not block:
                kept = (block, sum(body.rows_of(line, width) for line in block))
            now[id(block)] = kept
            return kept[1]

        return rows

    def point_at(self, part: str) -> None:
        """Mark one part of the table for a lesson's coach, turning to its page ("" for
        none)."""
        if part != self.pointed:
            self.pointed = part
            self.refresh_view()

    def turn_page(self, delta: int) -> None:
        """Show the next page (``delta`` 1) or the one before (-1), going round."""
        if self.pages:
            self.show_page((self.page + delta) % len(self.pages))

    def show_page(self, number: int) -> None:
        self.page = number
        self.refresh_view()

    @property
    def items(self) -> list[Text]:
        """The lines of the page shown."""
        return self.query_one(BookPage).items


def table_sections(match: rb.Match, viewer: int | None, width: int) -> list[Section]:
    """The table in the order it is read: the board, the hands, the Challenges, the spaces,
    the Plot Chart.

    A step changes one or two of them (the heading's step count, a card in a hand), so each
    part is kept by what it is drawn from and drawn again only when that changed: an
    unchanged part is the very same list of lines as before, which the pages then measure
    no more."""
    view = match.view(viewer)
    assert isinstance(view, AdventureBookView)
    chapter = chapter_page(match)
    drawn_map, spaces = _map_and_spaces(chapter, view, width)
    players = tuple(match.players)
    return [
        Section("Board", [_board_top(view, players, width), drawn_map]),
        Section("Hand", [_hand(view, players, width)]),
        Section("Challenges", _challenge_blocks(chapter, match, view)),
        Section("Spaces", spaces),
        Section("Plot", _plot_blocks(chapter, view)),
    ]


K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Recent(Generic[K, V]):
    """Drawings lately made, by what they are drawn from (all forgotten at once past
    ``kept``); a drawing is only read afterwards, never changed."""

    def __init__(self, kept: int) -> None:
        self.kept = kept
        self.drawings: dict[K, V] = {}
        self.drawn = 0
        """How many drawings were made (a test sees that a part kept is not drawn again)."""

    def get(self, key: K, draw: Callable[[], V]) -> V:
        drawing = self.drawings.get(key)
        if drawing is None:
            if len(self.drawings) >= self.kept:
                self.drawings.clear()
            drawing = self.drawings[key] = draw()
            self.drawn += 1
        return drawing


PARTS_KEPT = 64
PartKey = tuple[object, ...]
board_tops: Recent[PartKey, list[Text]] = Recent(PARTS_KEPT)
hand_blocks: Recent[PartKey, list[Text]] = Recent(PARTS_KEPT)
plot_charts: Recent[PartKey, list[list[Text]]] = Recent(PARTS_KEPT)
challenge_lists: Recent[PartKey, list[list[Text]]] = Recent(PARTS_KEPT)


def _board_top(view: AdventureBookView, players: tuple[str, ...], width: int) -> list[Text]:
    """The chapter's heading (turn, who, phase, steps and trades) and the corruption line."""
    key = (
        view.chapter,
        view.title,
        view.turn,
        players[view.active],
        view.phase,
        view.result,
        view.steps,
        view.trades,
        view.corruption,
        tuple(view.fired_eyes),
        width,
    )
    return board_tops.get(
        key,
        lambda: [
            *_heading(view, players, width),
            corruption_line(view.corruption, view.fired_eyes),
        ],
    )


def _hand(view: AdventureBookView, players: tuple[str, ...], width: int) -> list[Text]:
    """The hands' block: drawn from the cards and counts the view shows, nothing else."""
    key = (
        None if view.hand is None else tuple(view.hand),
        view.seat,
        tuple(view.hand_sizes),
        players,
        tuple(view.solo_hand),
        view.story_deck,
        view.special_deck,
        len(view.story_discard),
        width,
    )
    return hand_blocks.get(key, lambda: _lines(hands(view, list(players), width)))


def _challenge_blocks(
    chapter: ChapterPage, match: rb.Match, view: AdventureBookView
) -> list[list[Text]]:
    """The Challenges, a block each: drawn from which are done and which requirements met."""
    marks = challenge_marks(chapter, match, view)
    key = (chapter.chapter.number, marks)
    return challenge_lists.get(key, lambda: challenges(chapter, marks))


def _plot_blocks(chapter: ChapterPage, view: AdventureBookView) -> list[list[Text]]:
    """The Plot Chart, a block per line: drawn from the Plot cards left and drawn."""
    key = (chapter.chapter.number, view.plot_deck, tuple(view.plot_discard))
    return plot_charts.get(key, lambda: [[line] for line in plot_chart(chapter, view)])


MapKey = tuple[object, ...]
MAPS_KEPT = 64
_maps: dict[MapKey, tuple[list[Text], list[list[Text]]]] = {}
"""The map's lines and the spaces' blocks lately drawn, by what they are drawn from."""


def _map_and_spaces(
    chapter: ChapterPage, view: AdventureBookView, width: int
) -> tuple[list[Text], list[list[Text]]]:
    """The map with its letters' key and its tracks, and the list of spaces (under its
    heading, a block per space): drawn from where
    the pieces and counters stand (and how they lie), which most steps leave as they were
    (a card traded, a step of the Plot), so they are drawn again only when that changed.
    The lines are only read afterwards, never changed."""
    key: MapKey = (
        chapter.chapter.number,
        width,
        tuple(view.pieces.items()),
        tuple(view.counters.items()),
        tuple(view.down),
        tuple(view.face_down),
        tuple(view.turned),
    )
    drawn = _maps.get(key)
    if drawn is None:
        if len(_maps) >= MAPS_KEPT:
            _maps.clear()
        drawn_map = [
            *_lines(draw_map(chapter, view, width)),
            *_lines(letter_key(chapter, view, width)),
            *_lines(track_lines(chapter, view)),
        ]
        spaces = [[Text(SPACES_HEADING, style="bold")]]
        spaces += [[line] for line in _lines(space_list(chapter, view))]
        drawn = _maps[key] = (drawn_map, spaces)
    return drawn


CORRUPTION_MARK = "Corruption"
"""How the corruption line begins (see ``panels.corruption_line``)."""


def _marked(page: Page, part: str) -> frozenset[int]:
    """The lines of ``page`` that belong to ``part`` (a section's name in lower case, or
    "corruption" for the corruption line of the board's section)."""
    marked: set[int] = set()
    index = 0
    for piece in page.pieces:
        for line in piece.lines:
            name = piece.name.lower()
            if part == name or (
                part == "corruption" and name == "board" and line.plain.startswith(CORRUPTION_MARK)
            ):
                marked.add(index)
            index += 1
    return frozenset(marked)


def _lines(text: Text) -> list[Text]:
    return list(text.split("\n", allow_blank=True)) if text.plain else []


def _heading(view: AdventureBookView, players: tuple[str, ...], width: int) -> list[Text]:
    title = Text(f"Chapter {view.chapter}: {view.title}", style="bold")
    active = players[view.active]
    phase = {"move": "Movement", "story": "Storytelling", "plot": "Plot", "limit": "Hand limit"}
    parts = [f"Turn {view.turn}", active, phase.get(view.phase, view.phase)]
    if view.phase in ("move", "story") and not view.result:
        parts.append(f"{view.steps} step{'s' if view.steps != 1 else ''}")
        if view.phase == "story":
            parts.append(f"{view.trades} trade{'s' if view.trades != 1 else ''}")
    # Broken between its parts when narrow, never inside one ("1 trade").
    turn = pack([Text(part) for part in parts], width, " · ")
    return [title, *_lines(turn)]


__all__ = ["BookBoard", "table_sections"]
