"""A plain-text drawing of the board, made from the content data (used by the docs and the
tests; a client may show it too).

Each space is ``[COD k]``: its three-letter code and a mark for its kind. Arrows show the
path towards Mount Doom; ``#`` is a heavy black line and ``=`` a heavy orange one.
"""

from __future__ import annotations

from .board import BARRIER_PAIRS
from .content import CARDS_POSITION, EDGES, SPACES

KIND_MARK = {
    "start": "S",
    "clear": ".",
    "river": "~",
    "town": "T",
    "mountain": "^",
    "orcs": "O",
    "shelob": "X",
    "gollum": "G",
    "doom": "@",
}
NAZGUL_MARK = "N"
CELL = 7
GAP = 2

LEGEND = (
    "S start  . clear  N clear, a Nazgûl starts here  ~ river  T town  ^ mountain\n"
    "O orcs  X Shelob  G Gollum  @ Mount Doom  -> <- v ^ path towards Mount Doom\n"
    "# heavy black line  = heavy orange line  (no move crosses a line)"
)


def draw_board() -> str:
    """The board as lines of text, one row of spaces and one row of links per board row."""
    at = {(s.x, s.y): s for s in SPACES}
    width = max(s.x for s in SPACES) + 1
    height = max(s.y for s in SPACES) + 1
    edges = {(e.a, e.b) for e in EDGES}

    def cell(x: int, y: int) -> str:
        if (x, y) == CARDS_POSITION:
            return "[CARDS]"
        space = at.get((x, y))
        if space is None:
            return " " * CELL
        mark = NAZGUL_MARK if space.nazgul else KIND_MARK[space.kind]
        return f"[{space.code} {mark}]"

    def link(a: str, b: str, forward: str, backward: str) -> str | None:
        if (a, b) in edges:
            return forward
        if (b, a) in edges:
            return backward
        colour = BARRIER_PAIRS.get(frozenset((a, b)))
        if colour is not None:
            return "#" if colour == "black" else "="
        return None

    rows: list[str] = []
    for y in range(height):
        text = ""
        for x in range(width):
            text += cell(x, y)
            if x + 1 < width:
                left, right = at.get((x, y)), at.get((x + 1, y))
                joint = link(left.id, right.id, "->", "<-") if left and right else None
                text += (joint if joint is None or len(joint) == 2 else f" {joint}") or "  "
        rows.append(text.rstrip())
        if y + 1 < height:
            text = ""
            for x in range(width):
                top, bottom = at.get((x, y)), at.get((x, y + 1))
                joint = link(top.id, bottom.id, "v", "^") if top and bottom else None
                if joint in ("#", "="):
                    text += joint * CELL
                elif joint:
                    text += joint.center(CELL)
                else:
                    text += " " * CELL
                text += " " * GAP
            rows.append(text.rstrip())
    return "\n".join(rows)
