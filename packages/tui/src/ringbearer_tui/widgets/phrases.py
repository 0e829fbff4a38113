"""Where a choice's words may be broken between lines without splitting a phrase.

"Swap Defeat Orcs for a new card" wrapped by the width alone reads "… for a new / card";
broken before "for" it reads as two phrases. A line is broken at the last phrase boundary
that fits (a mark before a joining word), as long as the line keeps at least a third of
the width; else where the width says. A no-break space holds two words together.
"""

from __future__ import annotations

from rich.cells import cell_len

JOINING_WORDS = frozenset(
    {"for", "to", "and", "at", "with", "from", "vs", "then", "or", "by", "on", "into", "onto"}
)
"""Words that begin a new phrase: a line may end before them. "of" is left out: it binds
a name together ("Balrog of Moria")."""
LEADING_MARKS = ("(", "→", "↔", "+", "—", "·")
"""Marks that begin a new phrase."""
TRAILING_MARKS = (":", ",", ";", ".")
"""Marks that end a phrase: a line may end after them."""


def phrase_break(plain: str, space: int) -> int:
    """How strongly the space at ``space`` separates two phrases: 3 before a note, 2 at a
    mark (":", "(", "→"), 1 before a joining word, 0 not at all (nor ever inside brackets:
    "(5 or 6)" is one). A mark wins over a word, so "Play Move a Nazgûl:" / "Road to the Ford" keeps
    the place's name whole."""
    before = plain[:space].rstrip()
    if before.count("(") > before.count(")"):
        return 0
    if plain[space + 1 : space + 2] == " ":
        return 3  # two spaces part a choice from its note ("  advised, wins 48%")
    after = plain[space + 1 :].lstrip()
    if before.endswith(TRAILING_MARKS) or after.startswith(LEADING_MARKS):
        return 2
    return 1 if after.split(" ", 1)[0].lower() in JOINING_WORDS else 0


def break_at(plain: str, width: int, after: int = 0) -> int | None:
    """The space to end the first line of ``plain`` at, in ``width`` cells: the last phrase
    boundary that keeps the line at least a third full, else the last space that fits; None
    when no space past the first ``after`` characters does (the words are then folded)."""
    spaces = [
        n
        for n, char in enumerate(plain)
        if char == " " and n > after and plain[:n].strip() and cell_len(plain[:n]) <= width
    ]
    if not spaces:
        return None
    full_enough = [n for n in spaces if cell_len(plain[:n]) >= width // 3]
    for strength in (3, 2, 1):
        phrases = [n for n in full_enough if phrase_break(plain, n) == strength]
        if phrases:
            return max(phrases)
    return max(spaces)
