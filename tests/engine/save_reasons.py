"""The refusal kinds of a save, as `docs/save-format.md` documents them.

Read from the page's table rather than written out again, so that the save tests check the
engine against what users are told, and a kind added to the engine without the docs fails.
"""

from __future__ import annotations

import re
from pathlib import Path

SAVE_FORMAT_PAGE = Path(__file__).resolve().parents[2] / "docs" / "save-format.md"
_ROW = re.compile(r"^\| `(\w+Error)` \| `([a-z-]+)` \|", re.MULTILINE)


def documented_reasons() -> frozenset[str]:
    """Every kind in the page's table of errors, except the base class's ``invalid``."""
    kinds = {kind for _, kind in _ROW.findall(SAVE_FORMAT_PAGE.read_text(encoding="utf-8"))}
    return frozenset(kinds - {"invalid"})
