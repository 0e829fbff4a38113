"""Run every benchmark in this folder (``nox -s bench``), or the ones named.

    python benchmarks/run.py                 # all
    python benchmarks/run.py app ssh_load    # some

Each benchmark is a script that prints its figures as medians (and percentiles where it
says so) with the machine it ran on. No benchmark asserts on time: figures are recorded in
docs/performance.md by people who read them.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from machine import describe_machine

HERE = Path(__file__).parent


def main(names: list[str]) -> int:
    scripts = sorted(
        p
        for p in HERE.glob("*.py")
        if p.name not in {"run.py", "harness.py", "machine.py", "proc_stats.py", "profiled_app.py"}
    )
    if names:
        scripts = [s for s in scripts if s.stem in names]
    print(f"machine: {describe_machine()}", flush=True)
    failed = []
    for script in scripts:
        print(f"\n== {script.stem}", flush=True)
        if subprocess.run([sys.executable, str(script)], check=False).returncode:
            failed.append(script.stem)
    if failed:
        print(f"\nfailed: {', '.join(failed)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
