"""The chapter's table cut into pages that fit the board panel, and the row of their names.

A chapter's table (board, Challenges, spaces, Plot Chart) is two or three times as tall as
the panel at 80x24. Rather than hide most of it below the fold, it is cut into pages that
each fit: a section goes whole onto the current page when it fits there, else it starts a
page, and it is cut between its blocks (a Challenge, a space) only when it is taller than
the panel; then its pages are its own. On a tall panel several sections share a page, and
sections are cut to fill the pages when that saves a page (see :func:`paginate`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from rich.text import Text

Measure = Callable[[Text], int]
"""How many rows a line takes once wrapped to the panel's width."""


@dataclass(frozen=True)
class Section:
    """A part of the table with a name for the row of pages; its blocks are kept whole."""

    name: str
    blocks: list[list[Text]]


@dataclass
class Piece:
    """The part of a section that lies on one page: the section, which part (1-based) of
    how many, and its lines."""

    name: str
    part: int
    parts: int
    lines: list[Text] = field(default_factory=list)

    @property
    def label(self) -> str:
        return self.name if self.parts == 1 else f"{self.name} {self.part}/{self.parts}"


@dataclass
class Page:
    pieces: list[Piece] = field(default_factory=list)

    @property
    def names(self) -> str:
        """The sections on the page, for the row of pages ("Board + Challenges")."""
        return "+".join(piece.name for piece in self.pieces)

    @property
    def label(self) -> str:
        """The same, with the part of a section cut over pages ("Challenges 1/2")."""
        return "+".join(piece.label for piece in self.pieces)

    @property
    def lines(self) -> list[Text]:
        return [line for piece in self.pieces for line in piece.lines]


FILLED_PAGES = 2
"""A table that fits this many pages once cut to fill them is cut so (see :func:`paginate`)."""


def paginate(sections: list[Section], height: int, measure: Measure) -> list[Page]:
    """The sections laid out on pages of ``height`` rows, in order (at least one page).

    Each section starts a page when it does not fit the rest of the current one. When the
    whole table would fit :data:`FILLED_PAGES` pages if sections were cut between their
    blocks to fill them (where a third of a page or more would stay blank), they are cut
    instead: at 120x40 a chapter whose Challenges are three rows too many for the first page
    shows two pages, not three with half of the first left blank. A smaller panel keeps the
    sections whole where it can: its pages are many anyway, and their row of names must stay
    short."""
    # Each block measured once, for both ways of packing.
    measured = [
        (section.name, [(block, sum(measure(line) for line in block)) for block in blocks])
        for section in sections
        if (blocks := [block for block in section.blocks if block])
    ]
    whole = _pack(measured, height, fill=False)
    if len(whole) <= FILLED_PAGES:
        return whole
    filled = _pack(measured, height, fill=True)
    return filled if len(filled) <= FILLED_PAGES else whole


Measured = list[tuple[str, list[tuple[list[Text], int]]]]
"""Each section's name and its blocks with their heights in rows (no empty block)."""


def _pack(measured: Measured, height: int, *, fill: bool) -> list[Page]:
    pages: list[Page] = [Page()]
    used = 0
    for name, sized_blocks in measured:
        total = sum(size for _, size in sized_blocks)
        if used and used + total > height and not (fill and 3 * (height - used) >= height):
            pages.append(Page())
            used = 0
        pieces: list[Piece] = []
        for block, size in sized_blocks:
            if used and used + size > height:
                pages.append(Page())
                used = 0
            if not pieces or used == 0:
                pieces.append(Piece(name, len(pieces) + 1, 0))
                pages[-1].pieces.append(pieces[-1])
            pieces[-1].lines.extend(block)
            used += size
        for piece in pieces:
            piece.parts = len(pieces)
        if len(pieces) > 1 and not fill:
            used = height  # a section cut in parts keeps its pages to itself
    return pages


@dataclass(frozen=True)
class Tab:
    """An entry of the row of pages: the pages it stands for and where it is drawn."""

    first: int
    last: int
    start: int
    end: int


KEYS_HINT = "[ ]: pages"
"""Which keys turn the pages, at the right end of the row (``[ ]`` alone when narrow)."""
FITTINGS = ((" · ", KEYS_HINT), ("│", KEYS_HINT), ("│", "[ ]"), ("│", ""))
"""The separators and key hints to try, roomiest first, until the row fits."""


def page_row(pages: list[Page], current: int, width: int) -> tuple[Text, list[Tab]]:
    """The row naming every page, the current one reversed, and where each name is drawn
    (for a click). Consecutive pages of one section cut in parts share one name, which shows
    the part when one of them is the current page."""
    groups: list[tuple[int, int]] = []
    for number, page in enumerate(pages):
        if groups and pages[groups[-1][0]].names == page.names:
            groups[-1] = (groups[-1][0], number)
        else:
            groups.append((number, number))
    names = [
        pages[current].label if first <= current <= last else pages[first].names
        for first, last in groups
    ]
    for separator, hint in FITTINGS:
        length = sum(len(name) for name in names) + len(separator) * (len(names) - 1)
        if length + len(hint) + 2 <= width or not hint:
            break
    row = Text()
    tabs: list[Tab] = []
    for (first, last), name in zip(groups, names, strict=True):
        if row:
            row.append(separator, style="grey50")
        start = row.cell_len
        row.append(name, style="bold reverse" if first <= current <= last else "")
        tabs.append(Tab(first, last, start, row.cell_len))
    if hint:
        row.append(" " * (width - row.cell_len - len(hint)))
        row.append(hint, style="grey62")
    return row, tabs


__all__ = [
    "FILLED_PAGES",
    "FITTINGS",
    "KEYS_HINT",
    "Page",
    "Piece",
    "Section",
    "Tab",
    "page_row",
    "paginate",
]
