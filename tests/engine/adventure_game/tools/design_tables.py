"""Render the designed-content tables of docs/games/adventure-game-design.md from the content
data, so the page and the data cannot drift apart.

The page holds the rendered text between two markers; ``test_design_doc.py`` checks that it is
current. After changing ``content.py``, rewrite the block with::

    .venv/bin/python tests/engine/adventure_game/tools/design_tables.py --write

or run ``tests/engine/adventure_game/test_design_doc.py`` with ``RINGBEARER_REGEN_DOCS=1`` set.
"""

from __future__ import annotations

import sys
from pathlib import Path

from ringbearer_engine.games.adventure_game import content as c
from ringbearer_engine.games.adventure_game.board import (
    DIST,
    FORK_OF,
    FORWARD,
    INDEX,
    KIND,
    NAMES,
    ROUTES,
    START_SPACE,
)
from ringbearer_engine.games.adventure_game.drawing import LEGEND, draw_board

PAGE = Path(__file__).parents[4] / "docs" / "games" / "adventure-game-design.md"
START = "<!-- generated from content.py: start -->"
END = "<!-- generated from content.py: end -->"
KIND_WORDS = {
    "start": "Start",
    "clear": "clear terrain",
    "river": "river (safe)",
    "town": "town (safe)",
    "mountain": "Mountain",
    "orcs": "Orcs",
    "shelob": "Shelob",
    "gollum": "Gollum",
    "doom": "Mount Doom",
}


def _cell(text: object) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def _table(header: list[str], rows: list[list[object]]) -> list[str]:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(_cell(x) for x in row) + " |" for row in rows]
    return lines


def _branches() -> list[list[object]]:
    rows: list[list[object]] = []
    for first, way in ROUTES.items():
        holds = [
            f"{NAMES[s]} ({KIND_WORDS[KIND[s]]}{', N' if c.SPACES[s].nazgul else ''})"
            for s in way
            if KIND[s] != "clear" or c.SPACES[s].nazgul
        ]
        joins = FORWARD[way[-1]][0]
        rows.append(
            [
                NAMES[FORK_OF[first]],
                " → ".join(NAMES[s] for s in way),
                NAMES[joins],
                len(way),
                "; ".join(holds),
            ]
        )
    return rows


def _path_order() -> list[str]:
    order: list[str] = []
    for run in c.PATH_RUNS:
        order.extend(space for space in run if space not in order)
    return order


def render() -> str:
    """The generated block, markers included."""
    out = [START, "", "### The board", "", "```text", draw_board(), "", LEGEND, "```", ""]
    shortest = DIST[START_SPACE]
    out.append(
        f"{len(c.SPACES)} spaces; the shortest way from Start to Mount Doom takes {shortest} "
        "steps. "
        f"{sum(1 for s in c.SPACES if s.nazgul)} N spaces, "
        f"{KIND.count('mountain')} Mountain spaces, {KIND.count('orcs')} Orc spaces, one Shelob "
        f"and one Gollum space, {KIND.count('river')} river spaces, "
        f"{len(c.BARRIERS)} heavy-line segments."
    )
    out += ["", "### The branches", ""]
    out += _table(["fork", "way", "joins at", "spaces", "what it holds"], _branches())
    out += ["", "### Spaces", ""]
    rows: list[list[object]] = []
    for space in (c.SPACES[INDEX[space_id]] for space_id in _path_order()):
        rows.append(
            [
                f"`{space.id}`",
                space.name,
                space.code,
                KIND_WORDS[space.kind],
                "N" if space.nazgul else "",
                f"({space.x}, {space.y})",
                DIST[INDEX[space.id]],
                space.source,
            ]
        )
    out += _table(
        ["id", "name", "code", "kind", "Nazgûl start", "drawn at", "steps to Mount Doom", "source"],
        rows,
    )
    out += ["", "### Heavy lines", ""]
    out += _table(
        ["between", "and", "colour", "source"],
        [[f"`{b.a}`", f"`{b.b}`", b.colour, b.source] for b in c.BARRIERS],
    )
    out += ["", "### Towns", ""]
    out += _table(
        ["town", "rings", "source"],
        [
            [
                f"`{t.space}`",
                f"top up to {t.top_up}, extras returned" if t.top_up else f"+{t.gain}",
                t.source,
            ]
            for t in c.TOWNS
        ],
    )
    out += ["", "### The deck", ""]
    out += _table(
        ["id", "card", "copies", "what it does (our words)", "card from", "count from"],
        [[f"`{k.id}`", k.name, k.count, k.text, k.source, k.count_source] for k in c.CARD_TYPES],
    )
    out.append(f"\nTotal: {sum(k.count for k in c.CARD_TYPES)} cards.")
    out += ["", "### Designed procedures", ""]
    out += _table(
        ["id", "procedure", "source"], [[f"`{r.id}`", r.text, r.source] for r in c.DESIGNED_RULES]
    )
    out += ["", END]
    return "\n".join(out)


def refresh(page: Path = PAGE) -> bool:
    """Rewrite the generated block of ``page``; return whether it changed."""
    text = page.read_text(encoding="utf-8")
    head, _, rest = text.partition(START)
    _, _, tail = rest.partition(END)
    new = head + render() + tail
    if new != text:
        page.write_text(new, encoding="utf-8")
    return new != text


if __name__ == "__main__":
    if "--write" in sys.argv:
        print("changed" if refresh() else "unchanged")
    else:
        print(render())
