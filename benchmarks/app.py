"""The app's responsiveness in a real terminal (a PTY read through pyte).

- cold start: process start until the main menu is drawn and answers a key;
- keypress to repaint: a key until the screen shows its effect, on the menu (open and close
  Settings) and, when Adventure to Mount Doom or the Adventure Game is installed, on its game
  screen (the Adventure Game's with two people, so hand-over screens are timed too).
"""

from __future__ import annotations

import statistics
import tempfile
import time

from harness import Terminal, percentile

import ringbearer_engine as rb

RUNS = 10
PRESSES = 30


def cold_start() -> list[float]:
    times = []
    for _ in range(RUNS):
        with tempfile.TemporaryDirectory() as data:
            terminal = Terminal(["--data-dir", data])
            terminal.wait_for(lambda t: "New game" in t and "palette" in t)
            terminal.press(b"s")  # interactive: it answers a key
            terminal.wait_for(lambda t: "Default name" in t)
            times.append(time.perf_counter() - terminal.started)
            terminal.close()
    return times


def menu_keys() -> list[float]:
    with tempfile.TemporaryDirectory() as data:
        terminal = Terminal(["--data-dir", data])
        terminal.wait_for(lambda t: "New game" in t)
        terminal.settle()
        times = []
        for _ in range(PRESSES):
            terminal.press(b"s")
            times.append(terminal.wait_for(lambda t: "Default name" in t))
            terminal.settle(0.1)
            terminal.press(b"\x1b")
            times.append(terminal.wait_for(lambda t: "New game" in t))
            terminal.settle(0.1)
        terminal.close()
    return times


def game_keys() -> list[float] | None:
    if "mount-doom" not in [g.id for g in rb.list_games()]:
        return None
    with tempfile.TemporaryDirectory() as data:
        args = ["--data-dir", data, "new", "mount-doom", "--seats", "Ann", "--seed", "1"]
        terminal = Terminal(args, 120, 40)
        terminal.wait_for(lambda t: "Choices" in t)
        terminal.settle()
        times = []
        for _ in range(PRESSES):
            before = terminal.text()
            terminal.press(b"1")
            times.append(terminal.wait_for(before.__ne__))
            terminal.settle(0.15)
            if "Choices" not in terminal.text():
                break
        terminal.close()
    return times


def adventure_keys() -> list[float] | None:
    """Two people at one keyboard: a choice, or enter on the hand-over screen, until the
    screen changes."""
    if "adventure-game" not in [g.id for g in rb.list_games()]:
        return None
    with tempfile.TemporaryDirectory() as data:
        args = ["--data-dir", data, "new", "adventure-game", "--seats", "Ann,Bo", "--seed", "1"]
        terminal = Terminal(args, 80, 24)
        terminal.wait_for(lambda t: "Pass to" in t)
        terminal.settle()
        times = []
        for _ in range(PRESSES):
            before = terminal.text()
            terminal.press(b"\r" if "Pass to" in before else b"1")
            times.append(terminal.wait_for(before.__ne__))
            terminal.settle(0.15)
        terminal.close()
    return times


def report(name: str, seconds: list[float]) -> None:
    ms = [s * 1000 for s in seconds]
    print(
        f"{name:<34} median {statistics.median(ms):7.1f} ms   p95 {percentile(ms, 0.95):7.1f} ms   "
        f"({len(ms)} samples)"
    )


if __name__ == "__main__":
    report("cold start to interactive menu", cold_start())
    report("keypress to repaint (menu)", menu_keys())
    game = game_keys()
    if game is None:
        print("keypress to repaint (Mount Doom)   skipped: the game is not installed")
    else:
        report("keypress to repaint (Mount Doom)", game)
    adventure = adventure_keys()
    if adventure is None:
        print("keypress to repaint (Adventure)    skipped: the game is not installed")
    else:
        report("keypress to repaint (Adventure)", adventure)
