"""One advisor behind the hint and the review: the review advises what the hint advised, never
marks a step that followed it, and marks a stray only when the loss is sure."""

from __future__ import annotations

import functools
from typing import Any

import pytest
from blunder_game import OPENING

import ringbearer_engine as rb
from ringbearer_engine.analysis import INACCURACY
from ringbearer_engine.analysis.compare import compare
from ringbearer_engine.analysis.marks import MARK_BARS, mark_for

STRAY_EVERY = 4


def hinted(game_id: str, seed: int, steps: int, *, stray: bool = False) -> rb.Match:
    """A match whose every decision takes the hint's advice (or, straying, its last choice at
    every fourth decision)."""
    options = {"target": 12} if game_id == "pig" else {}
    match = rb.Match.new(game_id, ["Ann", "Bo"], seed=seed, options=options)
    decisions = 0
    while match.to_move is not None and len(match.log) < steps:
        if len(match.actions()) < 2:
            match.play(match.actions()[0])
            continue
        decisions += 1
        ranking = rb.advise(match.game, match.state, len(match.log))
        last = stray and decisions % STRAY_EVERY == 0
        match.play(ranking[-1 if last else 0].action)
    return match


@functools.cache
def pig_review(seed: int, stray: bool) -> rb.Analysis:
    return rb.analyse(hinted("pig", seed, 200, stray=stray), futures=24)


def test_the_review_advises_at_every_step_what_the_hint_advised() -> None:
    match = hinted("mount-doom", 3, 14)
    analysis = rb.analyse(match, futures=24)
    replay = rb.Match.from_log("mount-doom", ["Ann", "Bo"], 3, None, [])
    checked = 0
    for entry in match.log:
        review = analysis.at(len(replay.log))
        if review is not None and review.kind == "decision":
            hint = rb.advise(replay.game, replay.state, len(replay.log))[0].action
            assert review.hint == str(hint)
            checked += 1
        replay.play(entry)
    assert checked >= 3
    assert analysis.marked == [], "a game that follows the hint is not marked"


def test_games_that_follow_the_hint_are_not_marked() -> None:
    for seed in (1, 2, 3):
        analysis = pig_review(seed, stray=False)
        assert [r for r in analysis.steps if r.kind == "decision"], "the game must have choices"
        assert analysis.marked == []


def test_a_mark_is_given_only_when_the_low_end_of_the_loss_passes_the_bar() -> None:
    reviews = [
        review
        for seed in (1, 2, 3)
        for review in pig_review(seed, stray=True).steps
        if review.kind == "decision"
    ]
    strays = [review for review in reviews if review.chosen != review.hint]
    assert strays, "the games must stray from the hint"
    for review in reviews:
        assert review.mark == mark_for(review.loss_low)
        if review.mark is not None:
            assert review.chosen != review.hint
            assert review.loss_low >= INACCURACY


def test_a_clear_loss_is_still_marked() -> None:
    from blunder_game import FATAL

    match = rb.Match.from_log("mount-doom", ["Ann", "Bo"], 45, None, [*OPENING, FATAL])
    [last] = rb.analyse(match, first=len(OPENING), futures=48).steps
    assert last.hint != FATAL
    assert last.loss_low >= INACCURACY
    assert last.mark is not None


def test_a_choice_compared_with_itself_ties_exactly_on_paired_futures() -> None:
    """The two choices meet the same futures: the same choice twice differs in none."""
    match = rb.Match.from_log("mount-doom", ["Ann", "Bo"], 45, None, OPENING)
    action = match.actions()[0]
    seat = match.to_move
    assert seat is not None
    same = compare(match.game, match.state, seat, action, action, 7, 48, MARK_BARS)
    assert (same.gain, same.low, same.high) == (0.0, 0.0, 0.0)
    assert same.futures == 24, "a sure tie stops after one round"


def test_a_stray_unsure_of_an_inaccuracys_bar_gets_more_futures(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Futures that split both ways (a gain near none, widely spread) leave the bar of an
    inaccuracy inside the interval: the comparison goes on, for that bar alone, up to the
    futures it is given more."""
    from ringbearer_engine.analysis import compare as comparing

    calls = iter(range(10**6))

    def split(*args: object) -> float:
        # first, second, first, second...: on alternate futures one choice wins, then the other
        n = next(calls)
        return float((n // 2 + n) % 2)

    monkeypatch.setattr(comparing, "future_score", split)
    match = rb.Match.from_log("mount-doom", ["Ann", "Bo"], 45, None, OPENING)
    first, second = match.actions()[:2]
    seat = match.to_move
    assert seat is not None
    plain = compare(match.game, match.state, seat, first, second, 7, 48, MARK_BARS)
    assert plain.futures == 48
    assert plain.low < INACCURACY <= plain.high
    calls = iter(range(10**6))
    longer = compare(
        match.game,
        match.state,
        seat,
        first,
        second,
        7,
        48,
        MARK_BARS,
        more=96,
        more_bars=(INACCURACY,),
    )
    assert longer.futures == 144
    assert longer.high - longer.low < plain.high - plain.low


class _Stubborn:
    """An advisor that keeps its first choice whatever its own figures say."""

    def __init__(self, figures: list[float]) -> None:
        self.figures = figures

    def rank(self, game: rb.Game[Any], state: rb.GameState) -> list[rb.Ranking]:
        actions = game.actions(state)
        return [
            rb.Ranking(action, figure, 400, round(400 * figure), 0.2)
            for action, figure in zip(actions, self.figures, strict=False)
        ]


def test_the_advice_is_never_below_a_clearly_higher_figure() -> None:
    match = rb.Match.from_log("mount-doom", ["Ann", "Bo"], 45, None, OPENING)
    first, second = match.actions()[:2]
    ranking = rb.advise(match.game, match.state, 1, _Stubborn([0.30, 0.60]))
    assert ranking[0].action == second
    assert {r.action for r in ranking} >= {first, second}


def test_a_higher_figure_within_the_margins_leaves_the_advice_alone() -> None:
    match = rb.Match.from_log("mount-doom", ["Ann", "Bo"], 45, None, OPENING)
    first = match.actions()[0]
    ranking = rb.advise(match.game, match.state, 1, _Stubborn([0.50, 0.53]))
    assert ranking[0].action == first
