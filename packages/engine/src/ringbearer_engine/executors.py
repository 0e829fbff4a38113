"""Where a study's seeded chunks run: here, in local worker processes, or on any executor.

A study (:func:`~ringbearer_engine.simulate`, the Book's campaign runs, and any later one)
cuts its work into chunks. A chunk is a picklable task for a module-level function that
returns ``(start, results)``, ``start`` being the number of the chunk's first item, and each
item is seeded from the run's seed and its own number alone. The results are put back by
number, so the report is the same whichever executor ran the chunks, how big they were and in
what order they came back.

Nothing here imports :mod:`multiprocessing` or any cluster library until a run asks for it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from concurrent.futures import Executor, Future

Task = TypeVar("Task")
Item = TypeVar("Item")
Progress = Callable[[int, int], None]
"""Told ``(done, total)`` each time a chunk's results come back."""

CHUNKS_PER_WORKER = 8
"""Enough chunks that a slow one does not leave the other workers idle at the end."""


def chunk_size(total: int, workers: int, largest: int) -> int:
    """How many items one chunk holds: about :data:`CHUNKS_PER_WORKER` chunks a worker,
    never more than ``largest`` (so progress and cancelling stay prompt), at least one."""
    return max(1, min(largest, total // (max(1, workers) * CHUNKS_PER_WORKER) or 1))


def run_chunks(
    work: Callable[[Task], tuple[int, list[Item]]],
    tasks: Sequence[Task],
    total: int,
    *,
    workers: int = 1,
    executor: Executor | None = None,
    progress: Progress | None = None,
) -> list[Item]:
    """The ``total`` items the chunks make, in order.

    With ``executor`` the chunks are submitted to it (any :class:`concurrent.futures.Executor`:
    a process pool, a thread pool, a Dask client's ``get_executor()``); without one they run
    in this process, or with ``workers`` above one in that many forked local processes. If the
    run is interrupted (Ctrl+C) or a chunk fails, the chunks not yet started are cancelled.
    """
    results: list[Item | None] = [None] * total
    done = 0

    def collect(chunk: tuple[int, list[Item]]) -> None:
        nonlocal done
        start, part = chunk
        results[start : start + len(part)] = part
        done += len(part)
        if progress:
            progress(done, total)

    if executor is not None:
        _gather(executor, work, tasks, collect)
    elif workers > 1:
        _gather_locally(workers, work, tasks, collect)
    else:
        for task in tasks:
            collect(work(task))
    items = [r for r in results if r is not None]
    if len(items) != total:
        raise RuntimeError(f"the chunks made {len(items)} of the run's {total} results")
    return items


def _gather(
    executor: Executor,
    work: Callable[[Task], tuple[int, list[Item]]],
    tasks: Sequence[Task],
    collect: Callable[[tuple[int, list[Item]]], None],
) -> None:
    from concurrent.futures import as_completed

    futures: list[Future[tuple[int, list[Item]]]] = []
    try:
        futures.extend(executor.submit(work, task) for task in tasks)
        for future in as_completed(futures):
            collect(future.result())
    except BaseException:
        for future in futures:
            future.cancel()
        raise


def _gather_locally(
    workers: int,
    work: Callable[[Task], tuple[int, list[Item]]],
    tasks: Sequence[Task],
    collect: Callable[[tuple[int, list[Item]]], None],
) -> None:
    # Imported here: only runs with workers pay for multiprocessing. Forked, so that games and
    # bots registered at run time in this process exist in the workers too.
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork"))
    try:
        _gather(pool, work, tasks, collect)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
