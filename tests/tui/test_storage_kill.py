"""Saves survive a writer killed at any moment (issue 15, items 10-11).

A child process autosaves one match in a loop and is SIGKILLed at a random moment; after a
start-up tidy the autosave must load, be found by Continue, and no temporary may be left.
"""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from fuzzing import budget

from ringbearer_tui.atomic import is_temporary
from ringbearer_tui.settings import load_settings
from ringbearer_tui.storage import SaveStore

WRITER = """
import sys
import ringbearer_engine as rb
from pathlib import Path
from ringbearer_tui.settings import load_settings
from ringbearer_tui.storage import SaveStore

folder = Path(sys.argv[1])
store = SaveStore(folder / "saves", folder / "autosaves")
match = rb.Match.new("adventure-book", ["Ann"], seed=1, meta={"id": "0" * 32})
written = 0
while True:
    match.meta["written"] = written
    # Saves of changing size, so a torn write would show as a bad file.
    match.meta["padding"] = "x" * (written % 7 * 5000)
    store.autosave(match)
    written += 1
    if written == 1:
        print("ready", flush=True)
"""


def _kill_a_writer(folder: Path, rng: random.Random) -> None:
    writer = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(folder)], stdout=subprocess.PIPE, text=True
    )
    try:
        assert writer.stdout is not None
        assert writer.stdout.readline() == "ready\n"
        time.sleep(rng.uniform(0, 0.02))
    finally:
        writer.send_signal(signal.SIGKILL)
        writer.wait()
        if writer.stdout is not None:
            writer.stdout.close()


@pytest.mark.fuzz
def test_a_writer_killed_at_any_moment_leaves_a_save_that_continue_finds(tmp_path: Path) -> None:
    rng = random.Random(15)
    store = SaveStore(tmp_path / "saves", tmp_path / "autosaves")
    killed_mid_write = 0
    trials = budget(12, 200)
    for trial in range(trials):
        _kill_a_writer(tmp_path, rng)
        if any(is_temporary(p) for p in store.autosaves.iterdir()):
            killed_mid_write += 1
        store.tidy()
        assert not [p.name for p in store.autosaves.iterdir() if is_temporary(p)], trial
        latest = store.latest_autosave()
        assert latest is not None, f"trial {trial}: Continue found no game"
        assert isinstance(store.load(latest).meta["written"], int)
        assert not [e.problem for e in store.entries() if e.damaged], trial
    print(f"{trials} kills, {killed_mid_write} with a write in progress, 0 failures")


SETTINGS_WRITER = """
import sys
from pathlib import Path
from ringbearer_tui.settings import Settings, save_settings

path = Path(sys.argv[1]) / "settings.json"
written = 0
while True:
    # Settings of changing size, so a torn write would show as bad JSON.
    names = ["Ann", "Bo", "Cy", "Di"][: written % 4 + 1]
    save_settings(path, Settings(default_names=names, keymap={"k": "x" * (written % 7 * 900)}))
    written += 1
    if written == 1:
        print("ready", flush=True)
"""


@pytest.mark.fuzz
def test_a_settings_writer_killed_at_any_moment_leaves_settings_and_no_temporary(
    tmp_path: Path,
) -> None:
    """Issue 27, item 8: a kill during a settings write left its temporary for ever."""
    rng = random.Random(27)
    path = tmp_path / "settings.json"
    for trial in range(budget(2, 200)):
        writer = subprocess.Popen(
            [sys.executable, "-c", SETTINGS_WRITER, str(tmp_path)],
            stdout=subprocess.PIPE,
            text=True,
        )
        try:
            assert writer.stdout is not None
            assert writer.stdout.readline() == "ready\n"
            time.sleep(rng.uniform(0, 0.02))
        finally:
            writer.send_signal(signal.SIGKILL)
            writer.wait()
            if writer.stdout is not None:
                writer.stdout.close()
        settings, problem = load_settings(path)
        assert problem is None, f"trial {trial}: {problem}"
        assert settings.default_names, trial
        assert not [p.name for p in tmp_path.iterdir() if is_temporary(p)], trial
