"""The chapters of the Adventure Book, one module each.

Every module here defines ``CHAPTER`` (a :class:`~..chapter.Chapter`) and may define
``RULES`` (a :class:`~..chapter.ChapterRules`). They are found by listing this package, so
adding chapter 5 means adding its module and nothing else. The table of compiled pages
(:func:`page`, :func:`pages`) is kept by the rules (``..rules.pages``) and named here too.
"""

from __future__ import annotations

from ..rules.pages import (
    FOUND,
    LAST_CHAPTER,
    TITLES,
    add_chapter,
    found_page,
    page,
    pages,
    remove_chapter,
)

__all__ = [
    "FOUND",
    "LAST_CHAPTER",
    "TITLES",
    "add_chapter",
    "found_page",
    "page",
    "pages",
    "remove_chapter",
]
