"""Long lists of choices folded by kind, so a player sees the kinds of choice at once.

The Adventure Book offers 20 to 25 choices in storytelling, most of them swaps with the solo
hand, and a panel at 80x24 shows about ten. A game's look names each choice's kind, from the
broad to the narrow ("Move a piece", "Move Frodo"). A list longer than its panel then shows
each kind of two choices or more as one entry ("Swap with the solo hand… (8)"), which opens
its choices, with "← All choices" first; a list that fits is shown whole. When folding by
the broad kinds would leave almost nothing to choose between (the movement phase: "End the
move" and "Move a piece…"), the narrow kinds are folded instead ("Move Merry… (3)"). An
opened kind too long for the panel folds its choices by the narrower kinds in turn (the
sixteen swaps of a solo hand: "Swap Mystery… (4)"), with the way back to it first.

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
    """The choices it opens; none for the way back (one kind out, or all choices)."""
    level: int = 0
    """How narrow its kind is: its title is that of the choices' kinds at this place."""

    @property
    def label(self) -> str:
        return f"{self.title}… ({len(self.members)})"


ALL_CHOICES = ChoiceGroup("← All choices", ())
"""The first entry of an opened kind: back to the whole list (Escape does the same)."""


def way_back(outer: str | None) -> ChoiceGroup:
    """The first entry of an opened kind: back to ``outer``, the kind it lies in, or to all
    choices (``None``)."""
    return ALL_CHOICES if outer is None else ChoiceGroup(f"← {outer}", ())


Entry = rb.Action | ChoiceGroup
"""What the list of choices shows: a choice, a kind of choices, or the way back."""

KindOf = Callable[[rb.Action], tuple[str, ...]]
"""A choice's kinds from the broad to the narrow; () for a choice never folded."""


def fold(
    actions: Sequence[rb.Action], kind_of: KindOf, *, fits: bool = False, level: int = 0
) -> list[Entry]:
    """``actions`` in their order, every kind of two choices or more folded into one entry
    where its first choice stood; unfolded when the list ``fits`` its panel (a larger
    terminal shows it whole) or is shorter than :data:`FOLD_FROM`. The kinds are taken from
    ``level`` on (the choices of an opened kind fold by narrower kinds than it)."""
    if fits or len(actions) < FOLD_FROM:
        return list(actions)
    kinds = [kind_of(action) for action in actions]
    depth = max((len(k) for k in kinds), default=0)
    for at in range(level, depth):
        entries = _folded_at(actions, [k[at] if at < len(k) else "" for k in kinds], at)
        if len(entries) >= FEWEST_ENTRIES:
            return entries
    return list(actions)


def _folded_at(actions: Sequence[rb.Action], titles: list[str], level: int) -> list[Entry]:
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
            entries.append(ChoiceGroup(title, tuple(group), level))
    return entries


def lines_needed(labels: Sequence[str], width: int) -> int:
    """About how many lines ``labels`` take in a panel ``width`` wide, each after its key
    and wrapped under it (a long choice breaks between phrases, which may take a line more
    than this says)."""
    room = max(1, width - 2)
    return sum(max(1, -(-len(label) // room)) for label in labels)


def kind_named(entries: Sequence[Entry], title: str) -> ChoiceGroup | None:
    """The folded kind named ``title`` among ``entries``, if it is there."""
    for entry in entries:
        if isinstance(entry, ChoiceGroup) and entry.members and entry.title == title:
            return entry
    return None
