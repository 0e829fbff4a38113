"""``python -m ringbearer_tui`` with a profiler switched on and off by signals (a helper of
keypress_profile.py, not a benchmark itself).

    python benchmarks/profiled_app.py OUT.prof [ringbearer arguments]

SIGUSR1 starts profiling the app's main thread (its event loop, where Textual composes and
our widgets render); SIGUSR2 stops it and writes the statistics to OUT.prof. The start-up is
left out unless SIGUSR1 comes first, so the keys' work is not drowned by the imports.
"""

from __future__ import annotations

import cProfile
import runpy
import signal
import sys
from types import FrameType

profile = cProfile.Profile()
out = sys.argv[1]


def start(number: int, frame: FrameType | None) -> None:
    profile.enable()


def stop(number: int, frame: FrameType | None) -> None:
    profile.disable()
    profile.dump_stats(out)


signal.signal(signal.SIGUSR1, start)
signal.signal(signal.SIGUSR2, stop)
sys.argv = ["ringbearer", *sys.argv[2:]]
runpy.run_module("ringbearer_tui", run_name="__main__", alter_sys=True)
