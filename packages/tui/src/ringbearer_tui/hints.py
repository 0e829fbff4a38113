"""The advisor's ranking as the choices panel shows it: the advised choice marked where it
stands, each figure with its margin.

The choices keep their places (the key that meant a choice a moment ago still means it) and
their own words; the hint adds a note after them. A figure reads "wins 45% ± 6": the chance to
win over the imagined futures and half the width of its 95% range. A choice whose figure is
within the margins of the advised one's reads "about the same": near-ties are ties. The engine
never advises a choice below a clearly higher figure (:func:`rb.clearly_higher`), so a higher
figure beside the advice is always one of those.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

import ringbearer_engine as rb


class Advice(msgspec.Struct, frozen=True):
    actions: list[rb.Action]
    """The choices, in the order they were offered."""
    notes: list[str]
    """The hint's note for each choice, in the same order ("" for none)."""
    advised: rb.Action | None
    """The advised choice (``None`` when the advisor had nothing to say)."""
    why: str
    """Why the advice stands beside choices that show about the same figure ("" if none)."""
    scope: str = ""
    """Which choices were tried in imagined games, when not all of them were ("" if all)."""


def estimate(ranking: rb.Ranking | None) -> str:
    """A figure with its margin, e.g. "wins 45% ± 6"; "" for a choice without one."""
    if ranking is None or not rb.has_figure(ranking):
        return ""
    return f"wins {ranking.win_rate:.0%} ± {ranking.margin * 100:.0f}"


def advise(actions: Sequence[rb.Action], ranking: Sequence[rb.Ranking]) -> Advice:
    """Annotate ``actions``, in their order, by ``ranking`` (the advisor's, advised first)."""
    by_action = {r.action: r for r in ranking if r.action in actions}
    order = list(actions)
    advised = ranking[0] if ranking and ranking[0].action in by_action else None
    if advised is None:
        return Advice(order, [estimate(by_action.get(a)) for a in order], None, "")
    notes: list[str] = []
    close = 0
    for action in order:
        found = by_action.get(action)
        figure = estimate(found)
        if action == advised.action:
            notes.append("advised" + (f", {figure}" if figure else ""))
        elif found is not None and figure and _about_the_same(found, advised):
            close += 1
            notes.append(f"{figure}, about the same")
        else:
            notes.append(figure)
    why = ""
    if close:
        why = (
            "Choices marked about the same are within the figures' margins of the advised "
            "one: a tie, and the advisor keeps its usual choice."
        )
    return Advice(order, notes, advised.action, why, _scope(list(by_action.values()), len(order)))


def _about_the_same(choice: rb.Ranking, advised: rb.Ranking) -> bool:
    if not rb.has_figure(advised):
        return False
    return not rb.clearly_higher(choice, advised) and not rb.clearly_higher(advised, choice)


def _scope(ranked: list[rb.Ranking], choices: int) -> str:
    # An advisor may search only the choices its rules of thumb rate highest, or none when
    # one is far ahead: figures missing beside the others must not read as "no chance".
    tried = sum(1 for r in ranked if rb.has_figure(r))
    if choices < 2 or tried == choices:
        return ""
    if tried == 0:
        return "It judged by rules of thumb alone, without imagining games."
    return "Only the choices with a figure were tried in imagined games; the others rate lower."
