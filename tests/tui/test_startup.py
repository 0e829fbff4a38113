"""What starting the app costs: modules it should not load until they are needed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

PROBE = """
import asyncio, sys
from pathlib import Path
from ringbearer_tui.app import RingbearerApp
from ringbearer_tui.paths import resolve_paths

async def start() -> None:
    app = RingbearerApp(resolve_paths(Path(sys.argv[1])))
    async with app.run_test() as pilot:
        await pilot.pause()
        assert app.screen.query("#new"), "the main menu is not up"

asyncio.run(start())
print(sorted(name for name in sys.modules if name.split(".")[0] == "asyncssh")[:3])
"""


def test_starting_the_app_to_the_menu_does_not_import_asyncssh(tmp_path: Path) -> None:
    """asyncssh is only for the Account screen, which only SSH players open."""
    env = {**os.environ, "RINGBEARER_KEYS_FILE": str(tmp_path / "authorized_keys")}
    result = subprocess.run(
        [sys.executable, "-c", PROBE, str(tmp_path)],
        capture_output=True,
        text=True,
        check=False,
        env=env,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == "[]"
