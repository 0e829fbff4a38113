"""The games' rules summaries (the same pages as the documentation), for the Rules screen."""

from __future__ import annotations

import re
from functools import cache
from importlib import resources

RULE_PAGES = (
    ("mount-doom", "Adventure to Mount Doom"),
    ("adventure-game", "The Adventure Game"),
    ("adventure-book", "The Adventure Book Game"),
)

GAME_IDS = tuple(game_id for game_id, _ in RULE_PAGES)
"""The games the app knows, in the order it offers them; the SSH server allows no others."""

_PAGE_LINK = re.compile(r"\[([^\]]+)\]\([\w-]+\.md(?:#[\w-]*)?\)")
_ADMONITION = re.compile(r'^!!! (\w+)(?: "([^"]*)")?\s*$')


@cache
def rules_markdown(game_id: str) -> str:
    """The rules page of a game, adapted for a terminal Markdown viewer (read once)."""
    page = resources.files("ringbearer_tui") / "rules" / f"{game_id}.md"
    try:
        text = page.read_text(encoding="utf-8")
    except FileNotFoundError:
        return f"# {game_id}\n\nNo rules summary is installed for this game."
    return for_terminal(text)


def for_terminal(text: str) -> str:
    """Turn MkDocs admonitions into block quotes and drop links to other pages' files."""
    lines: list[str] = []
    quoting = False
    for line in text.splitlines():
        found = _ADMONITION.match(line)
        if found:
            kind, title = found.groups()
            lines.append(f"> **{title or kind.capitalize()}**")
            lines.append(">")
            quoting = True
            continue
        if quoting:
            if line.startswith("    ") or not line.strip():
                lines.append(f"> {line[4:]}" if line.strip() else ">")
                continue
            quoting = False
        lines.append(_PAGE_LINK.sub(r"\1", line))
    return "\n".join(lines).replace(">\n\n", "\n\n")


@cache
def rules_sections(game_id: str) -> tuple[str, ...]:
    """The rules page cut before each heading: the Rules screen draws a section a widget, and
    its Contents jump to them. The pages have no code blocks, so a line starting with ``#``
    is always a heading."""
    sections: list[list[str]] = [[]]
    for line in rules_markdown(game_id).splitlines(keepends=True):
        if line.startswith("#") and sections[-1]:
            sections.append([])
        sections[-1].append(line)
    return tuple("".join(section) for section in sections)
