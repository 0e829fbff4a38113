"""Render the designed-content tables of docs/games/mount-doom-design.md from the content data.

The page holds the rendered text between two markers; ``test_design_doc.py`` checks that it is
current. After changing ``content.py``, regenerate it with:

    .venv/bin/python -m mount_doom.design_tables        (from tests/engine)

or ``RINGBEARER_REGEN_DOCS=1 .venv/bin/python -m pytest \
tests/engine/mount_doom/test_design_doc.py``.
"""

from __future__ import annotations

from pathlib import Path

from ringbearer_engine.games.mount_doom import content as c

PAGE = Path(__file__).parents[3] / "docs" / "games" / "mount-doom-design.md"
START = "<!-- generated from content.py: start -->"
END = "<!-- generated from content.py: end -->"


def _cell(text: object) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def _table(header: list[str], rows: list[list[object]]) -> list[str]:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(_cell(x) for x in row) + " |" for row in rows]
    return lines


def render() -> str:
    """The generated block, markers included."""
    out = [START, "", "### The route", "", "```text", c.ROUTE_DRAWING, "```", ""]
    goals = ", ".join(f"{n} {p}" for n, p in zip(c.STAGE_NAMES, c.GOALS, strict=False))
    out.append(
        "`o` an ordinary space, `♥` a dark-heart space, `N` a Nazgûl space. Route positions: "
        f"Rivendell 0, goals {goals}"
        f", the crater of Mount Doom {c.MOUNT_DOOM}; the rally space lies beside Minas Morgul."
    )
    out += ["", "### The resolve track", "", "```text"]
    track = []
    for circle in range(c.TRACK_TOP, -1, -1):
        marks = []
        if circle == c.TRACK_START:
            marks.append("start (the ring symbol)")
        if circle == c.GALADRIEL_SPACE:
            marks.append("Galadriel")
        if circle == c.SAURON_EYE_SPACE:
            marks.append("Sauron's Eye")
        track.append(f"({circle:>2}) {' + '.join(marks)}".rstrip())
    out += ["bright heart", *track, "dark heart: one step past circle 0 loses", "```", ""]
    out += ["### The encounter row", ""]
    out += _table(
        ["slot", "printed symbol (when the slot is empty)"],
        [
            [n + 1, "Nazgûl" if s == c.NAZGUL_SYMBOL else f"{c.FIGURE_NAMES[s]} (move 0–2)"]
            for n, s in enumerate(c.SLOT_SYMBOLS)
        ],
    )
    out += ["", "### The battle die", ""]
    out += _table(
        ["face", "wins when"],
        [
            [face, f"{c.FIGURE_NAMES[c.FACE_FIGURE[face]]} supports the Ring-bearer"]
            if face in c.FACE_FIGURE
            else [face, "never" if face == "sauron" else "a Gandalf card is given up"]
            for face in c.BATTLE_FACES
        ],
    )
    out += ["", "### Designed and published numbers", ""]
    out += _table(
        ["id", "item", "value", "source", "why"],
        [[f"`{i.id}`", i.title, i.value, i.source, i.why] for i in c.DESIGNED_ITEMS],
    )
    out += ["", "### Cards", ""]
    out.append(
        "Battles: a number, `per Uruk-hai` (one per figure at Isengard) or `until 2 in a row`. "
        "Dark: dark hearts per lost battle, or at once for a card without battles."
    )
    out.append("")
    rows: list[list[object]] = []
    for card in c.CARDS.values():
        battles = {c.PER_URUK: "per Uruk-hai", c.UNTIL_TWO_WINS: "until 2 in a row"}.get(
            card.battles, card.battles or ""
        )
        stage = c.STAGE_NAMES[card.stage] if card.stage >= 0 else "—"
        rows.append(
            [
                f"`{card.id}`",
                card.name,
                stage,
                card.side,
                battles,
                card.dark or "",
                card.bright or "",
                "yes" if card.door else "",
                card.source,
                card.text,
                card.note,
            ]
        )
    out += _table(
        [
            "id",
            "card",
            "deck",
            "side",
            "battles",
            "dark",
            "bright",
            "door",
            "source",
            "effect",
            "note",
        ],
        rows,
    )
    out += ["", END]
    return "\n".join(out)


def update(page: Path = PAGE) -> bool:
    """Rewrite the generated block of ``page``; say whether it changed."""
    text = page.read_text(encoding="utf-8")
    head, _, rest = text.partition(START)
    _, _, tail = rest.partition(END)
    new = head + render() + tail
    if new != text:
        page.write_text(new, encoding="utf-8")
        return True
    return False


if __name__ == "__main__":
    print("updated" if update() else "already current")
