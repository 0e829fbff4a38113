"""What importing the engine costs: modules only some callers need are imported where used."""

from __future__ import annotations

import subprocess
import sys

import pytest


@pytest.mark.parametrize("module", ["multiprocessing", "secrets", "hmac", "distributed", "dask"])
def test_importing_the_engine_leaves_out_modules_only_some_calls_need(module: str) -> None:
    # A fresh interpreter: this test process has imported everything already. The command
    # line and the campaign runs come too: only ``--scheduler`` may bring Dask in.
    code = (
        "import sys, ringbearer_engine, ringbearer_engine.cli\n"
        "import ringbearer_engine.games.adventure_book.campaign_runs\n"
        f"print({module!r} in sys.modules)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "False"


def test_an_unseeded_match_and_a_run_with_workers_still_import_what_they_need() -> None:
    code = (
        "import ringbearer_engine as rb\n"
        "match = rb.Match.new('mount-doom', ['A'])\n"
        "report = rb.simulate('mount-doom', 4, ['random'], workers=2)\n"
        "print(0 <= match.seed < 2**63, report.games)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.split() == ["True", "4"]
