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
gap. Hash randomisation is off, and what exists before the first key is frozen out of the
garbage collector's passes as the app does in a terminal, so that a run repeats within a few
tenths of a percent.

    python benchmarks/key_instructions.py [--screen mount-doom|adventure-game|floor]
        [--keys N] [--gap SECONDS] [--floor-lines N]

``mount-doom`` presses 1 in a one-player game (seed 1); ``adventure-game`` presses 1 for Ann
against a heuristic bot, whose replies count in the figure; ``adventure-book`` opens chapter 1
of a new campaign (p) and presses 1 for Ann against a heuristic bot, whose replies count too;
``floor`` is a bare Textual app
whose key changes one line of text (with a footer, and ``--floor-lines`` more lines of text
on screen), the least any Textual screen costs.

Beside the instructions it counts the layout passes per key: Textual's full reflows of the
screen (every widget placed again), and its lighter scroll reflows, which an ordinary step
should not need (a panel that keeps its size only repaints).
Needs valgrind (``apt install valgrind``); under it the app runs about fifty times slower,
so a run takes a minute or two.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from textual.app import App

SIZE = (80, 24)
SCREENS = ("mount-doom", "adventure-game", "adventure-book", "floor")


def parse_arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="Instructions per keypress, under callgrind.")
    parser.add_argument("--screen", choices=list(SCREENS), action="append")
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


class Counted(NamedTuple):
    """What one run of a screen counted over its keys."""

    instructions: int
    keys: int
    reflows: int
    """Full layout passes (Textual's ``Compositor.reflow``)."""
    scroll_reflows: int
    """Scroll-only layout passes (``Compositor.reflow_visible``)."""


def count_instructions(screen: str, keys: int, gap: float, floor_lines: int) -> Counted:
    """What one run of ``screen`` counted over its keys."""
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
        count, reflows, scroll_reflows = map(int, played.read_text().split())
        return Counted(callgrind_total(out.read_text()), count, reflows, scroll_reflows)


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
        counted = count_instructions(screen, keys, gap, floor_lines)
        played = counted.keys
        if played != keys:
            print(f"{screen}: only {played} of {keys} keys were played", file=sys.stderr)
            return 1
        total = counted.instructions
        print(
            f"{screen} at {SIZE[0]}x{SIZE[1]}: {total / played / 1e6:.1f} M instructions per "
            f"key ({played} keys, {total / 1e6:.0f} M in all); layout passes per key: "
            f"{counted.reflows / played:.2f} full, {counted.scroll_reflows / played:.2f} scroll"
        )
    return 0


# -- inside: the app, under callgrind --------------------------------------------------------


def instrument(on: bool) -> None:
    subprocess.run(
        ["callgrind_control", "-i", "on" if on else "off", str(os.getpid())],
        check=True,
        capture_output=True,
    )


class Reflows:
    """Counts Textual's layout passes: full reflows and scroll-only ones."""

    def __init__(self) -> None:
        from textual._compositor import Compositor

        self.full = self.scroll = 0
        self.over_keys = (0, 0)
        reflow, reflow_visible = Compositor.reflow, Compositor.reflow_visible

        def counted_reflow(compositor: Compositor, *args: Any) -> Any:
            self.full += 1
            return reflow(compositor, *args)

        def counted_reflow_visible(compositor: Compositor, *args: Any) -> Any:
            self.scroll += 1
            return reflow_visible(compositor, *args)

        Compositor.reflow = counted_reflow  # type: ignore[method-assign,assignment]
        Compositor.reflow_visible = counted_reflow_visible  # type: ignore[method-assign,assignment]


async def press_keys(
    app: App[Any],
    keys: int,
    gap: float,
    probes: Probes,
    reflows: Reflows,
) -> int:
    """Post key 1 ``keys`` times, each once the app is ready for it (a bot has replied)
    and ``gap`` seconds after the last; counted from the first key to the end."""
    from textual import events

    _, played, ready, opening = probes
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(5):
            await pilot.pause()
        for key in opening:  # from the screen the app starts on to the game's
            await pilot.press(key)
            for _ in range(5):
                await pilot.pause()
        await asyncio.sleep(gap * 2)  # the first screen's last repaints and timers
        # As the app does in a terminal once its first screen is up (not headless): what
        # exists is left out of the collector's passes. Else a full pass over the whole heap
        # (about 20 M instructions) falls on one key or another as allocations add up, and
        # a change that allocates a little more or less moves the figure by that much.
        gc.collect()
        gc.freeze()
        before = played()
        reflows.full = reflows.scroll = 0
        instrument(True)
        for _ in range(keys):
            app.post_message(events.Key("1", "1"))
            await asyncio.sleep(gap)
            while not ready():
                await asyncio.sleep(gap / 10)
        instrument(False)
        reflows.over_keys = (reflows.full, reflows.scroll)  # not the app's closing
        return played() - before


Probes = tuple["App[Any]", Callable[[], int], Callable[[], bool], tuple[str, ...]]
"""An app, how many of its keys it has played, whether it waits for a key, and the keys
that open the game's screen from the one the app starts on."""


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

    opening = ("p",) if screen == "adventure-book" else ()  # the campaign's Play chapter
    return app, played, ready, opening


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
    return app, lambda: app.bumps, lambda: True, ()


def inside(screen: str, keys: int, gap: float, floor_lines: int) -> None:
    reflows = Reflows()
    probes = floor_app(floor_lines) if screen == "floor" else game_app(screen)
    count = asyncio.run(press_keys(probes[0], keys, gap, probes, reflows))
    Path(os.environ["KEY_INSTRUCTIONS_PLAYED"]).write_text(
        f"{count} {reflows.over_keys[0]} {reflows.over_keys[1]}"
    )


if __name__ == "__main__":
    arguments = parse_arguments()
    screens = arguments.screen or list(SCREENS)
    if arguments.inside:
        inside(screens[0], arguments.keys, arguments.gap, arguments.floor_lines)
    else:
        sys.exit(outside(screens, arguments.keys, arguments.gap, arguments.floor_lines))
