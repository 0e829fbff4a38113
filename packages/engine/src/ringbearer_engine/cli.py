"""``python -m ringbearer_engine``: list games, simulate them, replay and check saves."""

from __future__ import annotations

import argparse
import stat
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

import msgspec

from ._version import __version__
from .bots import bot_names
from .errors import RingbearerError, SaveError
from .game import get_game, list_games
from .match import Match
from .saves import MAX_SAVE_SIZE
from .simulate import check_run, simulate

if TYPE_CHECKING:
    from concurrent.futures import Executor


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m ringbearer_engine",
        description="The Ringbearer rules engine: list games, simulate them, read saves.",
    )
    parser.add_argument("--version", action="version", version=f"ringbearer-engine {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    commands.add_parser("games", help="list the installed games")

    sim = commands.add_parser("simulate", help="play many games between bots and summarise them")
    sim.add_argument("game", help="a game id, e.g. mount-doom")
    sim.add_argument("--games", type=int, default=1000, help="how many games (default 1000)")
    sim.add_argument(
        "--bot",
        default="random",
        help="the bot for every seat, or one per seat separated by commas (default random)",
    )
    sim.add_argument("--players", type=int, help="number of seats (default: the game's usual)")
    sim.add_argument("--seed", type=int, default=0, help="seed of the whole run (default 0)")
    _add_parallel_arguments(sim, "games")
    sim.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a game option, e.g. --option friends_in_need=true (repeatable)",
    )
    sim.add_argument("--json", action="store_true", help="print the report as JSON")

    campaign = commands.add_parser(
        "campaign",
        help="play whole Adventure Book campaigns between bots and summarise them",
        description="Play whole campaigns of the Adventure Book Game (chapter 1 to the end, "
        "a lost chapter again) and report how many are won, where the others end, and the "
        "corruption at each chapter's start.",
    )
    campaign.add_argument(
        "--campaigns", type=int, default=100, help="how many campaigns (default 100)"
    )
    campaign.add_argument(
        "--bot",
        default="heuristic",
        help="the bot for every seat, or one per seat separated by commas (default heuristic)",
    )
    campaign.add_argument("--players", type=int, help="number of seats (default 2)")
    campaign.add_argument("--seed", type=int, default=0, help="seed of the whole run (default 0)")
    _add_parallel_arguments(campaign, "campaigns")
    campaign.add_argument("--json", action="store_true", help="print the report as JSON")

    replay = commands.add_parser("replay", help="print a save's game step by step")
    replay.add_argument("save", type=Path)

    analyse = commands.add_parser(
        "analyse",
        help="review a save step by step: each choice beside the advisor's, with marks",
        description="Judge every step of a saved game with the game's own advisor: the "
        "estimated chance to win after the choice made and after the advised one, marks "
        "for inaccuracies, mistakes and blunders, and the turning points.",
    )
    analyse.add_argument("save", type=Path)
    analyse.add_argument("--json", action="store_true", help="print the analysis as JSON")
    analyse.add_argument(
        "--seat",
        type=int,
        help="judge every step from this seat's view only (1 for the first player; default: "
        "each decision from its own seat's view)",
    )
    analyse.add_argument("--seed", type=int, default=0, help="seed of the analysis (default 0)")
    analyse.add_argument("--workers", type=int, default=1, help="processes to use (default 1)")

    check = commands.add_parser(
        "check", help="verify a save: exit status 0 if it is good, 1 if it is not"
    )
    check.add_argument("save", type=Path)
    return parser


def _add_parallel_arguments(command: argparse.ArgumentParser, unit: str) -> None:
    command.add_argument(
        "--workers",
        type=int,
        help="local processes to use (default 1; with --scheduler local, the cluster's "
        "worker processes, default one per CPU)",
    )
    command.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help=f"send the {unit} to the Dask scheduler at ADDRESS (e.g. tcp://10.0.0.5:8786), "
        "or 'local' to start a Dask cluster on this machine; needs the dask extra",
    )


@contextmanager
def _executor(args: argparse.Namespace) -> Iterator[tuple[Executor | None, int]]:
    """Where a study runs: an executor (``None`` for local processes) and its parallelism."""
    if args.workers is not None and args.workers < 1:
        raise ValueError(f"--workers must be at least 1, not {args.workers}")
    if args.scheduler is None:
        yield None, args.workers or 1
        return
    if args.workers is not None and args.scheduler != "local":
        raise ValueError("--workers sizes a local run; a scheduler's workers are its own")
    from .cluster import dask_executor  # only a cluster run pays for importing Dask

    with dask_executor(args.scheduler, args.workers) as (executor, slots):
        yield executor, slots


def _options(pairs: Sequence[str]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise ValueError(f"an option is NAME=VALUE, not {pair!r}")
        try:
            options[name] = msgspec.json.decode(value)
        except msgspec.DecodeError:
            options[name] = value
    return options


def _cmd_games(out: TextIO) -> int:
    installed = list_games()
    if not installed:
        print("No games are installed.", file=out)
        return 0
    for game in installed:
        kind = "cooperative" if game.cooperative else "competitive"
        seats = f"{game.min_players}-{game.max_players} players"
        bots = ", ".join(bot_names(game))
        print(f"{game.id:<16} {game.title} ({kind}, {seats}; bots: {bots})", file=out)
    return 0


def _cmd_simulate(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    game = get_game(args.game)
    names = _seat_bots(args.bot, args.players, game.default_players)
    options = _options(args.option)
    check_run(args.game, args.games, names, options)  # bad input fails before a cluster starts
    with _executor(args) as (executor, workers):
        report = simulate(
            args.game,
            args.games,
            names,
            seed=args.seed,
            options=options,
            workers=workers,
            progress=_progress(err, "games"),
            executor=executor,
        )
    if args.json:
        print(msgspec.json.format(msgspec.json.encode(report)).decode(), file=out)
    else:
        print(report.text(), file=out)
    return 0


def _seat_bots(bot: str, players: int | None, default_players: int) -> list[str]:
    """One bot name per seat from ``--bot`` (one name, or one per seat) and ``--players``."""
    names = [b.strip() for b in bot.split(",")]
    count = players or (len(names) if len(names) > 1 else default_players)
    if len(names) == 1:
        names = names * count
    if len(names) != count:
        raise ValueError(f"{len(names)} bots were named for {count} seats")
    return names


BAR_WIDTH = 30


def _progress(err: TextIO, unit: str) -> Callable[[int, int], None]:
    """A bar of the items finished so far, redrawn as each chunk comes back; only on a
    terminal, so that a redirected stderr holds no carriage returns."""
    live = err.isatty()

    def show(done: int, total: int) -> None:
        if not live or total == 0:
            return
        filled = BAR_WIDTH * done // total
        line = f"[{'#' * filled}{'.' * (BAR_WIDTH - filled)}] {done}/{total} {unit}"
        print(f"\r{line}", end="", file=err, flush=True)
        if done == total:
            print("\r" + " " * len(line) + "\r", end="", file=err, flush=True)

    return show


def _cmd_campaign(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from .games.adventure_book.campaign_runs import check_campaigns, simulate_campaigns

    bots = _seat_bots(args.bot, args.players, 2)
    check_campaigns(args.campaigns, bots)  # bad input fails before a cluster starts
    with _executor(args) as (executor, workers):
        report = simulate_campaigns(
            args.campaigns,
            bots,
            seed=args.seed,
            workers=workers,
            progress=_progress(err, "campaigns"),
            executor=executor,
        )
    if args.json:
        print(msgspec.json.format(msgspec.json.encode(report)).decode(), file=out)
    else:
        print(report.text(), file=out)
    return 0


class _UnreadableFileError(Exception):
    """A path that cannot be read as a save file; the message says why in a sentence."""


def _load(path: Path) -> Match:
    return Match.load(_read(path))


def _read(path: Path) -> bytes:
    # Only regular files: reading a FIFO or a device would block or never end.
    try:
        mode = path.stat().st_mode
        if not stat.S_ISREG(mode):
            raise _UnreadableFileError(f"cannot read {path}: it is not a regular file")
        with path.open("rb") as file:
            # One byte more than a save may have, so that an oversized file is refused as one.
            return file.read(MAX_SAVE_SIZE + 1)
    except OSError as error:
        raise _UnreadableFileError(f"cannot read {path}: {error.strerror}") from None


def _cmd_replay(path: Path, out: TextIO) -> int:
    match = _load(path)
    print(f"{match.game.title}: {', '.join(match.players)}; seed {match.seed}", file=out)
    for step in match.playthrough():
        who = "" if step.seat is None else f"{match.players[step.seat]}: "
        print(f"{step.index + 1:>4}. {who}{step.entry}", file=out)
        for event in step.events:
            print(f"        {event}", file=out)
    outcome = match.outcome
    print(outcome.summary if outcome else match.prompt, file=out)
    return 0


def _cmd_analyse(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from .analysis import analyse
    from .analysis.table import text

    match = _load(args.save)
    seat = None if args.seat is None else args.seat - 1
    analysis = analyse(
        match, seat=seat, seed=args.seed, workers=args.workers, progress=_progress(err, "steps")
    )
    if args.json:
        print(msgspec.json.format(analysis.to_json()).decode(), file=out)
    else:
        print(text(analysis), file=out)
    return 0


def _cmd_check(path: Path, out: TextIO, err: TextIO) -> int:
    """Exit status 0 for a good save, 1 for anything else, with one line and no traceback."""
    try:
        match = _load(path)
        outcome = match.outcome
        status = outcome.summary if outcome else f"in progress: {match.prompt}"
        steps = len(match.log)
    except _UnreadableFileError as error:
        print(_one_line(str(error)), file=err)
        return 1
    except SaveError as error:
        print(_one_line(f"{path}: not a good save ({error.reason}): {error}"), file=err)
        return 1
    except Exception as error:  # an engine bug must still not look like a good save
        print(
            _one_line(
                f"{path}: could not be checked: the engine failed with "
                f"{type(error).__name__}: {error} (please report this)"
            ),
            file=err,
        )
        return 1
    print(f"{path}: a good save of {match.game.title} ({steps} steps; {status})", file=out)
    return 0


def _one_line(text: str) -> str:
    return " ".join(text.split())


def main(
    argv: Sequence[str] | None = None, out: TextIO = sys.stdout, err: TextIO = sys.stderr
) -> int:
    """Run the command line; returns the exit status."""
    args = _parser().parse_args(argv)
    try:
        if args.command == "games":
            return _cmd_games(out)
        if args.command == "simulate":
            return _cmd_simulate(args, out, err)
        if args.command == "campaign":
            return _cmd_campaign(args, out, err)
        if args.command == "replay":
            return _cmd_replay(args.save, out)
        if args.command == "analyse":
            return _cmd_analyse(args, out, err)
        return _cmd_check(args.save, out, err)
    except SaveError as error:
        print(f"{getattr(args, 'save', '')}: not a good save ({error.reason}): {error}", file=err)
        return 1
    except _UnreadableFileError as error:
        print(error, file=err)
        return 1
    except (RingbearerError, ValueError) as error:
        print(f"error: {error}", file=err)
        return 2
    except KeyboardInterrupt:
        # The study's unfinished chunks were cancelled on the way out (see executors.py).
        print("\ncancelled: the unfinished games were called off", file=err)
        return 130
