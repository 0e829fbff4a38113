"""The ``ringbearer`` command line."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest

import ringbearer_engine
import ringbearer_tui
from ringbearer_tui.cli import main


def test_the_command_line_and_the_ssh_server_load_no_textual() -> None:
    """``ringbearer serve`` runs for days and never draws: it should not carry the UI."""
    probe = (
        "import sys, ringbearer_tui.cli, ringbearer_tui.server.core; "
        "print('textual' in sys.modules)"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], check=False, capture_output=True, text=True
    )
    assert result.stdout.strip() == "False", result.stderr


def test_version_names_the_app_and_the_engine(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["--version"])
    assert exited.value.code == 0
    out = capsys.readouterr().out
    assert out.strip() == (
        f"ringbearer {ringbearer_tui.__version__} (engine {ringbearer_engine.__version__})"
    )


def test_the_installed_command_answers_version() -> None:
    command = shutil.which("ringbearer") or f"{sys.prefix}/bin/ringbearer"
    result = subprocess.run([command, "--version"], capture_output=True, text=True, check=True)
    assert result.stdout.startswith("ringbearer ")


def test_an_unknown_flag_is_refused() -> None:
    with pytest.raises(SystemExit) as exited:
        main(["--colour"])
    assert exited.value.code == 2
