"""The simulator and its statistics."""

from __future__ import annotations

import pytest

import ringbearer_engine as rb
from ringbearer_engine.simulate import play_game
from ringbearer_engine.stats import wilson_interval


def test_wilson_interval_matches_known_values() -> None:
    # 81 successes in 263 trials: the textbook example gives 0.2553 to 0.3662.
    low, high = wilson_interval(81, 263)
    assert low == pytest.approx(0.2553, abs=1e-4)
    assert high == pytest.approx(0.3662, abs=1e-4)


def test_wilson_interval_stays_inside_zero_and_one() -> None:
    assert wilson_interval(0, 10)[0] == 0.0
    assert wilson_interval(10, 10)[1] == 1.0
    assert wilson_interval(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError, match="within"):
        wilson_interval(11, 10)


def test_a_report_counts_every_game() -> None:
    report = rb.simulate("pig", 300, ["heuristic", "random"], seed=3)
    assert report.games == 300
    assert sum(report.reasons.values()) == 300
    assert sum(s.count for s in report.seat_wins) == report.wins.count == 300
    assert report.seat_wins[0].low < report.seat_wins[0].rate < report.seat_wins[0].high
    assert report.mean_turns > 1
    assert report.mean_steps >= report.mean_turns
    assert report.games_per_second > 0


def test_the_same_run_gives_the_same_results_with_any_number_of_workers() -> None:
    one = rb.simulate("pig", 200, ["random", "random"], seed=9, workers=1)
    two = rb.simulate("pig", 200, ["random", "random"], seed=9, workers=2)
    assert one.seat_wins == two.seat_wins
    assert one.mean_steps == two.mean_steps
    assert one.reasons == two.reasons


def test_a_report_names_the_games_won_whatever_the_number_of_workers() -> None:
    bots = ["heuristic", "heuristic"]
    one = rb.simulate("mount-doom", 40, bots, seed=3, workers=1)
    two = rb.simulate("mount-doom", 40, bots, seed=3, workers=2)
    assert one.won_games == two.won_games
    assert len(one.won_games) == one.wins.count
    assert 0 < one.wins.count < 40
    won = [n for n in range(40) if play_game("mount-doom", bots, 3, n).winners]
    assert one.won_games == won


def test_different_seeds_give_different_runs() -> None:
    a = rb.simulate("pig", 200, ["random", "random"], seed=1)
    b = rb.simulate("pig", 200, ["random", "random"], seed=2)
    assert a.mean_steps != b.mean_steps


def test_progress_is_reported_up_to_the_total() -> None:
    seen: list[tuple[int, int]] = []
    rb.simulate(
        "pig", 50, ["random"], seed=1, progress=lambda done, total: seen.append((done, total))
    )
    assert seen[-1] == (50, 50)


def test_options_reach_the_games() -> None:
    short = rb.simulate("pig", 100, ["heuristic"], seed=1, options={"target": 5})
    long = rb.simulate("pig", 100, ["heuristic"], seed=1, options={"target": 60})
    assert short.mean_turns < long.mean_turns
    assert short.options == {"target": 5}


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"games": 0, "bots": ["random"]}, "at least one game"),
        ({"games": 5, "bots": ["random"] * 5}, "seats"),
        ({"games": 5, "bots": ["oracle"]}, "no bot called 'oracle'"),
    ],
)
def test_bad_runs_are_refused_before_playing(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        rb.simulate("pig", **kwargs)  # type: ignore[arg-type]
