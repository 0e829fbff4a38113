"""The changelog, which the docs site includes as its changelog page."""

from __future__ import annotations

import re
from pathlib import Path

CHANGELOG = Path(__file__).resolve().parents[2] / "CHANGELOG.md"
RELATIVE_LINK = re.compile(r"\]\((?!https?://)([^)]+)\)")


def test_the_changelog_links_only_to_full_addresses() -> None:
    """Included into docs/changelog.md, a link to a repository path (``docs/ssh.md``) points
    nowhere and fails ``mkdocs build --strict``: name the page in words instead."""
    assert RELATIVE_LINK.findall(CHANGELOG.read_text(encoding="utf-8")) == []
