"""The ``ringbearer`` command."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import ringbearer_engine as rb
from ringbearer_engine import __version__ as engine_version

from ._version import __version__
from .paths import resolve_paths
from .seats import NewGameRequest, Seat
from .settings import load_settings


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ringbearer",
        description="Play Lord of the Rings tabletop games in the terminal.",
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"ringbearer {__version__} (engine {engine_version})",
    )
    _add_global_options(parser, default=None)
    # The same options after a subcommand (`ringbearer serve --data-dir X`); suppressed
    # defaults there, so that leaving them out keeps what was given before the subcommand.
    common = argparse.ArgumentParser(add_help=False)
    _add_global_options(common, default=argparse.SUPPRESS)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    games = rb.list_games()
    new = commands.add_parser(
        "new",
        parents=[common],
        help="start a new game at once",
        epilog="games:\n"
        + "".join(f"  {game.id:<16} {game.title}\n" for game in games)
        + "\nbots (NAME=BOT in --seats):\n"
        + _bots_help(games),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    new.add_argument("game", help="the game's id (listed below)")
    new.add_argument(
        "--seats",
        help="comma-separated seats; NAME for a person, NAME=BOT for a bot (e.g. Ann,Bo=heuristic)",
    )
    new.add_argument("--seed", type=int, help="the game's seed (default: random)")
    from .lessons.available import lesson_games

    learn = commands.add_parser(
        "learn",
        parents=[common],
        help="play a game's guided lesson (Learn to play)",
        epilog="lessons:\n"
        + "".join(f"  {game:<16} {rb.get_game(game).title}\n" for game in lesson_games()),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    learn.add_argument("game", help="the game's id (listed below)")
    commands.add_parser("continue", parents=[common], help="resume the most recent unfinished game")
    load = commands.add_parser("load", parents=[common], help="open a save file")
    load.add_argument("file", type=Path)
    join = commands.add_parser(
        "join", parents=[common], help="sit at a shared table (when served by ringbearer serve)"
    )
    join.add_argument("table", help="the table's name, e.g. 7f3k")
    watch = commands.add_parser(
        "watch", parents=[common], help="watch a shared table (when served by ringbearer serve)"
    )
    watch.add_argument("table", help="the table's name, e.g. 7f3k")
    serve = commands.add_parser("serve", parents=[common], help="let people play over SSH")
    serve.add_argument(
        "action",
        nargs="?",
        choices=["invite"],
        help="'invite': print a one-time invitation code for a friend's new account, and exit",
    )
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    serve.add_argument("--port", type=int, default=2222, help="port (2222)")
    serve.add_argument(
        "--public-host",
        default="",
        help="the name players reach the server by, for the join commands the app shows "
        "(default: the address each connection came in on)",
    )
    serve.add_argument(
        "--public-port",
        type=int,
        default=0,
        help="the port players reach the server on, if a router forwards another (--port)",
    )
    serve.add_argument(
        "--max-sessions", type=int, default=20, help="games at once (20); more are refused"
    )
    serve.add_argument(
        "--idle-timeout", type=float, default=1800, help="seconds without a key (1800)"
    )
    serve.add_argument(
        "--max-session-time", type=float, default=14400, help="seconds per session (14400)"
    )
    serve.add_argument(
        "--registration",
        choices=["open", "invite", "closed"],
        default="invite",
        help="who may register a new name: anyone, whoever has an invitation code "
        "(ringbearer serve invite), or nobody (invite)",
    )
    serve.add_argument(
        "--invitations",
        type=int,
        default=1,
        help="with 'invite': how many codes to print (1)",
    )
    serve.add_argument(
        "--allow-guests",
        action="store_true",
        help="let 'guest' in without a key, in a throw-away folder",
    )
    serve.add_argument(
        "--connections-per-minute",
        type=int,
        default=10,
        help="new connections allowed per client address per minute (10)",
    )
    serve.add_argument("--log-format", choices=["text", "json"], default="text")
    serve.add_argument(
        "--no-zygote",
        action="store_true",
        help="start each game as a new process instead of forking it from a pre-loaded one",
    )
    serve.add_argument(
        "--no-penalties",
        action="store_true",
        help="never refuse an address for its connections that did not log in",
    )
    _add_limit_options(serve)
    return parser


def _add_limit_options(serve: argparse.ArgumentParser) -> None:
    """The limits against careless and hostile clients (see docs/ssh.md); defaults from
    :class:`~ringbearer_tui.server.config.ServeConfig`."""
    import msgspec

    from .server.config import ServeConfig

    defaults = {field.name: field.default for field in msgspec.structs.fields(ServeConfig)}
    limits = serve.add_argument_group("limits")
    for flag, kind, unit in (
        ("login-timeout", float, "seconds to log in and open a game"),
        ("max-unauthenticated", int, "connections logging in at once, in all"),
        ("max-unauthenticated-per-address", int, "connections logging in at once, per address"),
        ("early-drop-from", int, "connections logging in past which new ones drop at random"),
        ("handshake-timeout", float, "seconds from connecting to the first login request"),
        ("max-auth-tries", int, "refused keys before a connection is closed"),
        ("rekeys-per-hour", int, "key exchanges a logged-in client may start an hour"),
        ("output-stall-timeout", float, "seconds a client may leave the output unread"),
        ("input-rate", int, "bytes of input per second passed to a game"),
        ("key-rate", int, "key presses and mouse reports a second passed to a game"),
        ("game-memory", int, "MiB of address space per game, 0 for no limit"),
        ("max-tables", int, "shared tables open at once"),
        ("max-tables-per-account", int, "shared tables one account may have open"),
        ("table-expiry", float, "seconds before a table nobody moves or sits at is closed"),
    ):
        default = defaults[flag.replace("-", "_")]
        limits.add_argument(
            f"--{flag}", type=kind, default=default, help=f"{unit} ({default:.10g})"
        )


def _add_global_options(parser: argparse.ArgumentParser, *, default: object) -> None:
    parser.add_argument(
        "--data-dir",
        type=Path,
        default=default,
        help="keep saves and settings here (default: the platform's data folder, "
        "or $RINGBEARER_DATA_DIR)",
    )


def _invite(args: argparse.Namespace, data: Path) -> int:
    """Print invitation codes for the server whose data folder is ``data``."""
    import datetime

    from .server.accounts import INVITATION_DAYS, AccountStore
    from .server.privacy import PRIVATE_UMASK

    if args.invitations < 1:
        print("ringbearer serve invite: --invitations must be 1 or more", file=sys.stderr)
        return 2
    old_umask = os.umask(PRIVATE_UMASK)  # the database is the server's alone, as it makes it
    try:
        data.mkdir(parents=True, exist_ok=True)
        store = AccountStore(data)
        codes = [store.invite(made_by=None) for _ in range(args.invitations)]
    except OSError as error:
        print(f"ringbearer serve invite: {error.strerror or error}", file=sys.stderr)
        return 1
    finally:
        os.umask(old_umask)
    host = args.host if args.host not in ("0.0.0.0", "::", "") else "THIS-SERVER"
    for code, expires in codes:
        until = datetime.datetime.fromtimestamp(expires).strftime("%Y-%m-%d %H:%M")
        print(f"invitation {code} (one new account, until {until})")
        print(f"  your friend connects with: ssh -p {args.port} THEIR-NAME+{code}@{host}")
    print(
        f"Each code registers one name, once, within {INVITATION_DAYS} days; after that the "
        "friend logs in as plain THEIR-NAME with the same key."
    )
    if args.registration != "invite":
        print("(The server takes invitations only with --registration invite.)")
    return 0


def _serve(args: argparse.Namespace, data: Path) -> int:
    import asyncio

    from .server.config import ServeConfig
    from .server.core import ServeError, serve_forever
    from .server.logs import setup_logging

    config = ServeConfig(
        host=args.host,
        port=args.port,
        public_host=args.public_host,
        public_port=args.public_port,
        data_dir=data,
        max_sessions=args.max_sessions,
        idle_timeout=args.idle_timeout,
        max_session_time=args.max_session_time,
        allow_guests=args.allow_guests,
        registration=args.registration,
        log_format=args.log_format,
        connections_per_minute=args.connections_per_minute,
        login_timeout=args.login_timeout,
        max_unauthenticated=args.max_unauthenticated,
        max_unauthenticated_per_address=args.max_unauthenticated_per_address,
        early_drop_from=args.early_drop_from,
        handshake_timeout=args.handshake_timeout,
        penalties=not args.no_penalties,
        max_auth_tries=args.max_auth_tries,
        rekeys_per_hour=args.rekeys_per_hour,
        output_stall_timeout=args.output_stall_timeout,
        input_rate=args.input_rate,
        key_rate=args.key_rate,
        game_memory=args.game_memory,
        max_tables=args.max_tables,
        max_tables_per_account=args.max_tables_per_account,
        table_expiry=args.table_expiry,
        zygote=not args.no_zygote,
    )
    setup_logging(config.log_format)
    try:
        asyncio.run(serve_forever(config))
    except OSError as error:
        print(f"ringbearer serve: {error.strerror or error}", file=sys.stderr)
        return 1
    except ServeError as error:
        print(f"ringbearer serve: {error}", file=sys.stderr)
        return 1
    return 0


def _bots_help(games: Sequence[rb.Game[Any]]) -> str:
    """The bots by id and name, the weakest first: those of every game on one line, then
    each of the others with the games that have it."""
    from .bot_kinds import bot_name

    has = {game.id: set(rb.bot_names(game)) for game in games}
    every = set.intersection(*has.values()) if has else set()
    bots = _weakest_first(set().union(*has.values()))
    common = [f"{bot} ({bot_name(bot)})" for bot in bots if bot in every]
    lines = [f"  {', '.join(common)}: every game\n"] if common else []
    for bot in bots:
        if bot not in every:
            where = ", ".join(game for game, names in has.items() if bot in names)
            lines.append(f"  {bot} ({bot_name(bot)}): {where} only\n")
    return "".join(lines)


def parse_seats(text: str | None, game: rb.Game[Any], names: list[str]) -> list[Seat]:
    """Seats from ``--seats``; by default the game's usual count, everyone a person."""
    if not text:
        count = game.default_players
        return [
            Seat(names[n] if n < len(names) and names[n].strip() else f"Player {n + 1}")
            for n in range(count)
        ]
    seats = []
    for part in text.split(","):
        name, _, bot = part.partition("=")
        if not name.strip():
            raise ValueError(f"a seat needs a name: {part!r}")
        if bot and bot not in rb.bot_names(game):
            raise ValueError(f"{game.title} has no bot {bot!r}: {bots_for(game)}")
        seats.append(Seat(name.strip(), "bot", bot) if bot else Seat(name.strip()))
    return seats


def bots_for(game: rb.Game[Any]) -> str:
    """The bots a seat of ``game`` may name, as a sentence with their ids as typed: "choose
    random (Beginner), heuristic (Steady) or mc (Thinker), e.g. Bo=heuristic"."""
    from .bot_kinds import bot_name

    bots = _weakest_first(rb.bot_names(game))
    named = [f"{bot} ({bot_name(bot)})" for bot in bots]
    listed = f"{', '.join(named[:-1])} or {named[-1]}" if len(named) > 1 else named[0]
    example = "heuristic" if "heuristic" in bots else bots[0]
    return f"choose {listed}, e.g. Bo={example}"


def _weakest_first(bots: Iterable[str]) -> list[str]:
    """Bot ids in the order the app presents them (its table of bots), others after."""
    from .bot_kinds import BOT_KINDS

    order = {bot: n for n, bot in enumerate(BOT_KINDS)}
    return sorted(bots, key=lambda bot: (order.get(bot, len(order)), bot))


def _lesson_game(game: str) -> str:
    """The game of ``ringbearer learn GAME``; a ValueError naming the lessons there are."""
    from .lessons.available import has_lesson, lesson_games

    if has_lesson(game):
        return game
    there = ", ".join(lesson_games()) or "none"
    raise ValueError(f"there is no lesson for {game!r} (lessons: {there})")


def _terminal_is_gone() -> bool:
    from .terminal_watch import terminal_gone

    try:
        return sys.__stdout__ is not None and terminal_gone(sys.__stdout__.fileno())
    except (OSError, ValueError):
        return True


def _forget_the_terminal() -> None:
    """After a hang-up (the game is saved by now) the terminal is gone, and Python's last
    flush of stdout to it would fail and make the exit status 120. Point stdout and stderr
    at the null device so that the exit is the clean one it is."""
    null = os.open(os.devnull, os.O_WRONLY)
    try:
        for fd in (1, 2):
            os.dup2(null, fd)
    finally:
        os.close(null)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = _parser().parse_args(argv)
    paths = resolve_paths(args.data_dir)
    if args.command == "serve" and args.action == "invite":
        return _invite(args, paths.data / "server")
    if args.command == "serve":
        return _serve(args, paths.data / "server")
    from .app import (
        RingbearerApp,
        Start,
        StartCampaign,
        StartContinue,
        StartLesson,
        StartLoaded,
        StartNew,
        StartTable,
    )
    from .games.adventure_book.saves import CAMPAIGN_SUFFIX
    from .games.adventure_book.saves import decode as decode_campaign
    from .storage import read_save

    start: Start | None = None
    try:
        if args.command == "new":
            game = rb.get_game(args.game)
            settings, _ = load_settings(paths.settings_file)
            seats = parse_seats(args.seats, game, settings.default_names)
            start = StartNew(NewGameRequest(game.id, seats, {}, args.seed))
        elif args.command == "learn":
            start = StartLesson(_lesson_game(args.game))
        elif args.command in ("join", "watch"):
            start = StartTable(args.table, watch=args.command == "watch")
        elif args.command == "continue":
            start = StartContinue()
        elif args.command == "load":
            data = read_save(args.file)  # a FIFO or /dev/zero is refused, never read
            if args.file.name.endswith(CAMPAIGN_SUFFIX):
                start = StartCampaign(decode_campaign(data))
            else:
                rb.Match.load(data)  # refuse a bad file before the screen takes over
                start = StartLoaded(data)
    except rb.SaveError as error:
        print(
            f"ringbearer: {args.file}: not a good save ({error.reason}): {error}", file=sys.stderr
        )
        return 1
    except OSError as error:
        print(f"ringbearer: cannot read {error.filename}: {error.strerror}", file=sys.stderr)
        return 1
    except (rb.RingbearerError, ValueError) as error:
        print(f"ringbearer: {error}", file=sys.stderr)
        return 2
    app = RingbearerApp(paths, start)
    app.run()
    # Also when the app ended by another path just as its terminal went (seen once under
    # load, a flooded game hung up: exit status 120): the last flush must not fail the exit.
    if app.exit_reason == "hang-up" or _terminal_is_gone():
        _forget_the_terminal()
    return 0 if app.return_code in (None, 0) else int(app.return_code)
