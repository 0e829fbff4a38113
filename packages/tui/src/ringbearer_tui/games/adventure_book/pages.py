"""The chapter's table cut into pages that fit the board panel, and the row of their names.

A chapter's table (board, Challenges, spaces, Plot Chart) is two or three times as tall as
the panel at 80x24. Rather than hide most of it below the fold, it is cut into pages that
each fit: a section goes whole onto the current page when it fits there, else it starts a
page, and it is cut between its blocks (a Challenge, a space) only when it is taller than
the panel; then its pages are its own. On a tall panel several sections share a page, and
sections are cut to fill the pages when that saves a page (see :func:`paginate`).
"""

from __future__ import annotations

import functools
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


def paginate(
    sections: list[Section],
    height: int,
    measure: Measure,
    block_rows: Callable[[list[Text]], int] | None = None,
) -> list[Page]:
    """The sections laid out on pages of ``height`` rows, in order (at least one page).

    Each section starts a page when it does not fit the rest of the current one. When the
    whole table would fit :data:`FILLED_PAGES` pages if sections were cut between their
    blocks to fill them (where a third of a page or more would stay blank), they are cut
    instead: at 120x40 a chapter whose Challenges are three rows too many for the first page
    shows two pages, not three with half of the first left blank. A smaller panel keeps the
    sections whole where it can: its pages are many anyway, and their row of names must stay
    short.

    ``block_rows`` gives a block's rows where the caller keeps them (else each line is
    measured); the cutting itself is worked out again only for another set of heights, as
    most steps change a line or two, not how many rows a block takes."""
    rows = block_rows or (lambda block: sum(measure(line) for line in block))
    kept = [(section.name, blocks) for section in sections if (blocks := _filled(section))]
    shape = tuple((name, tuple(rows(block) for block in blocks)) for name, blocks in kept)
    return [
        Page(
            [
                Piece(
                    kept[index][0],
                    part,
                    parts,
                    [line for block in blocks for line in kept[index][1][block]],
                )
                for index, part, parts, blocks in page
            ]
        )
        for page in _layout(shape, height)
    ]


def _filled(section: Section) -> list[list[Text]]:
    return [block for block in section.blocks if block]


Shape = tuple[tuple[str, tuple[int, ...]], ...]
"""Each section's name and its blocks' heights in rows (no empty block)."""
Layout = tuple[tuple[tuple[int, int, int, tuple[int, ...]], ...], ...]
"""Pages, each of pieces: the section's index in the shape, the part, of how many parts,
and the indexes of the section's blocks on the page."""
LAYOUTS_KEPT = 64


@functools.lru_cache(maxsize=LAYOUTS_KEPT)
def _layout(shape: Shape, height: int) -> Layout:
    whole = _pack(shape, height, fill=False)
    if len(whole) <= FILLED_PAGES:
        return whole
    filled = _pack(shape, height, fill=True)
    return filled if len(filled) <= FILLED_PAGES else whole


@dataclass
class _Placed:
    """A piece while the pages are cut: its section, part, parts and blocks."""

    section: int
    part: int
    parts: int = 0
    blocks: list[int] = field(default_factory=list)


def _pack(shape: Shape, height: int, *, fill: bool) -> Layout:
    pages: list[list[_Placed]] = [[]]
    used = 0
    for index, (_, sizes) in enumerate(shape):
        if used and used + sum(sizes) > height and not (fill and 3 * (height - used) >= height):
            pages.append([])
            used = 0
        pieces: list[_Placed] = []
        for block, size in enumerate(sizes):
            if used and used + size > height:
                pages.append([])
                used = 0
            if not pieces or used == 0:
                pieces.append(_Placed(index, len(pieces) + 1))
                pages[-1].append(pieces[-1])
            pieces[-1].blocks.append(block)
            used += size
        for piece in pieces:
            piece.parts = len(pieces)
        if len(pieces) > 1 and not fill:
            used = height  # a section cut in parts keeps its pages to itself
    return tuple(
        tuple((p.section, p.part, p.parts, tuple(p.blocks)) for p in page) for page in pages
    )


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
