"""A Dask cluster as the executor of a study: the ``ringbearer-engine[dask]`` extra.

Dask is imported only when a cluster is asked for, so the engine itself still needs nothing
but msgspec. The study's chunks go through Dask's :mod:`concurrent.futures` interface
(``Client.get_executor()``), the same way any other executor would run them.
"""

from __future__ import annotations

import importlib
import logging
import os
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from .errors import RingbearerError

if TYPE_CHECKING:
    from concurrent.futures import Executor

INSTALL = "pip install 'ringbearer-engine[dask]'"
CONNECT_TIMEOUT = 3.0
"""Seconds to reach a scheduler before giving up (a reachable one answers in milliseconds)."""
WORKER_TIMEOUT = 20.0
"""Seconds to wait for a scheduler's first worker (a local cluster's take a few to start)."""
LOCAL = "local"
"""The scheduler address that starts a cluster on this machine instead of joining one."""


class ClusterError(RingbearerError):
    """The cluster cannot be used: Dask is missing, or the scheduler is unreachable or idle."""


@contextmanager
def dask_executor(
    scheduler: str,
    workers: int | None = None,
    timeout: float = CONNECT_TIMEOUT,
    worker_timeout: float = WORKER_TIMEOUT,
) -> Iterator[tuple[Executor, int]]:
    """An executor on the Dask scheduler at ``scheduler`` and how many tasks it runs at once.

    ``scheduler`` is an address such as ``tcp://10.0.0.5:8786``, or ``local`` to start a
    cluster of ``workers`` single-threaded processes (default: one per CPU) on this machine,
    listening on the loopback interface only. The connection is closed (and a local cluster
    stopped) when the block ends.
    """
    distributed = _import_distributed()
    with _cluster(distributed, scheduler, workers) as address:
        try:
            client = distributed.Client(address, timeout=timeout, set_as_default=False)
        except (OSError, TimeoutError) as error:
            raise ClusterError(
                f"cannot reach the Dask scheduler at {scheduler} within {timeout:g} s "
                f"(is `dask scheduler` running there?): {error}"
            ) from None
        try:
            try:
                client.wait_for_workers(1, timeout=worker_timeout)
            except (OSError, TimeoutError):
                raise ClusterError(
                    f"the Dask scheduler at {scheduler} has no workers after "
                    f"{worker_timeout:g} s: "
                    f"start one with `dask worker {scheduler}`"
                ) from None
            slots = sum(client.nthreads().values())
            yield client.get_executor(), max(1, slots)
        finally:
            client.close()


@contextmanager
def _cluster(distributed: Any, scheduler: str, workers: int | None) -> Iterator[Any]:
    """The address to connect to: ``scheduler`` itself, or a local cluster while it runs."""
    if scheduler != LOCAL:
        try:
            distributed.comm.get_address_host_port(scheduler)
        except ValueError as error:
            # Checked before connecting: a client made with a bad address fails only later,
            # with a traceback of its own as it is collected.
            raise ClusterError(
                f"{scheduler!r} is not a Dask scheduler's address, such as "
                f"tcp://10.0.0.5:8786, nor {LOCAL!r}: {error}"
            ) from None
        yield scheduler
        return
    try:
        cluster = distributed.LocalCluster(
            n_workers=workers or os.cpu_count() or 1,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address="127.0.0.1:0",
            preload=[__name__],  # see dask_setup
            # Its workers' log lines (a heartbeat missed while the cluster shuts down) would
            # land in the report; a chunk that fails still raises in this process.
            silence_logs=logging.CRITICAL,
        )
    except Exception as error:
        raise ClusterError(f"could not start a local Dask cluster: {error}") from error
    try:
        yield cluster
    finally:
        cluster.close()


def dask_setup(worker: object) -> None:
    """Run by Dask in each worker of a local cluster (this module is its preload).

    Ctrl+C reaches every process of the terminal's foreground group, the local cluster's
    workers too: they ignore it, so that only the command sees it, cancels the chunks and
    stops the cluster, instead of every worker dying with a traceback.
    """
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)


def _import_distributed() -> Any:
    # Through importlib, so that type checking does not need the extra installed.
    try:
        distributed = importlib.import_module("distributed")
    except ImportError:
        raise ClusterError(
            f"running on a Dask cluster needs the dask extra; install it with {INSTALL}"
        ) from None
    return distributed
