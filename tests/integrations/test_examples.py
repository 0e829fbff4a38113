"""The research page's adapter examples and the example programs run as written."""

from __future__ import annotations

import contextlib
import io
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
ADAPTERS_HEADING = "## Adapters: PettingZoo, Gymnasium and OpenSpiel"

pytest.importorskip("pettingzoo")
pytest.importorskip("pyspiel")


def test_the_research_page_adapter_examples_run() -> None:
    page = ROOT / "docs" / "research.md"
    adapters = page.read_text().split(ADAPTERS_HEADING)[1]
    blocks = re.findall(r"```python\n(.*?)```", adapters, flags=re.DOTALL)
    assert len(blocks) == 3
    for code in blocks:
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile(code, str(page), "exec"), {})


@pytest.mark.parametrize(
    ("program", "arguments", "says"),
    [
        ("pettingzoo_bots_vs_random.py", ["--games", "2"], "the heuristic bot won"),
        ("openspiel_mcts_mount_doom.py", ["--games", "1", "--simulations", "5"], "MCTS"),
    ],
)
def test_an_example_program_runs(program: str, arguments: list[str], says: str) -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "examples" / program), *arguments],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert says in done.stdout
