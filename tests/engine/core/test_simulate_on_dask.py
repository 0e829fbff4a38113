"""Studies on a Dask cluster (the ``dask`` extra): the report of one process, clear errors.

One cluster in this process (its worker is threads; it listens on the loopback interface
only) serves the module, as starting one costs seconds. This module runs after every test
that forks worker processes, so nothing forks while the cluster's threads exist.
"""

from __future__ import annotations

import io
import signal
import socket
import sys
import time
from collections.abc import Iterator
from typing import Any

import msgspec
import pytest
from study_reports import GAMES, without_timings

import ringbearer_engine as rb
from ringbearer_engine.cli import main
from ringbearer_engine.cluster import INSTALL, ClusterError, dask_executor, dask_setup
from ringbearer_engine.games.adventure_book.campaign_runs import (
    CampaignReport,
    simulate_campaigns,
)
from ringbearer_engine.simulate import SimulationReport


@pytest.fixture(scope="module")
def distributed() -> Any:
    return pytest.importorskip("distributed", reason="needs the dask extra (uv sync --extra dask)")


def _loopback_cluster(distributed: Any, workers: int) -> Any:
    return distributed.LocalCluster(
        n_workers=workers,
        threads_per_worker=2,
        processes=False,
        protocol="tcp://",
        host="127.0.0.1",
        dashboard_address="127.0.0.1:0",
    )


@pytest.fixture(scope="module")
def scheduler(distributed: Any) -> Iterator[str]:
    with _loopback_cluster(distributed, workers=1) as cluster:
        yield cluster.scheduler_address


@pytest.mark.parametrize(("game", "games"), GAMES.items())
def test_a_run_on_a_dask_cluster_gives_the_report_of_one_process(
    scheduler: str, game: str, games: int
) -> None:
    bots = ["heuristic", "heuristic"]
    one = rb.simulate(game, games, bots, seed=8)
    with dask_executor(scheduler) as (executor, slots):
        assert slots == 2
        on_dask = rb.simulate(game, games, bots, seed=8, executor=executor, workers=slots)
    assert without_timings(on_dask) == without_timings(one)


def test_campaigns_on_a_dask_cluster_give_the_report_of_one_process(scheduler: str) -> None:
    one = simulate_campaigns(3, ["random", "random"], seed=6)
    with dask_executor(scheduler) as (executor, _):
        on_dask = simulate_campaigns(3, ["random", "random"], seed=6, executor=executor)
    assert without_timings(on_dask) == without_timings(one)


def _run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), out=out, err=err)
    return status, out.getvalue(), err.getvalue()


def test_the_command_line_sends_a_simulation_to_a_scheduler(scheduler: str) -> None:
    command = ["simulate", "pig", "--games", "30", "--bot", "heuristic,random", "--json"]
    status, out, _ = _run(*command, "--scheduler", scheduler)
    assert status == 0
    _, out_here, _ = _run(*command)
    on_dask = msgspec.json.decode(out, type=SimulationReport)
    assert without_timings(on_dask) == without_timings(
        msgspec.json.decode(out_here, type=SimulationReport)
    )
    assert on_dask.workers == 2


def test_the_command_line_sends_campaigns_to_a_scheduler(scheduler: str) -> None:
    command = ["campaign", "--campaigns", "2", "--bot", "random", "--json"]
    status, out, _ = _run(*command, "--scheduler", scheduler)
    assert status == 0
    _, out_here, _ = _run(*command)
    assert without_timings(msgspec.json.decode(out, type=CampaignReport)) == without_timings(
        msgspec.json.decode(out_here, type=CampaignReport)
    )


def test_workers_are_refused_with_a_remote_scheduler(scheduler: str) -> None:
    status, _, err = _run("simulate", "pig", "--workers", "2", "--scheduler", scheduler)
    assert status == 2
    assert "a scheduler's workers are its own" in err


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


@pytest.mark.usefixtures("distributed")
def test_an_unreachable_scheduler_is_a_clear_error_within_seconds() -> None:
    address = f"tcp://127.0.0.1:{_free_port()}"
    began = time.monotonic()
    status, out, err = _run("simulate", "pig", "--games", "5", "--scheduler", address)
    assert time.monotonic() - began < 10
    assert status == 2
    assert out == ""
    assert f"cannot reach the Dask scheduler at {address} within 3 s" in err
    assert "Traceback" not in err


@pytest.mark.usefixtures("distributed")
@pytest.mark.parametrize(
    ("address", "reason"),
    [("garbage", "missing port number"), ("http://127.0.0.1:9", "unknown address scheme")],
)
def test_a_malformed_scheduler_address_is_refused_at_once(address: str, reason: str) -> None:
    status, _, err = _run("simulate", "pig", "--games", "5", "--scheduler", address)
    assert status == 2
    assert f"{address!r} is not a Dask scheduler's address" in err
    assert reason in err


def test_a_scheduler_without_workers_is_a_clear_error(distributed: Any) -> None:
    with distributed.LocalCluster(
        n_workers=0,
        processes=False,
        protocol="tcp://",
        host="127.0.0.1",
        dashboard_address="127.0.0.1:0",
    ) as idle:
        address = idle.scheduler_address
        with (
            pytest.raises(ClusterError, match=rf"no workers .* `dask worker {address}`"),
            dask_executor(address, worker_timeout=0.5),
        ):
            pass


def test_a_missing_dask_extra_names_the_install_command(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # makes ``import distributed`` fail
    status, out, err = _run("campaign", "--campaigns", "1", "--scheduler", "local")
    assert status == 2
    assert out == ""
    assert INSTALL in err
    assert INSTALL == "pip install 'ringbearer-engine[dask]'"


def test_a_local_clusters_workers_leave_ctrl_c_to_the_command() -> None:
    previous = signal.getsignal(signal.SIGINT)
    try:
        dask_setup(worker=None)  # what each worker of ``--scheduler local`` runs as it starts
        assert signal.getsignal(signal.SIGINT) == signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, previous)
