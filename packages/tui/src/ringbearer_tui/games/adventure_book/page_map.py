"""The chapter's board as text: each space where the book's page has it, what stands there,
a key to the letters, the list of spaces with where each leads, and the enemy tracks."""

from __future__ import annotations

import re
from collections import Counter

from rich.text import Text

from ringbearer_engine.games.adventure_book.view import AdventureBookView

from .packing import pack
from .rules_data import Page
from .space_keys import space_keys
from .words import paying

PIECE_STYLES = (
    "bold black on bright_yellow",
    "bold black on bright_cyan",
    "bold black on bright_green",
    "bold black on magenta",
    "bold black on white",
    "bold black on dark_orange",
    "bold black on dodger_blue1",
    "bold black on orchid",
)
COUNTER_STYLE = "bold white on red3"
HIDEOUT_STYLE = "bold green3"
PAID_STYLE = "bold yellow"
MAX_CELL = 8
"""The widest a map cell grows on wide terminals (columns per step of the page's grid)."""
_NUMBERED = re.compile(r"\s*\d+$")
"""The number that tells apart counters of one kind ("Goblin 3")."""


def piece_marks(chapter: Page) -> dict[str, str]:
    """One letter per character piece: its initial, or the next free letter of its name."""
    marks: dict[str, str] = {}
    for piece in chapter.chapter.pieces:
        name = piece.name.upper()
        mark = next((c for c in name if c.isalpha() and c not in marks.values()), "?")
        marks[piece.id] = mark
    return marks


TURNED = "~"
"""Appended to a counter's id for the mark of its other side (a chapter 5 Goblin's fire)."""


def counter_marks(chapter: Page) -> dict[str, str]:
    """One letter per kind of counter, unlike every piece's: the name's initial past "The"
    ("The Balrog" is B), or the next letter of its name that is free. A counter that can turn
    over has a second letter for its other side, under its id followed by :data:`TURNED`."""
    taken = set(piece_marks(chapter).values())
    by_name: dict[str, str] = {}
    marks: dict[str, str] = {}

    def mark_for(name: str) -> str:
        if name not in by_name:
            words = [w for w in name.upper().split() if w not in ("THE", "A", "AN")]
            letters = [c for c in "".join(words) + name.upper() if c.isalpha()]
            mark = next((c for c in letters if c not in taken), "?")
            taken.add(mark)
            by_name[name] = mark
        return by_name[name]

    for counter in chapter.chapter.counters:
        marks[counter.id] = mark_for(_NUMBERED.sub("", counter.name))
        if counter.back_name:
            marks[counter.id + TURNED] = mark_for(_NUMBERED.sub("", counter.back_name))
    return marks


def standing(chapter: Page, view: AdventureBookView) -> dict[str, Text]:
    marks = piece_marks(chapter)
    counter_letters = counter_marks(chapter)
    pieces = chapter.chapter.pieces
    styles = {p.id: PIECE_STYLES[n % len(PIECE_STYLES)] for n, p in enumerate(pieces)}
    found: dict[str, Text] = {}
    for piece, space in view.pieces.items():
        here = found.setdefault(space, Text())
        here.append(marks.get(piece, "?"), style=styles.get(piece, ""))
        if piece in view.down:
            here.append("↓", style=styles.get(piece, ""))  # lying on its side
    for counter, space in view.counters.items():
        if not space:
            continue
        if counter in view.face_down:
            face = "?"
        elif counter in view.turned:
            face = counter_letters.get(counter + TURNED, "?")
        else:
            face = counter_letters.get(counter, "?")
        found.setdefault(space, Text()).append(face, style=COUNTER_STYLE)
    return found


def draw_map(chapter: Page, view: AdventureBookView, width: int) -> Text:
    spaces = chapter.chapter.spaces
    columns = max(s.x for s in spaces) + 1
    cell = max(2, min(MAX_CELL, width // columns))
    keys = space_keys(chapter)
    occupants = standing(chapter, view)
    links = {frozenset(link) for link in chapter.chapter.links}
    rows: dict[int, list[tuple[int, str]]] = {}
    for space in spaces:
        rows.setdefault(space.y, []).append((space.x, space.id))
    lines: list[Text] = []
    for y in range(max(rows) + 1):
        line = Text()
        row = sorted(rows.get(y, []))
        for n, (x, ident) in enumerate(row):
            start = x * cell
            if len(line) < start:
                gap = start - len(line)
                joined = n > 0 and frozenset((row[n - 1][1], ident)) in links
                line.append("─" * gap if joined else " " * gap, style="grey50")
            room = (row[n + 1][0] * cell - start - 1) if n + 1 < len(row) else width - start
            line.append_text(_token(chapter, ident, keys, occupants, max(1, room)))
        lines.append(line)
    return Text("\n").join(lines)


def _token(
    chapter: Page, ident: str, keys: dict[str, str], occupants: dict[str, Text], room: int
) -> Text:
    space = chapter.spaces[ident]
    token = Text()
    if space.track:
        token.append("·", style="grey50")
    else:
        style = PAID_STYLE if space.cost else HIDEOUT_STYLE if space.hideout else "bold"
        token.append(keys[ident], style=style)
    here = occupants.get(ident)
    if here is not None:
        token.append_text(here)
    if len(token) > room:
        token.truncate(max(1, room - 1))
        token.append("+")
    return token


def letter_key(chapter: Page, view: AdventureBookView, width: int) -> Text:
    """Which letter is which piece (those on the board) and which counter, in rows of
    ``width`` that never part a letter from its name."""
    marks = piece_marks(chapter)
    pieces = chapter.chapter.pieces
    styles = {p.id: PIECE_STYLES[n % len(PIECE_STYLES)] for n, p in enumerate(pieces)}
    items: list[Text] = []
    for piece in pieces:
        if piece.id in view.pieces:
            item = Text()
            item.append(marks[piece.id], style=styles[piece.id])
            items.append(item.append(f" {piece.name.split(' (')[0]}"))
    kinds: dict[str, str] = {}
    letters = counter_marks(chapter)
    for counter in chapter.chapter.counters:
        kinds.setdefault(letters[counter.id], _NUMBERED.sub("", counter.name))
        if counter.back_name:
            kinds.setdefault(letters[counter.id + TURNED], _NUMBERED.sub("", counter.back_name))
    for mark, name in kinds.items():
        item = Text()
        item.append(mark, style=COUNTER_STYLE)
        items.append(item.append(f" {name}"))
    return pack(items, width, "  ")


def space_list(chapter: Page, view: AdventureBookView) -> Text:
    keys = space_keys(chapter)
    occupants = standing(chapter, view)
    lines: list[Text] = []
    for space in chapter.chapter.spaces:
        if space.track:
            continue
        line = Text()
        style = PAID_STYLE if space.cost else HIDEOUT_STYLE if space.hideout else "bold"
        line.append(keys[space.id], style=style)
        line.append(f" {space.name}")
        if space.hideout:
            line.append(" ⌂", style=HIDEOUT_STYLE)
        if space.cost:
            line.append(f" ${paying(space.cost)}", style=PAID_STYLE)
        here = occupants.get(space.id)
        if here is not None:
            line.append(" ")
            line.append_text(here)
        ways = [keys[n] for n in chapter.adj[space.id] if n in keys]
        if ways:
            line.append(f" → {' '.join(ways)}", style="grey62")
        lines.append(line)
    return Text("\n").join(lines)


def track_lines(chapter: Page, view: AdventureBookView) -> Text:
    lines: list[Text] = []
    occupants = standing(chapter, view)
    for track in chapter.chapter.tracks:
        line = Text(f"{track.name}: ")
        for ident in track.spaces:
            here = occupants.get(ident)
            if here is None:
                line.append("·", style="grey50")
            else:
                line.append_text(here)
        lines.append(line)
    supply = Counter(
        _NUMBERED.sub("", chapter.counter_name(c))
        for c, where in view.counters.items()
        if not where
    )
    if supply:
        lines.append(
            Text("In the supply: " + ", ".join(f"{name} ×{n}" for name, n in supply.items()))
        )
    return Text("\n").join(lines)
