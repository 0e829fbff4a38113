"""An analysis as a table for a terminal: one line per step, marks and turning points."""

from __future__ import annotations

from .records import Analysis, StepReview

SYMBOLS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
"""The marks' short forms, as chess annotators write them."""


def _figure(win: float | None) -> str:
    return "" if win is None else f"{win:.0%}"


def _line(review: StepReview, players: list[str], turning: set[int]) -> str:
    who = players[review.seat] if review.seat is not None else "-"
    best = review.best if review.best not in (None, review.chosen) else ""
    chosen = _figure(review.chosen_win if review.kind == "decision" else review.after)
    best_win = _figure(review.best_win) if best else ""
    mark: str = review.mark or ("chance" if review.kind == "chance" else "")
    if review.step in turning:
        mark = f"{mark} *".strip()
    return (
        f"{review.step + 1:>5}  {who[:12]:<12}  {review.chosen[:24]:<24}  {best[:24]:<24}  "
        f"{chosen:>6}  {best_win:>6}  {mark}"
    )


def text(analysis: Analysis) -> str:
    """The analysis as lines: a header, the steps, and the marks counted."""
    view = (
        "each seat's own view"
        if analysis.view is None
        else (f"{analysis.players[analysis.view]}'s view")
    )
    lines = [
        f"{analysis.game}: {', '.join(analysis.players)}; advisor {analysis.advisor}, {view}",
        f"{'step':>5}  {'who':<12}  {'chose':<24}  {'best':<24}  {'chosen':>6}  {'best':>6}  mark",
    ]
    turning = set(analysis.turning_points)
    lines += [_line(review, analysis.players, turning) for review in analysis.steps]
    counts = dict.fromkeys(SYMBOLS, 0)
    for review in analysis.marked:
        assert review.mark is not None
        counts[review.mark] += 1
    lines.append(
        f"{counts['inaccuracy']} inaccuracies, {counts['mistake']} mistakes, "
        f"{counts['blunder']} blunders; * marks a turning point "
        f"(steps {', '.join(str(s + 1) for s in analysis.turning_points) or 'none'})"
    )
    lines.append(analysis.outcome or "The match is not over.")
    return "\n".join(lines)
