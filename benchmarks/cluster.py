"""Benchmark: a simulation on a local Dask cluster beside ``--workers 2`` (issue 34).

    nice -n 10 .venv/bin/python benchmarks/cluster.py                  # about two minutes
    nice -n 10 .venv/bin/python benchmarks/cluster.py --games 400 --rounds 1

Needs the engine's dask extra. Both sides run the same study on two local worker processes:
forked processes (``rb.simulate(..., workers=2)``) and a ``LocalCluster`` of two
single-threaded worker processes on the loopback interface, through
``Client.get_executor()``. Rounds alternate the two sides, a new seed each round (Dask would
otherwise hand back the results it still holds for the same chunks), and every round checks
that both reports are the same but for their timings. Reported, as medians:

1. each side's run time (the report's ``seconds``: starting the pool or cluster is not in it);
2. the cluster's extra time per chunk of that run (difference / number of chunks);
3. what an empty chunk costs on each side: 200 one after another (the round trip), and 200
   submitted at once, as a study submits its chunks;
4. what starting the cluster and connecting to it cost, once per round.

The machine is shared, so the figures say what a run costs here and now, not in general.
Nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import time
from concurrent.futures import Executor, ProcessPoolExecutor
from multiprocessing import get_context

import msgspec
from machine import describe_machine

import ringbearer_engine as rb
from ringbearer_engine.cluster import dask_executor
from ringbearer_engine.executors import chunk_size, run_chunks

BOTS = ["heuristic", "heuristic"]
GAME = "mount-doom"
EMPTY_CHUNKS = 200


def empty_chunk(start: int) -> tuple[int, list[int]]:
    return start, [start]


def without_timings(report: rb.SimulationReport) -> bytes:
    return msgspec.json.encode(
        msgspec.structs.replace(report, seconds=0, games_per_second=0, workers=0)
    )


def empty_chunks(executor: Executor) -> tuple[float, float]:
    """Milliseconds per empty chunk through ``executor``: one after another (the round trip),
    and all submitted at once as a study does (what a chunk costs when they overlap)."""
    began = time.perf_counter()
    for start in range(EMPTY_CHUNKS):
        run_chunks(empty_chunk, [start], 1, executor=executor)
    one_by_one = (time.perf_counter() - began) / EMPTY_CHUNKS * 1000
    began = time.perf_counter()
    run_chunks(empty_chunk, range(EMPTY_CHUNKS), EMPTY_CHUNKS, executor=executor)
    together = (time.perf_counter() - began) / EMPTY_CHUNKS * 1000
    return one_by_one, together


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    if importlib.util.find_spec("distributed") is None:
        print("skipped: needs the engine's dask extra (uv sync --all-packages --all-extras)")
        return
    chunks = -(-args.games // chunk_size(args.games, 2, largest=250))
    print(f"machine: {describe_machine()}")
    print(f"{GAME}, {args.games} games of {', '.join(BOTS)}, {chunks} chunks, 2 workers")
    local: list[float] = []
    cluster: list[float] = []
    starts: list[float] = []
    local_empty: list[tuple[float, float]] = []
    cluster_empty: list[tuple[float, float]] = []
    for seed in range(args.rounds):
        here = rb.simulate(GAME, args.games, BOTS, seed=seed, workers=2)
        local.append(here.seconds)
        with ProcessPoolExecutor(2, mp_context=get_context("fork")) as pool:
            local_empty.append(empty_chunks(pool))
        began = time.perf_counter()
        with dask_executor("local", workers=2) as (executor, slots):
            starts.append(time.perf_counter() - began)
            there = rb.simulate(GAME, args.games, BOTS, seed=seed, executor=executor, workers=slots)
            cluster.append(there.seconds)
            cluster_empty.append(empty_chunks(executor))
        same = without_timings(here) == without_timings(there)
        print(
            f"  round {seed + 1}: workers=2 {here.seconds:.2f} s, cluster {there.seconds:.2f} s "
            f"(started in {starts[-1]:.2f} s); same report: {same}"
        )
        if not same:
            raise SystemExit("the reports differ")
    extra = statistics.median(cluster) - statistics.median(local)
    print(f"run, workers=2          median {statistics.median(local):.2f} s")
    print(f"run, local Dask cluster median {statistics.median(cluster):.2f} s")
    print(f"cluster's extra per chunk      {extra / chunks * 1000:+.1f} ms")
    for side, figures in (("workers=2", local_empty), ("local cluster", cluster_empty)):
        alone = statistics.median(f[0] for f in figures)
        together = statistics.median(f[1] for f in figures)
        print(f"empty chunk, {side:<14} {alone:.2f} ms one by one, {together:.2f} ms together")
    print(f"cluster start and connect      {statistics.median(starts):.2f} s")


if __name__ == "__main__":
    main()
