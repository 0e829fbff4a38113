"""What a benchmark ran on, for the first line of its output (not a benchmark itself)."""

from __future__ import annotations

import os
import platform


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "unknown CPU"


def describe_machine() -> str:
    """CPU model, logical CPUs, Python, OS, and the load average (figures taken under load
    understate an idle machine, so it is printed with them)."""
    load = ""
    if hasattr(os, "getloadavg"):
        load = f"; load average {os.getloadavg()[0]:.2f} at start"
    return (
        f"{cpu_model()} ({os.cpu_count()} logical CPUs); Python {platform.python_version()} "
        f"on {platform.system()} {platform.machine()}{load}"
    )
