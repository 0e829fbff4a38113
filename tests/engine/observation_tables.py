"""Render the observation layouts of docs/research.md from the observers themselves.

The page holds the rendered text between two markers; ``test_observation_doc.py`` checks that
it is current. After changing a layout, regenerate it with:

    .venv/bin/python tests/engine/observation_tables.py

or ``RINGBEARER_REGEN_DOCS=1 .venv/bin/python -m pytest \
tests/engine/core/test_observation_doc.py``.
"""

from __future__ import annotations

from pathlib import Path

import ringbearer_engine as rb
from ringbearer_engine.information import information_layout

PAGE = Path(__file__).parents[2] / "docs" / "research.md"
START = "<!-- generated from the observers: start -->"
END = "<!-- generated from the observers: end -->"
CHAPTERS = range(1, 9)


def _layouts() -> list[tuple[str, rb.Layout]]:
    made = [
        ("Adventure to Mount Doom (`mount-doom`)", rb.Match.new("mount-doom", ["A"], 1)),
        (
            "The Adventure Game (`adventure-game`)",
            rb.Match.new("adventure-game", ["A", "B"], 1),
        ),
    ]
    made += [
        (
            f"The Adventure Book Game (`adventure-book`), chapter {chapter}",
            rb.Match.new("adventure-book", ["A"], 1, {"chapter": chapter}),
        )
        for chapter in CHAPTERS
    ]
    return [(title, match.observation_layout()) for title, match in made]


def render() -> str:
    """The generated block, markers included."""
    out = [START, ""]
    for title, layout in _layouts():
        info = information_layout(layout)
        out += [
            f"#### {title}",
            "",
            f"Layout version {layout.version}, key `{layout.key}`: {layout.size} floats; the "
            f"information-state tensor has {info.size}.",
            "",
            layout.markdown(),
            "",
        ]
    out.append(END)
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
