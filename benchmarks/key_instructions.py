"""Instructions per keypress: a measure of a key's cost that other work on the machine
cannot move.

CPU time per key (``keypress_profile.py``, ``ssh_load.py``) is what a server pays, but on a
shared machine it moves by a fifth from run to run, more than most single changes save. This
benchmark counts the machine instructions a game process executes for each key instead,
under valgrind's callgrind, so two versions of the app can be compared to a percent in one
run each.

The app runs headless at 80x24 (Textual's test driver: nothing is written to a terminal) and
its keys are posted straight to the app, one every ``--gap`` seconds, with no test pilot
between them (the pilot's waits send a message to every widget, which would count in the
figure). Instructions are counted only from the first key to the end of the last key's
gap. Hash randomisation is off, so that a run repeats within a few tenths of a percent.

    python benchmarks/key_instructions.py [--screen mount-doom|adventure-game|floor]
        [--keys N] [--gap SECONDS] [--floor-lines N]

``mount-doom`` presses 1 in a one-player game (seed 1); ``adventure-game`` presses 1 for Ann
against a heuristic bot, whose replies count in the figure; ``floor`` is a bare Textual app
whose key changes one line of text (with a footer, and ``--floor-lines`` more lines of text
on screen), the least any Textual screen costs.
Needs valgrind (``apt install valgrind``); under it the app runs about fifty times slower,
so a run takes a minute or two.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from textual.app import App

SIZE = (80, 24)


def parse_arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="Instructions per keypress, under callgrind.")
    parser.add_argument(
        "--screen", choices=["mount-doom", "adventure-game", "floor"], action="append"
    )
    parser.add_argument("--keys", type=int, default=10)
    parser.add_argument(
        "--gap", type=float, default=3.0, help="seconds between keys (under valgrind)"
    )
    parser.add_argument(
        "--floor-lines", type=int, default=0, help="more lines of text on the floor's screen"
    )
    parser.add_argument("--inside", action="store_true", help=argparse.SUPPRESS)
    return parser.parse_args()


# -- outside: run the app under callgrind and read its count -------------------------------


def count_instructions(screen: str, keys: int, gap: float, floor_lines: int) -> tuple[int, int]:
    """(instructions over the keys, keys played) for one run of ``screen``."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "callgrind.out"
        played = Path(folder) / "played"
        command = [
            "valgrind",
            "--tool=callgrind",
            "--instr-atstart=no",
            f"--callgrind-out-file={out}",
            "-q",
            sys.executable,
            __file__,
            "--inside",
            "--screen",
            screen,
            "--keys",
            str(keys),
            "--gap",
            str(gap),
            "--floor-lines",
            str(floor_lines),
        ]
        environment = {
            **os.environ,
            "PYTHONHASHSEED": "0",
            "PYTHONMALLOC": "malloc",  # valgrind follows the system allocator best
            "KEY_INSTRUCTIONS_PLAYED": str(played),
            "XDG_DATA_HOME": folder,
            "XDG_CONFIG_HOME": folder,
        }
        subprocess.run(command, env=environment, check=True, cwd=folder)
        return callgrind_total(out.read_text()), int(played.read_text())


def callgrind_total(report: str) -> int:
    """The instruction count of a callgrind output file: its ``totals`` line (its
    ``summary`` line is written when the count starts, while instrumentation is off)."""
    found = re.findall(r"^totals:\s*(\d+)", report, re.MULTILINE)
    if not found:
        raise RuntimeError("callgrind wrote no instruction total")
    return int(found[-1])


def outside(screens: list[str], keys: int, gap: float, floor_lines: int) -> int:
    if shutil.which("valgrind") is None or shutil.which("callgrind_control") is None:
        # Skipped rather than failed: `nox -s bench` runs every benchmark.
        print("skipped: key_instructions.py needs valgrind (apt install valgrind)")
        return 0
    for screen in screens:
        total, played = count_instructions(screen, keys, gap, floor_lines)
        if played != keys:
            print(f"{screen}: only {played} of {keys} keys were played", file=sys.stderr)
            return 1
        print(
            f"{screen} at {SIZE[0]}x{SIZE[1]}: {total / played / 1e6:.1f} M instructions per "
            f"key ({played} keys, {total / 1e6:.0f} M in all)"
        )
    return 0


# -- inside: the app, under callgrind --------------------------------------------------------


def instrument(on: bool) -> None:
    subprocess.run(
        ["callgrind_control", "-i", "on" if on else "off", str(os.getpid())],
        check=True,
        capture_output=True,
    )


async def press_keys(
    app: App[Any], keys: int, gap: float, played: Callable[[], int], ready: Callable[[], bool]
) -> int:
    """Post key 1 ``keys`` times, each once the app is ready for it (a bot has replied)
    and ``gap`` seconds after the last; counted from the first key to the end."""
    from textual import events

    async with app.run_test(size=SIZE) as pilot:
        for _ in range(5):
            await pilot.pause()
        await asyncio.sleep(gap * 2)  # the first screen's last repaints and timers
        before = played()
        instrument(True)
        for _ in range(keys):
            app.post_message(events.Key("1", "1"))
            await asyncio.sleep(gap)
            while not ready():
                await asyncio.sleep(gap / 10)
        instrument(False)
        return played() - before


Probes = tuple["App[Any]", Callable[[], int], Callable[[], bool]]
"""An app, how many of its keys it has played, and whether it waits for a key."""


def game_app(screen: str) -> Probes:
    import ringbearer_engine as rb
    from ringbearer_tui.app import RingbearerApp, StartNew
    from ringbearer_tui.paths import resolve_paths
    from ringbearer_tui.screens.game import GameScreen
    from ringbearer_tui.seats import NewGameRequest, Seat

    if screen == "mount-doom":
        seats = [Seat("Ann")]
    else:
        seats = [Seat("Ann"), Seat("Bo", kind="bot", bot="heuristic")]
    request = NewGameRequest(screen, seats, {}, 1)
    # The working folder is the outside's temporary one, removed after the run.
    app = RingbearerApp(resolve_paths(Path.cwd() / "data"), StartNew(request))

    def played() -> int:
        # Ann's steps (seat 0), found by replaying the log: the bot's replies are in it too.
        current = app.screen
        if not isinstance(current, GameScreen):
            return 0
        match = current.session.match
        replay = rb.Match.new(match.game, match.players, match.seed, match.options)
        steps = 0
        for action in match.log:
            steps += replay.to_move == 0
            replay.play(action)
        return steps

    def ready() -> bool:
        current = app.screen
        return isinstance(current, GameScreen) and current.session.match.to_move in (0, None)

    return app, played, ready


def floor_app(lines: int) -> Probes:
    from textual.app import App, ComposeResult
    from textual.widgets import Footer, Static

    class Floor(App[None]):
        BINDINGS = [("1", "bump", "Bump")]
        bumps = 0

        def compose(self) -> ComposeResult:
            yield Static("Choices 0", id="line")
            for number in range(lines):
                yield Static(f"line {number} " * 5)
            yield Footer()

        def action_bump(self) -> None:
            self.bumps += 1
            self.query_one("#line", Static).update(f"Choices {self.bumps}")

    app = Floor()
    return app, lambda: app.bumps, lambda: True


def inside(screen: str, keys: int, gap: float, floor_lines: int) -> None:
    app, played, ready = floor_app(floor_lines) if screen == "floor" else game_app(screen)
    count = asyncio.run(press_keys(app, keys, gap, played, ready))
    Path(os.environ["KEY_INSTRUCTIONS_PLAYED"]).write_text(str(count))


if __name__ == "__main__":
    arguments = parse_arguments()
    screens = arguments.screen or ["mount-doom", "adventure-game", "floor"]
    if arguments.inside:
        inside(screens[0], arguments.keys, arguments.gap, arguments.floor_lines)
    else:
        sys.exit(outside(screens, arguments.keys, arguments.gap, arguments.floor_lines))
