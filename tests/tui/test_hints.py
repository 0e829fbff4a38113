"""Hints tell one story: the advised choice first and marked, the others by their figures,
a reason when a lower figure is advised, and no margin too wide to mean anything."""

from __future__ import annotations

from ringbearer_engine import Ranking
from ringbearer_engine.games.mount_doom.actions import Choose
from ringbearer_tui.hints import advise, estimate

A, B, C = Choose("a"), Choose("b"), Choose("c")


def ranking(action: Choose, rate: float, playouts: int = 400, spread: float = 0.2) -> Ranking:
    return Ranking(action, rate, playouts, round(rate * playouts), spread)


def test_the_advised_choice_comes_first_and_is_marked() -> None:
    advice = advise([A, B, C], [ranking(C, 0.4), ranking(A, 0.3), ranking(B, 0.2)])
    assert advice.actions == [C, A, B]
    assert advice.notes[0].startswith("advised, wins 40%")
    assert advice.notes[1].startswith("wins 30%")
    assert advice.why == ""


def test_a_lower_advised_figure_says_why() -> None:
    advice = advise([A, B], [ranking(A, 0.35), ranking(B, 0.36)])
    assert advice.actions == [A, B]
    assert "36%" in advice.why
    assert "margin" in advice.why


def test_a_margin_too_wide_to_mean_anything_is_not_shown() -> None:
    wide = ranking(A, 0.12, playouts=10, spread=0.4)
    assert wide.margin > 0.2
    assert estimate(wide) == "wins ~12% (rough)"
    assert estimate(ranking(A, 0.5)) == "wins 50% (45–55%)"


def test_a_figure_from_futures_that_all_won_is_not_a_certainty() -> None:
    """150 futures that all win show a range below 100%, never "±0%"."""
    assert estimate(Ranking(A, 1.0, 150, 150, 0.0)) == "wins 100% (98–100%)"


def test_a_single_choice_gets_no_figure() -> None:
    advice = advise([A], [Ranking(A, float("nan"), 0, 0)])
    assert advice.notes == ["advised"]


def test_choices_the_advisor_did_not_try_are_named_as_such() -> None:
    unsearched = Ranking(C, float("nan"), 0, 0)
    advice = advise([A, B, C], [ranking(A, 0.4), ranking(B, 0.3), unsearched])
    assert advice.notes[2] == ""
    assert "Only the choices with a figure" in advice.scope


def test_a_choice_made_by_rules_of_thumb_says_so() -> None:
    advice = advise([A, B], [Ranking(B, float("nan"), 0, 0), Ranking(A, float("nan"), 0, 0)])
    assert advice.actions == [B, A]
    assert advice.notes == ["advised", ""]
    assert "rules of thumb" in advice.scope


def test_a_fully_searched_ranking_needs_no_word_on_scope() -> None:
    assert advise([A, B], [ranking(A, 0.4), ranking(B, 0.3)]).scope == ""
