"""The app exits promptly when its terminal closes, however early: no process is left behind.

Each case starts ``python -m ringbearer_tui`` on a fresh PTY (claiming it, as under
``ringbearer serve``), closes the PTY's other end after a seeded random delay and waits for the
process. Closing within the first few tens of milliseconds is the case that used to hang: the
terminal was gone before the app made it its controlling terminal, so no SIGHUP came, and
Textual's output thread died on the first failed write, after which even SIGTERM went unheard.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from fuzzing import budget

from ringbearer_tui.environment import CLAIM_TTY_ENV
from ringbearer_tui.server.terminal import open_pty

# Generous: start-up alone takes seconds on a loaded 2-core CI machine. A hung app never exits.
EXIT_WITHIN = 20.0
AT_ONCE = 4


def start(data: Path, *args: str) -> tuple[subprocess.Popen[bytes], int]:
    master, slave = open_pty(80, 24)
    env = {**os.environ, "TERM": "xterm-256color", CLAIM_TTY_ENV: "1"}
    child = subprocess.Popen(
        [sys.executable, "-m", "ringbearer_tui", "--data-dir", str(data), *args],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env,
        start_new_session=True,
        close_fds=True,
    )
    os.close(slave)
    return child, master


def exited_in_time(child: subprocess.Popen[bytes], deadline: float) -> bool:
    try:
        child.wait(max(0.0, deadline - time.monotonic()))
    except subprocess.TimeoutExpired:
        os.killpg(child.pid, signal.SIGKILL)
        child.wait()
        return False
    return True


def close_after(delays: list[float], data: Path) -> list[float]:
    """Start one app per delay, close each terminal after its delay; the delays that hung."""
    began = time.monotonic()
    started = [(delay, *start(data)) for delay in delays]
    for delay, _, master in sorted(started, key=lambda case: case[0]):
        time.sleep(max(0.0, began + delay - time.monotonic()))
        os.close(master)
    deadline = time.monotonic() + EXIT_WITHIN
    return [delay for delay, child, _ in started if not exited_in_time(child, deadline)]


def delays(seed: int, count: int) -> list[float]:
    """Half in the first 50 ms (before the app can claim its terminal), half up to 600 ms."""
    rng = random.Random(seed)
    return [rng.uniform(0, 0.05 if n % 2 else 0.6) for n in range(count)]


def test_closing_the_terminal_right_after_start_ends_the_app(tmp_path: Path) -> None:
    hung = close_after([0.0, 0.01, 0.02, 0.03], tmp_path)
    assert hung == [], f"still running after the terminal closed at {hung} s"


@pytest.mark.fuzz
def test_closing_the_terminal_at_random_moments_of_start_up_ends_the_app(tmp_path: Path) -> None:
    rounds = budget(2, 15)
    for seed in range(rounds):
        hung = close_after(delays(seed, AT_ONCE), tmp_path)
        assert hung == [], f"seed {seed}: still running after the terminal closed at {hung} s"


def test_sigterm_ends_an_app_whose_terminal_closed_during_start_up(tmp_path: Path) -> None:
    """Even if it missed the hang-up, a SIGTERM ends it (it used to block on its output)."""
    child, master = start(tmp_path)
    os.close(master)
    assert handles_sigterm(child), "the app never got as far as handling SIGTERM"
    child.terminate()
    assert exited_in_time(child, time.monotonic() + EXIT_WITHIN)


def handles_sigterm(child: subprocess.Popen[bytes]) -> bool:
    """Wait until the app catches SIGTERM (its handler is installed once the app is up)."""
    deadline = time.monotonic() + EXIT_WITHIN
    while time.monotonic() < deadline and child.poll() is None:
        status = Path(f"/proc/{child.pid}/status").read_text()
        caught = int(status.split("SigCgt:")[1].split()[0], 16)
        if caught & (1 << (signal.SIGTERM - 1)):
            return True
        time.sleep(0.02)
    return child.poll() is not None  # it ended by itself: also fine
