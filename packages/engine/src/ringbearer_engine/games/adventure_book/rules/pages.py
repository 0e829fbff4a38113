"""Every playable chapter by number: the chapter modules compiled into pages, found once.

The rules look a chapter's page up at every step, so the table lives with them. The chapter
modules themselves (``..chapters``) build on the rules and are found by listing their package
when a page is first asked for.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from ..chapter import NO_RULES, Chapter, ChapterRules
from .board import Page

CHAPTERS_PACKAGE = __name__.rpartition(".")[0].rpartition(".")[0] + ".chapters"
"""Where the chapter modules are: one module a chapter, each defining ``CHAPTER``."""

LAST_CHAPTER = 8
"""The campaign is won when this chapter is won."""

TITLES = {
    1: "The Adventure Begins",
    2: "Forging the Fellowship",
    3: "The Mines of Moria",
    4: "The Fellowship Breaks",
    5: "The Last March of the Ents",
    6: "Battle of Helm's Deep",
    7: "Shelob's Lair",
    8: "The Last Battle",
}
"""Every chapter's title (rulebook), including those not yet in this version."""

_extra: dict[int, Page] = {}


@cache
def _builtin() -> dict[int, Page]:
    # The chapters are found at run time, as the engine finds its games: they build on the
    # rules, so the rules name no chapter module.
    package = importlib.import_module(CHAPTERS_PACKAGE)
    pages: dict[int, Page] = {}
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{CHAPTERS_PACKAGE}.{info.name}")
        chapter = getattr(module, "CHAPTER", None)
        if isinstance(chapter, Chapter):
            rules = getattr(module, "RULES", NO_RULES)
            assert isinstance(rules, ChapterRules)
            pages[chapter.number] = Page(chapter, rules)
    return pages


def pages() -> dict[int, Page]:
    """Every playable chapter by number."""
    return {**_builtin(), **_extra}


FOUND: dict[int, Page] = {}
"""Chapters already looked up: the rules ask for the page at every step. The game's own
entry points read it directly (``found_page(n) or page(n)``), saving a call at every step;
anything else calls :func:`page`."""

found_page = FOUND.get
"""``FOUND.get``, bound once. Python 3.11 compiles ``FOUND.get(n)`` in a module that imports
``FOUND`` as a plain attribute load, which it cannot specialise for a method: that load cost
more than the look-up it serves."""


def page(number: int) -> Page:
    """The playable chapter ``number``; ``KeyError`` if this version does not have it."""
    found = FOUND.get(number)
    if found is None:
        found = _extra.get(number) or _builtin().get(number)
        if found is None:
            raise KeyError(number)
        FOUND[number] = found
    return found


def add_chapter(chapter: Chapter, rules: ChapterRules[Page] = NO_RULES) -> Page:
    """Make a chapter playable from outside this package (tests, later content packs)."""
    compiled = Page(chapter, rules)
    _extra[chapter.number] = compiled
    FOUND.pop(chapter.number, None)
    return compiled


def remove_chapter(number: int) -> None:
    _extra.pop(number, None)
    FOUND.pop(number, None)
