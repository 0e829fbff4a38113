"""The SSH server: logins, limits, and one game process per connection in its own PTY.

Each connection's game is ``python -m ringbearer_tui`` running as the session leader of a
fresh PTY whose other end this server pumps to and from the SSH channel. Closing that end
hangs the game up: it receives SIGHUP, autosaves and exits. A game that lingers is killed
after a grace period.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import signal
import sys
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import asyncssh
from asyncssh.connection import SSHConnection

from ..environment import ACCOUNT_ENV, KEYS_FILE_ENV, TABLE_SOCKET_ENV, TABLE_TOKEN_ENV
from .accounts import GUEST, Account, AccountError, AccountStore
from .config import GAMES, ServeConfig, table_command
from .limits import RateLimiter
from .logs import log
from .table_socket import TableSocket, socket_path
from .tables import TableService
from .terminal import (
    DEFAULT_TERM,
    RESET,
    check_terminal,
    child_environment,
    open_pty,
    served_size,
    set_size,
)

TAKE_OVER_WAIT = 30.0
CLOSE_WAIT = 2.0
"""Seconds a shutting-down server waits for clients to drop their connections."""


@dataclass
class Connection:
    """What the server knows about one SSH connection."""

    address: str
    username: str = ""
    account: Account | None = None
    rate_limited: bool = False
    offered: asyncssh.SSHKey | None = None
    """The key last accepted for a login; asyncssh checks its signature right after."""
    refusal: str = ""
    """Why a login whose signature was good still got no account."""


@dataclass
class LiveGame:
    """A game process and the PTY end that controls it."""

    account_id: str
    child: asyncio.subprocess.Process
    master: int
    ended: asyncio.Event = field(default_factory=asyncio.Event)
    reason: str = ""

    def hang_up(self, reason: str) -> None:
        """Ask the game to end: its session will close the PTY (SIGHUP) and clean up."""
        if not self.reason:
            self.reason = reason
        self.ended.set()

    def close_terminal(self) -> None:
        """Close our end of the PTY, once. The number may be reused by the next session at
        once, so closing it twice could cut another player's game off."""
        if self.master >= 0:
            asyncio.get_running_loop().remove_reader(self.master)
            with contextlib.suppress(OSError):
                os.close(self.master)
            self.master = -1


class _ConnectionHandler(asyncssh.SSHServer):
    """asyncssh's per-connection callbacks: address, rate limit, and public-key logins."""

    def __init__(self, server: GameServer) -> None:
        self.server = server
        self.info = Connection(address="?")
        self.connection: asyncssh.SSHServerConnection | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.connection = conn
        peer = conn.get_extra_info("peername") or ("?", 0)
        self.info.address = str(peer[0])
        self.info.rate_limited = not self.server.limiter.allow(self.info.address)
        self.server.connections[conn] = self.info
        log("connect", address=self.info.address, limited=self.info.rate_limited)

    def connection_lost(self, exc: Exception | None) -> None:
        if self.connection is not None:
            self.server.connections.pop(self.connection, None)

    def begin_auth(self, username: str) -> bool:
        self.info.username = username
        if username == GUEST and self.server.config.allow_guests:
            self.info.account = self.server.guest_account()
            log("auth", address=self.info.address, account=GUEST, result="guest")
            return False
        return True

    def public_key_auth_supported(self) -> bool:
        return True

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        # asyncssh asks this both for a client's unsigned "would this key do?" and before it
        # checks a signature, so nothing may be registered here: only in auth_completed.
        try:
            self.server.accounts.check(username, key)
        except AccountError as error:
            log("auth", address=self.info.address, account=username, result="refused", why=error)
            return False
        self.info.offered = key
        return True

    def auth_completed(self) -> None:
        info = self.info
        if info.account is not None:  # a guest, let in by begin_auth
            return
        if info.offered is None:
            return
        if info.rate_limited:
            # It will only be told to wait; a burst of such connections registers nothing.
            log("auth", address=info.address, account=info.username, result="rate limited")
            return
        try:
            info.account = self.server.accounts.authenticate(info.username, info.offered)
        except AccountError as error:  # e.g. the name was registered a moment ago
            info.refusal = str(error)
            log("auth", address=info.address, account=info.username, result="refused", why=error)
            return
        log("auth", address=info.address, account=info.username, result="ok")


class GameServer:
    def __init__(self, config: ServeConfig, host_key: asyncssh.SSHKey) -> None:
        self.config = config
        self.host_key = host_key
        self.accounts = AccountStore(config.data_dir)
        self.limiter = RateLimiter(config.connections_per_minute)
        self.connections: dict[SSHConnection, Connection] = {}
        self.live: dict[str, LiveGame] = {}
        self.sessions: set[asyncio.Task[None]] = set()
        self._acceptor: asyncssh.SSHAcceptor | None = None
        self.tables = TableService(
            config.data_dir,
            self.accounts.find,
            database=self.accounts.database,
            bot_delay=config.table_bot_delay,
        )
        self.table_socket = TableSocket(self.tables, socket_path(config.data_dir))

    @property
    def port(self) -> int:
        assert self._acceptor is not None
        return int(self._acceptor.get_port())

    async def start(self) -> None:
        for problem in self.tables.restore():
            log("table", action="not restored", why=problem)
        await self.table_socket.start()
        self.tables.start_bots()
        self._acceptor = await asyncssh.create_server(
            lambda: _ConnectionHandler(self),
            self.config.host,
            self.config.port,
            server_host_keys=[self.host_key],
            process_factory=self._process,
            encoding=None,
            line_editor=False,
            agent_forwarding=False,
            x11_forwarding=False,
            allow_scp=False,
            login_timeout=self.config.login_timeout,
            keepalive_interval=self.config.keepalive_interval,
            keepalive_count_max=3,
        )

    async def close(self) -> None:
        """Stop accepting; hang up every game (each saves first); wait for the sessions."""
        if self._acceptor is not None:
            self._acceptor.close()
        for game in list(self.live.values()):
            game.hang_up("the server is shutting down")
        if self.sessions:
            await asyncio.wait(self.sessions, timeout=self.config.hangup_grace + 5)
        await self.table_socket.close()
        await self.tables.close_all()
        if self._acceptor is not None:
            # Since Python 3.12.1 this also waits for every client connection to end, which a
            # client that stays connected never does: the sessions are over, so do not hang.
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._acceptor.wait_closed(), CLOSE_WAIT)

    def guest_account(self) -> Account:
        ident = uuid.uuid4().hex
        folder = self.config.data_dir / "guests" / ident
        # The folder is made when a game starts, so a guest who never opens one leaves none.
        return Account(GUEST, f"guest-{ident}", folder)

    # -- one SSH session --------------------------------------------------------------------

    async def _process(self, process: asyncssh.SSHServerProcess[bytes]) -> None:
        task = asyncio.current_task()
        assert task is not None
        self.sessions.add(task)
        conn = process.channel.get_connection()
        info = self.connections.get(conn) or Connection(address="?")
        started = time.monotonic()
        exit_status, why = 1, "refused"
        try:
            exit_status, why = await self._serve(process, info)
        except Exception as error:  # one session's failure must not pass silently
            why = f"error: {type(error).__name__}: {error}"
        finally:
            self.sessions.discard(task)
            account = info.account
            log(
                "disconnect",
                account=account.username if account else info.username,
                address=info.address,
                term=process.term_type,
                size="{}x{}".format(*process.term_size[:2]),
                command=process.command,
                duration=f"{time.monotonic() - started:.1f}s",
                exit=exit_status,
                why=why,
            )
            if account is not None and account.username == GUEST:
                shutil.rmtree(account.folder, ignore_errors=True)
            with contextlib.suppress(OSError, asyncssh.Error):
                process.exit(exit_status)

    async def _serve(
        self, process: asyncssh.SSHServerProcess[bytes], info: Connection
    ) -> tuple[int, str]:
        def say(text: str) -> None:
            process.stdout.write(text.replace("\n", "\r\n").encode() + b"\r\n")

        account = info.account
        if info.rate_limited:
            say("Too many connections from your address; please wait a minute and try again.")
            return 1, "rate limited"
        if account is None:
            say(f"Not logged in: {info.refusal}." if info.refusal else "Not logged in.")
            return 1, "no account"
        if process.subsystem:
            say(f"Ringbearer offers no {process.subsystem!r} here, only its games.")
            return 1, f"subsystem {process.subsystem}"
        if process.term_type is None:
            say(
                "Ringbearer needs an interactive terminal. Connect with: "
                f"ssh -t -p {self.port} {account.username}@<host>"
            )
            return 1, "no pty"
        # Checked before anything is opened: a bad TERM or size used to fail half-way.
        refusal = check_terminal(process.term_type, *process.term_size[:2])
        if refusal is not None:
            say(refusal.message)
            return 1, f"bad terminal: {refusal.reason}"
        arguments: list[str] = []
        if process.command:
            wanted = process.command.strip()
            table = table_command(wanted)
            if table is not None and account.username == GUEST:
                say("Guests do not sit at shared tables: log in with your own name and key.")
                return 1, "guest at a table"
            if table is not None:
                arguments = table
            elif wanted not in GAMES:
                say(
                    f"You can ask for one of these games: {', '.join(GAMES)}; "
                    "or join NAME, or watch NAME, for a shared table."
                )
                return 1, "bad command"
            else:
                arguments = ["new", wanted]
        if len(self.live) >= self.config.max_sessions and account.id not in self.live:
            say(f"The server is full ({self.config.max_sessions} players). Please try again later.")
            return 1, "full"
        old = self.live.get(account.id)
        if old is not None:
            if not old.ended.is_set():  # still played elsewhere: ask before taking it
                if not await self._confirm_take_over(process):
                    say("Leaving the other game as it is. Goodbye.")
                    return 0, "kept other session"
                old.hang_up("taken over by a new login")
            # Either way it is now saving and closing; wait until it has.
            deadline = time.monotonic() + self.config.hangup_grace + 5
            while self.live.get(account.id) is old and time.monotonic() < deadline:
                await asyncio.sleep(0.05)
        return await self._run_game(process, account, arguments)

    async def _confirm_take_over(self, process: asyncssh.SSHServerProcess[bytes]) -> bool:
        process.stdout.write(
            b"You are already playing from another connection.\r\n"
            b"Take that game over here? It is saved first. [y/N] "
        )
        try:
            while True:
                try:
                    answer = await asyncio.wait_for(process.stdin.read(1), TAKE_OVER_WAIT)
                except asyncssh.TerminalSizeChanged:
                    continue
                process.stdout.write(b"\r\n")
                return answer.lower() == b"y"
        except (TimeoutError, asyncssh.Error):
            return False

    async def _run_game(
        self,
        process: asyncssh.SSHServerProcess[bytes],
        account: Account,
        arguments: list[str],
    ) -> tuple[int, str]:
        account.data.mkdir(parents=True, exist_ok=True)
        extra = {ACCOUNT_ENV: account.username}
        token = ""
        if account.username != GUEST:
            extra[KEYS_FILE_ENV] = str(account.keys_file)
            # Guests do not sit at shared tables: a table's seat belongs to an account that
            # can come back to it.
            token = self.tables.issue_token(account.username)
            extra[TABLE_SOCKET_ENV] = str(self.table_socket.path)
            extra[TABLE_TOKEN_ENV] = token
        term = process.term_type or DEFAULT_TERM
        env = child_environment(term, str(account.data), extra)
        # The size now, which may have changed while the player answered about a take-over.
        columns, rows = served_size(*process.term_size[:2])
        master, slave = open_pty(columns, rows)
        try:
            child = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "ringbearer_tui",
                "--data-dir",
                str(account.data),
                *arguments,
                stdin=slave,
                stdout=slave,
                stderr=slave,
                env=env,
                cwd=account.data,
                start_new_session=True,
                close_fds=True,
            )
        except BaseException:
            os.close(master)
            self.tables.revoke_token(token)
            raise
        finally:
            os.close(slave)
        game = LiveGame(account.id, child, master)
        self.live[account.id] = game
        log(
            "session",
            account=account.username,
            term=term,
            size=f"{columns}x{rows}",
            command=" ".join(arguments) or "menu",
            pid=child.pid,
        )
        try:
            return await self._pump(process, game)
        finally:
            if child.returncode is None:  # _pump failed part-way: still hang the game up
                await self._hang_up(game)
            game.close_terminal()
            self.tables.revoke_token(token)
            if self.live.get(account.id) is game:
                del self.live[account.id]

    async def _pump(
        self, process: asyncssh.SSHServerProcess[bytes], game: LiveGame
    ) -> tuple[int, str]:
        loop = asyncio.get_running_loop()
        master = game.master
        os.set_blocking(master, False)
        output_closed = asyncio.Event()
        last_input = time.monotonic()
        began = last_input

        def readable() -> None:
            try:
                data = os.read(master, 65536)
            except BlockingIOError:
                return
            except OSError:
                data = b""
            if not data:
                loop.remove_reader(master)
                output_closed.set()
                return
            # The player's connection may have gone already; then the session is ending.
            with contextlib.suppress(BrokenPipeError, asyncssh.Error):
                process.stdout.write(data)

        async def forward_input() -> None:
            nonlocal last_input
            while True:
                try:
                    data = await process.stdin.read(65536)
                except asyncssh.TerminalSizeChanged as change:
                    if game.master >= 0:
                        set_size(game.master, change.width, change.height)
                    continue
                except (asyncssh.BreakReceived, asyncssh.SignalReceived):
                    continue
                if not data:
                    return
                last_input = time.monotonic()
                await _write_all(game, data)

        async def watch_clock() -> str:
            while True:
                await asyncio.sleep(0.5)
                now = time.monotonic()
                if now - last_input >= self.config.idle_timeout:
                    return "idle"
                if now - began >= self.config.max_session_time:
                    return "time"

        loop.add_reader(master, readable)
        tasks = {
            "child": asyncio.ensure_future(game.child.wait()),
            "input": asyncio.ensure_future(forward_input()),
            "closed": asyncio.ensure_future(process.wait_closed()),
            "clock": asyncio.ensure_future(watch_clock()),
            "server": asyncio.ensure_future(game.ended.wait()),
        }
        done, _ = await asyncio.wait(tasks.values(), return_when=asyncio.FIRST_COMPLETED)
        first = next(name for name, task in tasks.items() if task in done)
        game.ended.set()  # from now on this game is closing; a new login need not ask
        for name in ("input", "clock", "server"):
            tasks[name].cancel()  # no more keys may reach the terminal once it closes
        if first == "child":
            # The game ended by itself: let its last output through, then tidy the terminal.
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(output_closed.wait(), 1.0)
            status = game.child.returncode or 0
            why = "quit" if status == 0 else f"game exited with {status}"
            message = "" if status == 0 else "\r\nThe game stopped unexpectedly; it was saved."
        else:
            if first == "clock":
                reason = tasks["clock"].result()
                game.reason = "idle for too long" if reason == "idle" else "the session time is up"
            elif first in ("input", "closed"):
                game.reason = "disconnected"
            why = game.reason
            status = await self._hang_up(game)
            message = f"\r\nYour game was saved: {game.reason}."
        for task in tasks.values():
            task.cancel()
        game.close_terminal()
        game.ended.set()
        if why != "disconnected":
            with contextlib.suppress(OSError, asyncssh.Error):
                process.stdout.write(RESET + message.encode() + b"\r\n")
        return status, why

    async def _hang_up(self, game: LiveGame) -> int:
        """Close the game's terminal (SIGHUP: it saves and exits); kill it if it lingers."""
        game.close_terminal()
        try:
            return await asyncio.wait_for(game.child.wait(), self.config.hangup_grace)
        except TimeoutError:
            pass
        for number in (signal.SIGTERM, signal.SIGKILL):
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(game.child.pid, number)
            try:
                return await asyncio.wait_for(game.child.wait(), 2.0)
            except TimeoutError:
                continue
        return -9


async def _write_all(game: LiveGame, data: bytes) -> None:
    view = memoryview(data)
    for _ in range(500):
        if game.master < 0:
            return  # the terminal closed while we waited
        try:
            written = os.write(game.master, view)
        except BlockingIOError:
            await asyncio.sleep(0.01)
            continue
        except OSError:
            return  # the game has gone; its session is ending
        view = view[written:]
        if not view:
            return
        await asyncio.sleep(0)


def load_host_key(data_dir: Path) -> asyncssh.SSHKey:
    """The server's ed25519 host key, generated once and kept in the data folder."""
    path = data_dir / "ssh_host_ed25519_key"
    if path.exists():
        return asyncssh.read_private_key(str(path))
    data_dir.mkdir(parents=True, exist_ok=True)
    key = asyncssh.generate_private_key("ssh-ed25519")
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as handle:
        handle.write(key.export_private_key())
    return key


async def serve_forever(config: ServeConfig) -> None:
    """Run until SIGTERM or SIGINT, then save every game and stop."""
    key = load_host_key(config.data_dir)
    server = GameServer(config, key)
    await server.start()
    print(
        f"ringbearer serve: listening on {config.host}:{server.port}\n"
        f"host key fingerprint: {key.get_fingerprint()}\n"
        f"players connect with: ssh -p {server.port} NAME@{config.host}",
        flush=True,
    )
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for number in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(number, stop.set)
    await stop.wait()
    log("shutdown", sessions=len(server.live))
    await server.close()
