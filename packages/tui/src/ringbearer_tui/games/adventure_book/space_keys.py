"""The letter that names each space of a chapter's board: the map draws the letters, the
Spaces page lists them with the names, and the choices name a space with its letter."""

from __future__ import annotations

from .rules_data import Page


def space_keys(chapter: Page) -> dict[str, str]:
    """a, b, c, … for the spaces pieces stand on, in the chapter's order."""
    letters = "abcdefghijklmnopqrstuvwxyz" + "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    path = [s.id for s in chapter.chapter.spaces if not s.track]
    return {space: letters[n] if n < len(letters) else "#" for n, space in enumerate(path)}
