"""Render the designed-content part of docs/games/adventure-book-design.md from the data.

The page holds the rendered text between two markers; ``test_design_doc.py`` checks that it
is current and that it names every designed item. After changing content, regenerate it:

    .venv/bin/python -m adventure_book.tools.design_tables        (from tests/engine)

or, from the repository root,

    RINGBEARER_REGEN_DOCS=1 .venv/bin/python -m pytest \
        tests/engine/adventure_book/test_design_doc.py
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from pathlib import Path

from ringbearer_engine.games.adventure_book.chapter import Requirement, Reward
from ringbearer_engine.games.adventure_book.chapters import pages
from ringbearer_engine.games.adventure_book.content import (
    EYE_CARDS,
    KIND_NAMES,
    PLOT_CARD_VALUES,
    SPECIAL_CARDS,
    STORY_KINDS,
)
from ringbearer_engine.games.adventure_book.rules.board import Page
from ringbearer_engine.games.adventure_book.rules.corruption import TRACK

PAGE = Path(__file__).parents[4] / "docs" / "games" / "adventure-book-design.md"
START = "<!-- generated from the content data: start -->"
END = "<!-- generated from the content data: end -->"


def _cell(text: object) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def table(header: list[str], rows: Iterable[Sequence[object]]) -> list[str]:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(_cell(x) for x in row) + " |" for row in rows]
    return [*lines, ""]


def _symbols(cost: tuple[str, ...]) -> str:
    names = {**KIND_NAMES, "any": "any card", "pair": "two identical cards"}
    return ", ".join(names[s] for s in cost)


def _requirement(req: Requirement) -> str:
    return req.text


def _when(requirements: tuple[Requirement, ...]) -> str:
    """A lose condition given as data: when its requirements hold."""
    if not requirements:
        return ""
    return " (as data: when " + " and ".join(r.text for r in requirements) + ")"


def _reward(reward: Reward) -> str:
    return reward.text


def drawing(page: Page) -> list[str]:
    """The board as text: path spaces are capital letters, track spaces small letters,
    links are drawn between them."""
    chapter = page.chapter
    paths = [s for s in chapter.spaces if not s.track]
    tracks = [s for s in chapter.spaces if s.track]
    codes = {s.id: chr(ord("A") + n) for n, s in enumerate(paths)}
    codes.update({s.id: chr(ord("a") + n) for n, s in enumerate(tracks)})
    sx, sy = 5, 2
    width = max(s.x for s in chapter.spaces) * sx + 3
    height = max(s.y for s in chapter.spaces) * sy + 1
    canvas = [[" "] * width for _ in range(height)]
    where = {s.id: (s.x * sx + 1, s.y * sy) for s in chapter.spaces}

    def line(a: tuple[int, int], b: tuple[int, int], mark: str | None = None) -> None:
        (x0, y0), (x1, y1) = a, b
        steps = max(abs(x1 - x0), abs(y1 - y0))
        for i in range(1, steps):
            x = x0 + round((x1 - x0) * i / steps)
            y = y0 + round((y1 - y0) * i / steps)
            char = mark or (
                "-" if y0 == y1 else "|" if x0 == x1 else "\\" if (x1 - x0) * (y1 - y0) > 0 else "/"
            )
            if canvas[y][x] == " ":
                canvas[y][x] = char

    for a, b in chapter.links:
        line(where[a], where[b])
    for track in chapter.tracks:
        route = list(track.spaces) + ([track.spaces[0]] if track.loop else [])
        for a, b in itertools.pairwise(route):
            line(where[a], where[b], ".")
    for space in chapter.spaces:
        x, y = where[space.id]
        canvas[y][x - 1 : x + 2] = (
            ["(", codes[space.id], ")"]
            if space.track
            else [
                "[",
                codes[space.id],
                "]",
            ]
        )
    art = ["```text", *("".join(row).rstrip() for row in canvas), "```", ""]
    legend = table(
        ["code", "space", "id", "notes"],
        [[codes[s.id], s.name, f"`{s.id}`", _space_notes(s.id, page)] for s in chapter.spaces],
    )
    return [*art, *legend]


def _space_notes(space_id: str, page: Page) -> str:
    space = page.spaces[space_id]
    notes = []
    if space.number:
        notes.append(f"number {space.number}")
    if space.hideout:
        notes.append("hideout")
    if space.cost:
        notes.append(f"entered by paying {_symbols(space.cost)}")
    if space.only:
        notes.append(f"only {', '.join(space.only)}")
    if space.track:
        notes.append("track space (no pieces)")
    notes += [f"in {r.name}" for r in page.chapter.regions if space_id in r.spaces]
    starts = [p.name for p in page.chapter.pieces if p.start == space_id]
    starts += [c.name for c in page.chapter.counters if c.start == space_id]
    if starts:
        notes.append("start: " + ", ".join(starts))
    return "; ".join(notes)


def _hidden_on(page: Page, piece: str) -> str:
    kinds = [h.kind for h in page.chapter.hidden if h.piece == piece]
    return f"hidden on the back of one {kinds[0]} counter" if kinds else ""


def chapter_section(page: Page) -> list[str]:
    chapter = page.chapter
    lines = [
        f"### Chapter {chapter.number}: {chapter.title} (`{chapter.id}`)",
        "",
        chapter.intro,
        "",
    ]
    lines += ["#### Map", "", *drawing(page)]
    lines += ["Links: " + ", ".join(f"{a}–{b}" for a, b in chapter.links) + ".", ""]
    for region in chapter.regions:
        lines += [
            f"Region `{region.id}` ({region.name}, {region.source}): "
            + ", ".join(region.spaces)
            + ".",
            "",
        ]
    if chapter.extra:
        lines += ["Which path spaces each route space overlooks:", ""]
        lines += table(["route space", "overlooks"], [[k, v] for k, v in chapter.extra.items()])
    for track in chapter.tracks:
        kind = "loop" if track.loop else "open route"
        lines += [
            f"Track `{track.id}` ({track.name}, {kind}): " + " → ".join(track.spaces) + ".",
            "",
        ]
    lines += ["#### Pieces and counters", ""]
    lines += table(
        ["id", "name", "kind", "start", "source"],
        [
            [
                f"`{p.id}`",
                p.name,
                ("character (a counter)" if p.counter else "character")
                + (f", moves only with {' or '.join(p.carried_by)}" if p.carried_by else ""),
                p.start or _hidden_on(page, p.id) or "off the board",
                p.source,
            ]
            for p in chapter.pieces
        ]
        + [
            [
                f"`{c.id}`",
                c.name,
                c.kind
                + (" (face down)" if c.face_down else "")
                + (f" (other side: {c.back})" if c.back else ""),
                c.start or "supply",
                c.source,
            ]
            for c in chapter.counters
        ],
    )
    lines += ["#### Challenges", ""]
    lines += table(
        ["#", "id", "Challenge", "requirements", "cards", "rewards", "order", "source"],
        [
            [
                n,
                f"`{c.id}`",
                c.name,
                "; ".join(_requirement(r) for r in c.requirements),
                _symbols(c.cost),
                "; ".join(_reward(r) for r in c.rewards) or "none",
                "final (last)"
                if c.final
                else ("after " + ", ".join(c.after) if c.after else "any"),
                c.source,
            ]
            for n, c in enumerate(chapter.challenges, 1)
        ],
    )
    if chapter.deeds:
        lines += ["#### Deeds", ""]
        lines += table(
            ["id", "deed", "cost", "who", "effect", "source"],
            [
                [
                    f"`{d.id}`",
                    d.name,
                    _symbols(d.cost),
                    ", ".join(d.fighters) or "-",
                    d.text,
                    d.source,
                ]
                for d in chapter.deeds
            ],
        )
    lines += ["#### Plot Chart", ""]
    lines += table(
        ["Plot card", "entry", "source"],
        [[e.value, e.text, e.source] for e in chapter.plot_chart],
    )
    ability = chapter.ring_ability
    lines += [
        f"**One Ring ability** (`{ability.id}`, {ability.source}): {ability.name}: {ability.text}",
        "",
    ]
    call = chapter.ring_call
    if call is not None:
        lines += [
            f"**The Ring's call** (`{call.id}`, {call.source}), whenever a One Ring card is "
            f"played by choice: {call.text}",
            "",
        ]
    lines += [
        "**Lose conditions**: "
        + "; ".join(f"`{c.id}`: {c.text}{_when(c.when)}" for c in chapter.lose_conditions)
        + "; and always `plot-deck-empty` (rulebook).",
        "",
        "**Special rules**:",
        "",
        *(f"- {rule}" for rule in chapter.special_rules),
        "",
    ]
    return lines


def render() -> str:
    lines = ["## Cards and the track", "", "### Story deck (42 cards)", ""]
    lines += table(
        ["kind", "cards", "source"],
        [[KIND_NAMES[k.kind], k.count, k.source] for k in STORY_KINDS],
    )
    lines += ["### Special cards (18)", ""]
    lines += table(
        ["id", "name", "effect", "source"],
        [[f"`{c.id}`", c.name, c.text, c.source] for c in SPECIAL_CARDS],
    )
    lines += ["### Plot cards (15)", ""]
    lines += table(
        ["number", "cards", "source"], [[p.value, p.count, p.source] for p in PLOT_CARD_VALUES]
    )
    lines += ["### Eye of Sauron cards (5)", ""]
    lines += table(
        ["id", "name", "effect", "source"],
        [[f"`{c.id}`", c.name, c.text, c.source] for c in EYE_CARDS],
    )
    lines += [
        "### Corruption Track",
        "",
        f"The marker starts on the ✳ space (0); space {TRACK.last} loses the campaign; eye "
        f"spaces: {', '.join(str(e) for e in TRACK.eyes)} ({TRACK.source}).",
        "",
        "## The chapters",
        "",
    ]
    for number in sorted(pages()):
        lines += chapter_section(pages()[number])
    return "\n".join(lines).rstrip() + "\n"


def designed_ids() -> list[str]:
    """Every designed item's id: the design page must name each one."""
    ids = [c.id for c in SPECIAL_CARDS if c.source == "designed"]
    ids += [c.id for c in EYE_CARDS if c.source == "designed"]
    for page in pages().values():
        chapter = page.chapter
        ids.append(chapter.id)
        ids += [s.id for s in chapter.spaces if s.source == "designed"]
        ids += [c.id for c in chapter.challenges if c.source == "designed"]
        ids += [t.id for t in chapter.tracks if t.source == "designed"]
        ids += [d.id for d in chapter.deeds if d.source == "designed"]
        ids += [c.id for c in chapter.lose_conditions if c.source == "designed"]
        ids.append(chapter.ring_ability.id)
        if chapter.ring_call is not None and chapter.ring_call.source == "designed":
            ids.append(chapter.ring_call.id)
    return ids


def update(path: Path = PAGE) -> bool:
    """Rewrite the generated part of the page; whether it changed."""
    text = path.read_text(encoding="utf-8")
    head, _, rest = text.partition(START)
    _, _, tail = rest.partition(END)
    new = f"{head}{START}\n\n{render()}\n{END}{tail}"
    if new != text:
        path.write_text(new, encoding="utf-8")
        return True
    return False


if __name__ == "__main__":
    print("updated" if update() else "already current")
