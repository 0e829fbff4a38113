"""rb.analyse: repeatable, its JSON form, its kinds of step, its options."""

from __future__ import annotations

import json
from typing import Any

import msgspec
import pytest

import ringbearer_engine as rb
from ringbearer_engine.analysis import HINT, default_advisor, monte_carlo

TINY = monte_carlo(12)


def short_game(steps: int = 30) -> rb.Match:
    match = rb.Match.new("mount-doom", ["Ann"], seed=5)
    while match.outcome is None and len(match.log) < steps:
        match.play(match.actions()[-1])
    return match


def test_the_same_match_and_options_give_the_same_analysis() -> None:
    match = short_game()
    first = rb.analyse(match, TINY, futures=4, seed=3)
    again = rb.analyse(rb.Match.load(match.save()), TINY, futures=4, seed=3)
    assert first.to_json() == again.to_json()


def test_the_analysis_is_the_same_on_worker_processes() -> None:
    match = short_game(12)
    alone = rb.analyse(match, TINY, futures=4)
    spread = rb.analyse(match, TINY, futures=4, workers=2)
    assert alone == spread


def test_the_analysis_is_the_same_on_any_executor() -> None:
    """The steps are the unit of work: a thread pool and a process pool that unpickles every
    task give the analysis one process gives."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

    match = short_game(12)
    alone = rb.analyse(match, TINY, futures=4)
    with ThreadPoolExecutor(2) as threads:
        assert rb.analyse(match, TINY, futures=4, executor=threads) == alone
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("fork")) as processes:
        assert rb.analyse(match, TINY, futures=4, executor=processes) == alone


def test_the_default_advisor_can_be_sent_to_another_machine() -> None:
    """A cluster's workers get the advisor factory with each step, so it must pickle (and
    come back under the same name), and build each game's own advisor there."""
    import pickle

    from ringbearer_engine.analysis import advisors

    again = pickle.loads(pickle.dumps(HINT))
    assert advisors.advisor_name(again) == "hint"
    for game in rb.list_games():
        assert type(again(game, 1)) is type(game.advisor(1)), game.id


def test_the_json_form_has_the_documented_fields() -> None:
    analysis = rb.analyse(short_game(), TINY, futures=4)
    document = json.loads(analysis.to_json())
    assert document["game"] == "mount-doom"
    assert isinstance(document["turning_points"], list)
    assert len(document["steps"]) == 30
    for step in document["steps"]:
        assert step["kind"] in {"decision", "chance", "forced"}
        assert isinstance(step["step"], int)
        assert isinstance(step["seat"], int)
        assert isinstance(step["chosen"], str)
        assert step["mark"] in {None, "inaccuracy", "mistake", "blunder"}
        if step["before"] is not None and step["after"] is not None:
            assert step["swing"] == pytest.approx(step["after"] - step["before"])
        if step["kind"] == "decision":
            assert isinstance(step["best"], str)
            assert 0.0 <= step["chosen_low"] <= step["chosen_win"] <= step["chosen_high"] <= 1.0
            assert 0.0 <= step["best_low"] <= step["best_win"] <= step["best_high"] <= 1.0
    assert rb.Analysis.from_json(analysis.to_json()) == analysis


def test_a_figure_from_futures_that_all_won_still_has_a_margin() -> None:
    from ringbearer_engine.analysis.judge import Estimate

    figure = Estimate.of(1.0, 12)
    assert figure.high == 1.0
    assert figure.low < 0.8


def test_every_step_but_the_scripts_is_reviewed_in_order() -> None:
    match = rb.Match.new("mount-doom", ["Ann"], seed=5)
    match.script(rolls={"black": [1]})
    for _ in range(6):
        match.play(match.actions()[0])
    analysis = rb.analyse(match, TINY, futures=4)
    assert [review.step for review in analysis.steps] == list(range(1, 7))
    assert analysis.at(0) is None


def test_a_cancelled_run_assembles_what_it_judged() -> None:
    analyser = rb.analysis.Analyser(short_game(), TINY, futures=4)
    for n, _ in enumerate(analyser.run()):
        if n == 4:
            break
    partial = analyser.analysis()
    assert len(partial.steps) == 5
    assert not partial.complete


def test_progress_counts_every_step() -> None:
    seen: list[tuple[int, int]] = []
    rb.analyse(short_game(8), TINY, futures=4, progress=lambda d, t: seen.append((d, t)))
    assert seen[0] == (0, 8)
    assert seen[-1] == (8, 8)


def test_a_seat_that_is_not_there_is_refused() -> None:
    with pytest.raises(ValueError, match="no seat 3"):
        rb.analyse(short_game(2), TINY, seat=2)


def test_every_game_is_reviewed_by_its_hints_advisor() -> None:
    assert {default_advisor(game.id) for game in rb.list_games()} == {HINT}


def test_the_analysis_is_a_msgspec_struct() -> None:
    analysis = rb.analyse(short_game(3), TINY, futures=2)
    assert isinstance(analysis, msgspec.Struct)
    assert msgspec.json.decode(analysis.to_json(), type=rb.Analysis) == analysis


def test_each_game_names_its_own_advisor_for_hint_and_review() -> None:
    from ringbearer_engine.bots import MonteCarloAdvisor
    from ringbearer_engine.games.adventure_book.advisor import BookAdvisor
    from ringbearer_engine.games.adventure_game.advisor import SeatAdvisor

    kinds = {game.id: type(game.advisor(1)) for game in rb.list_games()}
    assert kinds["adventure-book"] is BookAdvisor
    assert kinds["adventure-game"] is SeatAdvisor
    assert kinds["mount-doom"] is MonteCarloAdvisor


def test_judging_the_likeliest_marks_first_gives_the_same_analysis() -> None:
    match = short_game(24)
    in_order = rb.analyse(match, TINY, futures=4)
    analyser = rb.analysis.Analyser(match, TINY, futures=4)
    for _ in analyser.run(order="marks first"):
        pass
    assert analyser.analysis() == in_order
    assert analyser.analysis().complete


def test_decisions_that_left_the_rules_of_thumb_are_judged_first() -> None:
    match = short_game(24)
    analyser = rb.analysis.Analyser(match, TINY, futures=4)
    suspects = analyser._suspects(list(range(analyser.total)))
    assert suspects, "the game must hold a choice the heuristic would not make"
    judged = [review.step for review in analyser.run(order="marks first")]
    assert judged[: len(suspects)] == [analyser.tasks[n].step for n in suspects]
    # Mount Doom's heuristic gives no scores: its suspects stay in the log's order.
    assert sorted(judged[: len(suspects)]) == judged[: len(suspects)]


def test_the_choices_farthest_below_the_rules_of_thumb_are_judged_first() -> None:
    from ringbearer_engine.games.adventure_game.bots import HeuristicBot

    match = rb.Match.new("adventure-game", ["Ann", "Bo"], seed=3)
    while match.to_move is not None and len(match.log) < 40:
        options = match.actions()
        match.play(options[-1] if len(match.log) % 3 == 0 else options[0])
    analyser = rb.analysis.Analyser(match, TINY, futures=2)
    suspects = analyser._suspects(list(range(analyser.total)))
    game = match.game
    gaps = []
    for n in suspects:
        task = analyser.tasks[n]
        state = game.decode_state(task.state)
        bot = HeuristicBot(task.seed)
        score = bot.scorer(state)
        gaps.append(
            score(bot.choose(game, game.clone(state))) - score(game.parse_action(task.chosen))
        )
    assert len(suspects) >= 3
    assert gaps == sorted(gaps, reverse=True)


def test_a_review_finds_the_advice_a_hint_worked_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """The game's own advisor gives the same ranking for the same position and seed: the
    review does not work it out again."""
    from ringbearer_engine.advice import forget_advice

    forget_advice()
    match = short_game(6)
    game = match.game
    hint = rb.advise(game, match.state, len(match.log))
    asked: list[int] = []
    original = type(game).advisor

    def counted(self: rb.Game[Any], seed: int) -> rb.analysis.Advisor:
        asked.append(seed)
        return original(self, seed)

    monkeypatch.setattr(type(game), "advisor", counted)
    assert rb.advise(game, match.state, len(match.log)) == hint
    assert asked == []
    forget_advice()
    assert rb.advise(game, match.state, len(match.log)) == hint
    assert asked == [len(match.log)]


def test_the_deeper_look_plays_futures_as_far_ahead_as_the_advice() -> None:
    from ringbearer_engine.analysis.judge import horizon_of
    from ringbearer_engine.bots.montecarlo import DEFAULT_HORIZON
    from ringbearer_engine.games.adventure_book.advisor import HINT_HORIZON, TO_THE_END

    book = rb.Match.new("adventure-book", ["Ann", "Bo"], seed=2, options={"chapter": 1})
    advisor = book.game.advisor(0)
    assert horizon_of(advisor, book.state) == HINT_HORIZON
    late = book.game.clone(book.state)
    late.plot_deck.clear()
    assert horizon_of(advisor, late) == TO_THE_END
    assert horizon_of(rb.MonteCarloAdvisor(book.game, horizon=3), book.state) == 3
    assert horizon_of(object(), book.state) == DEFAULT_HORIZON
