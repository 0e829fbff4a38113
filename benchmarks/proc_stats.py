"""What a process has cost, read from Linux's /proc (not a benchmark itself).

CPU time rather than wall time: on a shared machine other work stretches wall time, but a
process's own CPU seconds stay what its work costs.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def cpu_seconds(pid: int) -> float | None:
    """User plus system CPU of the whole process (every thread, the ended ones too), or
    ``None`` once it has gone. Counted in clock ticks (10 ms here): use over many keys."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    # The command name (field 2) may hold spaces; the fields after its ")" are fixed.
    fields = stat.rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def memory_mib(pid: int) -> tuple[float, float, float] | None:
    """Resident, proportional and unique set sizes (RSS, PSS, USS) in MiB, or ``None`` once
    it has gone. RSS counts every page the process maps, shared or not; PSS shares each page
    among the processes that map it; USS is the pages no other process maps: what the
    session alone holds, freed when it ends."""
    sizes: dict[str, float] = {}
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            name, _, rest = line.partition(":")
            if name in ("Rss", "Pss", "Private_Clean", "Private_Dirty"):
                sizes[name] = int(rest.split()[0]) / 1024
    if len(sizes) < 4:
        return None
    return sizes["Rss"], sizes["Pss"], sizes["Private_Clean"] + sizes["Private_Dirty"]


def children_of(pid: int) -> list[int]:
    """The processes whose parent is ``pid``."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            with contextlib.suppress(OSError):
                stat = Path(f"/proc/{entry}/stat").read_text()
                if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                    found.append(int(entry))
    return found
