"""How long the Rules screen takes to show its text, in a real terminal (a PTY read through
pyte): from `r` on the main menu until the first page's opening words are drawn, then again
after escape (a second opening in the same process).

    python benchmarks/rules_open.py [--runs N] [--size 80x24]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile

from harness import Terminal, percentile

OPENING_WORDS = "cooperative dice game"
"""Words of the first page's opening paragraph (Adventure to Mount Doom)."""


def one_process(columns: int, rows: int) -> tuple[float, float]:
    """The first and the second opening of the Rules in one app, in seconds."""
    with tempfile.TemporaryDirectory() as data:
        terminal = Terminal(["--data-dir", data], columns, rows)
        terminal.wait_for(lambda t: "New game" in t)
        terminal.settle()
        terminal.press(b"r")
        first = terminal.wait_for(lambda t: OPENING_WORDS in t)
        terminal.settle()
        terminal.press(b"\x1b")
        terminal.wait_for(lambda t: "New game" in t and OPENING_WORDS not in t)
        terminal.settle()
        terminal.press(b"r")
        second = terminal.wait_for(lambda t: OPENING_WORDS in t)
        terminal.close()
    return first, second


def report(name: str, seconds: list[float]) -> None:
    ms = [s * 1000 for s in seconds]
    print(
        f"{name:<28} median {statistics.median(ms):7.1f} ms   p95 {percentile(ms, 0.95):7.1f} ms"
        f"   ({len(ms)} samples)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="app processes (default 5)")
    parser.add_argument("--size", default="80x24", help="terminal COLUMNSxROWS (default 80x24)")
    options = parser.parse_args()
    columns, rows = (int(part) for part in options.size.split("x"))
    firsts, seconds = [], []
    for _ in range(options.runs):
        first, second = one_process(columns, rows)
        firsts.append(first)
        seconds.append(second)
    report(f"Rules, first opening {options.size}", firsts)
    report(f"Rules, second opening {options.size}", seconds)


if __name__ == "__main__":
    main()
