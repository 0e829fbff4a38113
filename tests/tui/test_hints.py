"""Hints tell one story: the advised choice marked where it stands, every figure with its
margin, and a choice within the margins of the advice called about the same."""

from __future__ import annotations

from ringbearer_engine import Ranking
from ringbearer_engine.games.mount_doom.actions import Choose
from ringbearer_tui.hints import advise, estimate

A, B, C = Choose("a"), Choose("b"), Choose("c")


def ranking(action: Choose, rate: float, playouts: int = 400, spread: float = 0.2) -> Ranking:
    return Ranking(action, rate, playouts, round(rate * playouts), spread)


def test_the_advised_choice_is_marked_where_it_stands() -> None:
    advice = advise([A, B, C], [ranking(C, 0.6), ranking(A, 0.3), ranking(B, 0.2)])
    assert advice.actions == [A, B, C]
    assert advice.advised == C
    assert advice.notes[2].startswith("advised, wins 60% ±")
    assert advice.notes[0].startswith("wins 30% ±")
    assert advice.why == ""


def test_a_higher_figure_beside_the_advice_is_about_the_same() -> None:
    advice = advise([A, B], [ranking(A, 0.35), ranking(B, 0.38)])
    assert advice.notes[1].endswith("about the same")
    assert "about the same" in advice.why


def test_a_near_tie_below_the_advice_is_about_the_same_too() -> None:
    advice = advise([A, B], [ranking(A, 0.40), ranking(B, 0.37)])
    assert advice.notes[1].endswith("about the same")


def test_a_clearly_lower_figure_is_just_a_figure() -> None:
    advice = advise([A, B], [ranking(A, 0.60), ranking(B, 0.30)])
    assert advice.notes[1] == estimate(ranking(B, 0.30))


def test_every_figure_shows_its_margin_however_wide() -> None:
    wide = ranking(A, 0.12, playouts=10, spread=0.4)
    assert estimate(wide) == f"wins 12% ± {wide.margin * 100:.0f}"
    assert estimate(ranking(A, 0.5)) == "wins 50% ± 5"


def test_a_figure_from_futures_that_all_won_is_not_a_certainty() -> None:
    """150 futures that all win still show a margin, never "± 0"."""
    assert estimate(Ranking(A, 1.0, 150, 150, 0.0)) == "wins 100% ± 1"


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
    assert advice.actions == [A, B]
    assert advice.notes == ["", "advised"]
    assert "rules of thumb" in advice.scope


def test_a_fully_searched_ranking_needs_no_word_on_scope() -> None:
    assert advise([A, B], [ranking(A, 0.4), ranking(B, 0.3)]).scope == ""
