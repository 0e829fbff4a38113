"""A study's seeded chunks may run on any executor, and the report does not change."""

from __future__ import annotations

import time
from concurrent.futures import Future, ThreadPoolExecutor

import pytest
from study_reports import GAMES, without_timings

import ringbearer_engine as rb
from ringbearer_engine.executors import chunk_size, run_chunks
from ringbearer_engine.games.adventure_book.campaign_runs import simulate_campaigns

HEURISTIC_PAIR = ["heuristic", "heuristic"]


@pytest.mark.parametrize(("game", "games"), GAMES.items())
def test_a_run_on_an_executor_gives_the_report_of_one_process(game: str, games: int) -> None:
    one = rb.simulate(game, games, HEURISTIC_PAIR, seed=4)
    with ThreadPoolExecutor(3) as executor:
        # workers=3 cuts the run into other chunks than one process does
        pooled = rb.simulate(game, games, HEURISTIC_PAIR, seed=4, executor=executor, workers=3)
    assert without_timings(pooled) == without_timings(one)
    assert pooled.workers == 3


def test_campaigns_on_an_executor_give_the_report_of_one_process() -> None:
    one = simulate_campaigns(3, ["random", "random"], seed=5)
    with ThreadPoolExecutor(2) as executor:
        pooled = simulate_campaigns(3, ["random", "random"], seed=5, executor=executor, workers=2)
    assert without_timings(pooled) == without_timings(one)


def test_progress_on_an_executor_counts_every_game() -> None:
    seen: list[tuple[int, int]] = []
    with ThreadPoolExecutor(2) as executor:
        rb.simulate(
            "pig",
            40,
            ["random"],
            executor=executor,
            workers=2,
            progress=lambda done, total: seen.append((done, total)),
        )
    assert seen[-1] == (40, 40)
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)


class Remembering(ThreadPoolExecutor):
    """A thread pool that keeps the futures it hands out."""

    def __init__(self, max_workers: int) -> None:
        super().__init__(max_workers)
        self.submitted: list[Future[tuple[int, list[int]]]] = []

    def submit(self, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def]
        future = super().submit(fn, *args, **kwargs)
        self.submitted.append(future)
        return future


def _first_chunk_fails(start: int) -> tuple[int, list[int]]:
    if start == 0:
        raise RuntimeError("chunk 0 failed")
    return _slow_chunk(start)


def _slow_chunk(start: int) -> tuple[int, list[int]]:
    time.sleep(0.05)  # long enough that the run gives up while chunks are still waiting
    return start, [start]


def test_a_failed_chunk_cancels_the_chunks_not_yet_started() -> None:
    with Remembering(1) as executor:
        with pytest.raises(RuntimeError, match="chunk 0 failed"):
            run_chunks(_first_chunk_fails, list(range(20)), 20, executor=executor)
        # chunk 1 may have started before the failure was seen; hardly any after it
        assert sum(future.cancelled() for future in executor.submitted) >= 17


def test_an_interrupted_run_cancels_the_chunks_not_yet_started() -> None:
    def ctrl_c(done: int, total: int) -> None:
        raise KeyboardInterrupt

    with Remembering(1) as executor:
        with pytest.raises(KeyboardInterrupt):
            run_chunks(_slow_chunk, list(range(20)), 20, executor=executor, progress=ctrl_c)
        assert sum(future.cancelled() for future in executor.submitted) >= 17


def test_chunks_are_a_few_per_worker_within_the_largest_size() -> None:
    assert chunk_size(1000, 2, largest=250) == 62
    assert chunk_size(100_000, 2, largest=250) == 250
    assert chunk_size(3, 16, largest=250) == 1


@pytest.mark.parametrize("workers", [0, -2])
def test_a_run_needs_at_least_one_worker(workers: int) -> None:
    with pytest.raises(ValueError, match="at least 1"):
        rb.simulate("pig", 5, ["random"], workers=workers)
    with pytest.raises(ValueError, match="at least 1"):
        simulate_campaigns(1, ["random"], workers=workers)
