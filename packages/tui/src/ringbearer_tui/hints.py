"""The advisor's ranking as the choices panel shows it: one story from the order, the mark
and the figures.

The advisor keeps its usual choice unless another is clearly better, so a choice it does not
recommend may show a higher figure; the hint then says why. A figure from too few imagined
games is shown as rough, without a range that would mean nothing; otherwise it comes with its
95% range (a Wilson interval, honest at 0% and 100%).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import msgspec

import ringbearer_engine as rb

WIDE_MARGIN = 0.10
"""Above ±10 points an estimate only says roughly how a choice fares."""


class Advice(msgspec.Struct, frozen=True):
    actions: list[rb.Action]
    """The choices, the recommended one first, then by estimated chance to win."""
    notes: list[str]
    """One note per choice, in the same order."""
    why: str
    """Why the recommendation stands when another choice shows a higher figure ("" if none)."""
    scope: str = ""
    """Which choices were tried in imagined games, when not all of them were ("" if all)."""


def estimate(ranking: rb.Ranking | None) -> str:
    if ranking is None or ranking.playouts == 0 or math.isnan(ranking.win_rate):
        return ""
    if ranking.margin > WIDE_MARGIN:
        return f"wins ~{ranking.win_rate:.0%} (rough)"
    # The range, not a ± margin: near 0% or 100% the honest interval is lopsided, and all
    # futures won still leave room for a loss.
    low, high = ranking.interval
    return f"wins {ranking.win_rate:.0%} ({low * 100:.0f}–{high:.0%})"


def advise(actions: Sequence[rb.Action], ranking: Sequence[rb.Ranking]) -> Advice:
    """Order and annotate ``actions`` by ``ranking`` (the advisor's, recommended first)."""
    by_action = {r.action: r for r in ranking if r.action in actions}
    ranked = [r.action for r in ranking if r.action in by_action]
    order = ranked + [a for a in actions if a not in by_action]
    notes = [estimate(by_action.get(action)) for action in order]
    if not ranked:
        return Advice(order, notes, "")
    notes[0] = "advised" + (f", {notes[0]}" if notes[0] else "")
    scope = _scope([by_action[a] for a in ranked], len(order))
    best = by_action[ranked[0]]
    higher = [by_action[a] for a in ranked[1:] if by_action[a].win_rate > best.win_rate]
    why = ""
    if higher:
        top = max(r.win_rate for r in higher)
        why = (
            f"Another choice shows up to {top:.0%}, but no other is clearly better within "
            "the margins, so the advisor keeps its usual choice."
        )
    return Advice(order, notes, why, scope)


def _scope(ranked: list[rb.Ranking], choices: int) -> str:
    # An advisor may search only the choices its rules of thumb rate highest, or none when
    # one is far ahead: figures missing beside the others must not read as "no chance".
    tried = sum(1 for r in ranked if r.playouts)
    if choices < 2 or tried == choices:
        return ""
    if tried == 0:
        return "It judged by rules of thumb alone, without imagining games."
    return "Only the choices with a figure were tried in imagined games; the others rate lower."
