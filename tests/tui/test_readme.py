"""The README's commands: they must work on a fresh machine, and CI runs the check verbatim."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def console_blocks(text: str) -> list[str]:
    return [block.strip() for block in re.findall(r"```console\n(.*?)```", text, re.DOTALL)]


def test_ci_runs_the_readme_check_command_verbatim() -> None:
    check = console_blocks((ROOT / "README.md").read_text())[-1]
    assert check.endswith("nox")
    assert check in (ROOT / ".ci" / "run").read_text().splitlines()


def test_the_first_command_installs_from_the_clone_and_starts_the_app() -> None:
    """The README's two commands: set up and play, then the checks. Setting up ends in the
    app itself (its main menu), not in a ``--version`` that only says it installed."""
    blocks = console_blocks((ROOT / "README.md").read_text())
    assert len(blocks) == 2
    steps = [step.strip() for step in blocks[0].split("&&")]
    assert steps[0] == "python3 -m venv .venv"
    assert steps[1] == ".venv/bin/pip install ./packages/engine ./packages/tui"
    assert steps[-1] == ".venv/bin/ringbearer"


def test_no_readme_command_installs_into_the_system_python() -> None:
    """An "externally managed" Python (Debian 12) refuses ``python3 -m pip install``."""
    for block in console_blocks((ROOT / "README.md").read_text()):
        assert "python3 -m pip install" not in block, block
        assert "python3 -m venv" in block, block


def test_the_readme_says_which_command_starts_the_app() -> None:
    text = (ROOT / "README.md").read_text()
    assert "`.venv/bin/ringbearer` starts the app" in text


def test_the_docs_do_not_install_an_unreleased_package_alone() -> None:
    """Until a release exists, ``pip install ringbearer-tui`` fails: say how from a clone."""
    for name in ("getting-started.md", "ssh.md"):
        text = (ROOT / "docs" / name).read_text()
        assert "./packages/engine ./packages/tui" in text, name
        for line in text.splitlines():
            if re.search(r"pip install ringbearer-(tui|engine)\b", line):
                assert "release" in line.lower(), line
