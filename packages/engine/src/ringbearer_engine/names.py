"""What a player's name may be: short text that every save can keep and every screen can show.

Names travel in saves and, at a shared table, to other players' terminals. So a name is
refused when a save could not hold it (text that is not valid Unicode, such as a lone
surrogate), when it is longer than :data:`MAX_NAME_LENGTH`, and when it holds control
characters: an escape sequence in a name would reach the terminal of whoever is shown it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .errors import SetupError

MAX_NAME_LENGTH = 100
"""The longest player name, in characters; a name on screen is a few words at most."""

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
"""Control characters (C0, DEL, C1): what a terminal may read as a command."""


def name_problem(name: object, *, old: bool = False) -> str | None:
    """Why ``name`` cannot be a player's name, or ``None`` when it can.

    ``old``: a name read from a save, which may come from before long names and control
    characters were refused; it is kept (clients show such characters as escapes, and cut
    long text to fit), so every save that loaded before still loads.
    """
    if not isinstance(name, str) or not name.strip():
        return "every player needs a name"
    if not old and len(name) > MAX_NAME_LENGTH:
        return f"a player's name has at most {MAX_NAME_LENGTH} characters, not {len(name):,}"
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return f"the name {_printable(name)} holds characters a save cannot hold"
    if not old and _CONTROL.search(name):
        return f"the name {_printable(name)} holds control characters, which names cannot"
    return None


def check_names(names: Sequence[object], *, old: bool = False) -> None:
    """Raise :class:`SetupError` with the reason unless every name can be a player's name."""
    for name in names:
        problem = name_problem(name, old=old)
        if problem:
            raise SetupError(problem)


def _printable(text: str) -> str:
    # repr shows control characters and lone surrogates as escapes, so the message prints.
    return repr(text) if len(text) <= 40 else repr(text[:40])[:-1] + "...'"
