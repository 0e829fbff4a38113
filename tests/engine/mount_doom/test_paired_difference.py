"""The paired comparison of two simulation runs (tools/paired_difference.py)."""

from __future__ import annotations

import pytest

import ringbearer_engine as rb

from .tools.paired_difference import exact_two_sided, paired_lines


def test_the_paired_difference_is_the_difference_of_the_win_rates() -> None:
    heuristic = rb.simulate("mount-doom", 60, ["heuristic"] * 2, seed=5)
    random = rb.simulate("mount-doom", 60, ["random"] * 2, seed=5)
    both = len(set(heuristic.won_games) & set(random.won_games))
    lines = paired_lines(heuristic, random)
    only_heuristic = heuristic.wins.count - both
    only_random = random.wins.count - both
    assert (
        f"both won {both}, only heuristic {only_heuristic}, only random {only_random}" in (lines[0])
    )
    difference = (heuristic.wins.count - random.wins.count) / 60
    assert f"difference {difference:+.1%}" in lines[1]


def test_runs_of_different_seeds_are_not_compared() -> None:
    a = rb.simulate("mount-doom", 10, ["heuristic"] * 2, seed=1)
    b = rb.simulate("mount-doom", 10, ["heuristic"] * 2, seed=2)
    with pytest.raises(ValueError, match="same game, seed"):
        paired_lines(a, b)


def test_the_exact_test_finds_an_even_split_unremarkable_and_a_one_sided_one_rare() -> None:
    assert exact_two_sided(5, 5) == 1.0
    assert exact_two_sided(0, 0) == 1.0
    assert exact_two_sided(10, 0) == pytest.approx(2 / 1024)
    assert exact_two_sided(0, 10) == exact_two_sided(10, 0)
