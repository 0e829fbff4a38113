"""Long lists of choices folded by kind, so a player sees the kinds of choice at once.

The Adventure Book offers 20 to 25 choices in storytelling, most of them swaps with the solo
hand, and a panel at 80x24 shows about ten. A game's look names each choice's kind, from the
broad to the narrow ("Move a piece", "Move Frodo"). A list longer than its panel then shows
each kind of two choices or more as one entry ("Swap with the solo hand… (8)"), which opens
its choices, with "← All choices" first; a list that fits is shown whole. When folding by
the broad kinds would leave almost nothing to choose between (the movement phase: "End the
move" and "Move a piece…"), the narrow kinds are folded instead ("Move Merry… (3)").

Only what the list is given changes here; the list draws and takes keys as before.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import ringbearer_engine as rb

FOLD_FROM = 10
"""Lists of this many choices or more are folded when the panel has no more room than this:
the nine digit keys still reach a shorter list at once."""
FEWEST_ENTRIES = 3
"""A fold that leaves fewer entries than this gains nothing: the next narrower kind is tried."""


@dataclass(frozen=True)
class ChoiceGroup:
    """One entry of a folded list standing for the choices of one kind."""

    title: str
    members: tuple[rb.Action, ...]

    @property
    def label(self) -> str:
        return f"{self.title}… ({len(self.members)})"


ALL_CHOICES = ChoiceGroup("← All choices", ())
"""The first entry of an opened kind: back to the whole list (Escape does the same)."""

Entry = rb.Action | ChoiceGroup
"""What the list of choices shows: a choice, a kind of choices, or the way back."""

KindOf = Callable[[rb.Action], tuple[str, ...]]
"""A choice's kinds from the broad to the narrow; () for a choice never folded."""


def fold(actions: Sequence[rb.Action], kind_of: KindOf, *, fits: bool = False) -> list[Entry]:
    """``actions`` in their order, every kind of two choices or more folded into one entry
    where its first choice stood; unfolded when the list ``fits`` its panel (a larger
    terminal shows it whole) or is shorter than :data:`FOLD_FROM`."""
    if fits or len(actions) < FOLD_FROM:
        return list(actions)
    kinds = [kind_of(action) for action in actions]
    depth = max((len(k) for k in kinds), default=0)
    for level in range(depth):
        entries = _folded_at(actions, [k[level] if level < len(k) else "" for k in kinds])
        if len(entries) >= FEWEST_ENTRIES:
            return entries
    return list(actions)


def _folded_at(actions: Sequence[rb.Action], titles: list[str]) -> list[Entry]:
    members: dict[str, list[rb.Action]] = {}
    for action, title in zip(actions, titles, strict=True):
        if title:
            members.setdefault(title, []).append(action)
    entries: list[Entry] = []
    for action, title in zip(actions, titles, strict=True):
        group = members.get(title) if title else None
        if group is None or len(group) < 2:
            entries.append(action)
        elif group[0] == action:
            entries.append(ChoiceGroup(title, tuple(group)))
    return entries


def lines_needed(labels: Sequence[str], width: int) -> int:
    """About how many lines ``labels`` take in a panel ``width`` wide, each after its key
    and wrapped under it (a long choice breaks between phrases, which may take a line more
    than this says)."""
    room = max(1, width - 2)
    return sum(max(1, -(-len(label) // room)) for label in labels)


def opened(entries: Sequence[Entry], title: str | None) -> list[Entry]:
    """The list as shown with the kind named ``title`` open (its choices after the way back),
    or ``entries`` itself when no such kind is folded there."""
    for entry in entries:
        if isinstance(entry, ChoiceGroup) and entry.title == title:
            return [ALL_CHOICES, *entry.members]
    return list(entries)
