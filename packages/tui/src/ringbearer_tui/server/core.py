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
import resource
import shutil
import signal
import sys
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import asyncssh
from asyncssh.connection import SSHConnection

from ..environment import (
    ACCOUNT_ENV,
    KEYS_FILE_ENV,
    REGISTRATION_ENV,
    SSH_HOST_ENV,
    SSH_PORT_ENV,
    TABLE_SOCKET_ENV,
    TABLE_TOKEN_ENV,
)
from .accounts import GUEST, Account, AccountError, AccountStore, split_invitation, wrong_key
from .config import GAMES, ServeConfig, table_command
from .connection_guard import SECOND_SESSION, Guard, check_supported, guard
from .forking import GameProcess, Zygote
from .input_shaping import InputShaper
from .limits import FloodNotice, InputBudget, LoginGate, Penalties, RateLimiter
from .logs import log
from .pointer_motion import MotionCoalescer
from .privacy import PRIVATE_UMASK, open_to_others, writable_by_others
from .ssh_policy import (
    COMPRESSION_ALGS,
    ENCRYPTION_ALGS,
    KEX_ALGS,
    MAC_ALGS,
    SIGNATURE_ALGS,
    decide_after_signature,
    hold_to_strong_signatures,
    key_refusal,
)
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
RATE_LIMITED = "Too many connections from your address; please wait a minute and try again."
BUSY = "The server is busy with other logins; please try again in a minute."
PENALISED = (
    "Too many connections from your address ended without logging in; "
    "please try again in {minutes} minute{s}."
)
TOO_SLOW = "Too slow to start logging in."
SHUTTING_DOWN = "The server is shutting down."
ACCOUNT_EXPIRY_EVERY = 6 * 3600.0
"""Seconds between two looks for unused accounts to free."""
REFUSAL_WAIT = 1.0
"""Seconds a refused connection is kept for the client to read the refusal."""
MAX_HELD_REFUSALS = 100
NO_LOGIN_PENALTY = 2.0
"""Seconds of penalty for a connection that ends without logging in."""
AUTH_FAILURE_PENALTY = 5.0
"""Seconds for one cut off after too many refused keys or bad signatures."""
TOO_SLOW_PENALTY = 10.0
"""Seconds for one that never even asked to log in within the handshake timeout."""
CUT_OFF_PENALTY = 10.0
"""Seconds for one cut off for re-keying or sending requests past its bounds."""
INPUT_CHUNK = 4096
"""Bytes of a client's keys read at a time, so the input budget is taken in small steps."""
KEY_PIECE = 16
"""The fewest bytes of input handed to the shaper at a time, when the key budget is spent."""
KEY_BURST = 4
"""A session may press this many seconds' worth of keys at once (``key_rate`` times this)."""


class ServeError(Exception):
    """The server cannot start as asked, with the reason."""


@dataclass
class Connection:
    """What the server knows about one SSH connection."""

    address: str
    username: str = ""
    account: Account | None = None
    logging_in: bool = False
    """Counted by the server's :class:`LoginGate` until the login ends either way."""
    sessions: int = 0
    """Session channels asked for; only the first is served."""
    failures: int = 0
    """Keys refused so far."""
    offered: asyncssh.SSHKey | None = None
    """The key last accepted for a login; asyncssh checks its signature right after."""
    refusal: str = ""
    """Why a login whose signature was good still got no account."""
    invitation: str | None = None
    """The invitation code a new name came with (``ssh NAME+CODE@host``)."""
    told: set[str] = field(default_factory=set)
    """Reasons for refused keys already sent in the authentication banner."""


@dataclass
class LiveGame:
    """A game process and the PTY end that controls it."""

    account_id: str
    child: GameProcess
    master: int
    ended: asyncio.Event = field(default_factory=asyncio.Event)
    reason: str = ""
    input_bytes: int = 0
    """Bytes of the client's input passed to the game so far."""
    bytes_read: int = 0
    """Bytes of input read from the client so far, before any were thinned or dropped."""
    peak_backlog: int = 0
    """The most output held for the client at once, in bytes."""

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
        self._handshake_deadline: asyncio.TimerHandle | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.connection = conn
        server = self.server
        peer = conn.get_extra_info("peername") or ("?", 0)
        address = self.info.address = str(peer[0])
        self.bounds = Guard(
            rekeys_per_hour=server.config.rekeys_per_hour,
            logged_in=lambda: self.info.account is not None,
            on_refusal=self._log_refusal,
        )
        guard(conn, self.bounds)
        if server.stopping.is_set():
            server.refuse(
                conn, self.bounds, address, "shutting down", "The server is shutting down."
            )
            return
        penalty = server.penalties.left(address)
        if penalty:
            minutes = max(1, round(penalty / 60))
            sentence = PENALISED.format(minutes=minutes, s="" if minutes == 1 else "s")
            server.refuse(conn, self.bounds, address, "penalised", sentence)
            return
        # A refused connection is closed at once: each one kept open holds a descriptor.
        if not server.limiter.allow(address):
            server.refuse(conn, self.bounds, address, "rate limited", RATE_LIMITED)
            return
        why = server.gate.enter(address)
        if why is not None:
            server.refuse(conn, self.bounds, address, why, BUSY)
            return
        self.info.logging_in = True
        server.connections[conn] = self.info
        log("connect", address=address)
        self._handshake_deadline = asyncio.get_running_loop().call_later(
            server.config.handshake_timeout, self._check_handshake
        )

    def _check_handshake(self) -> None:
        """A connection that has not asked to log in by now (no version, or no key exchange)
        only holds a place at the login gate."""
        if self.info.username or self.connection is None or not self.info.logging_in:
            return
        self.server.penalise(self.info.address, TOO_SLOW_PENALTY)
        log("disconnect", address=self.info.address, why="no login request in time")
        self.connection.disconnect(asyncssh.DISC_CONNECTION_LOST, TOO_SLOW)

    def _log_refusal(self, why: str) -> None:
        info = self.info
        log("refused", address=info.address, account=info.username or None, why=why)
        if why != SECOND_SESSION:  # the others cut the connection off
            self.server.penalise(info.address, CUT_OFF_PENALTY)

    def connection_lost(self, exc: Exception | None) -> None:
        if self._handshake_deadline is not None:
            self._handshake_deadline.cancel()
        if self.info.logging_in:  # it goes away without having logged in
            self.server.penalise(self.info.address, NO_LOGIN_PENALTY)
        self._done_logging_in()
        if self.connection is not None:
            self.server.connections.pop(self.connection, None)

    def _done_logging_in(self) -> None:
        if self.info.logging_in:
            self.info.logging_in = False
            self.server.gate.leave(self.info.address)

    def begin_auth(self, username: str) -> bool:
        # ``NAME+CODE`` registers NAME with an invitation code: the code is never logged.
        username, self.info.invitation = split_invitation(username)
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

    def validate_public_key(self, login_name: str, key: asyncssh.SSHKey) -> bool:
        # asyncssh asks this both for a client's unsigned "would this key do?" and before it
        # checks a signature, so nothing may be registered here: only in auth_completed. The
        # answer depends only on the key's kind and the name's form, never on which accounts
        # exist: whether this key belongs to the account is decided once it has signed.
        username = self.info.username
        refusal = key_refusal(key)
        if refusal is None:
            try:
                self.server.accounts.check_name(username)
            except AccountError as error:
                refusal = str(error)
        if refusal is not None:
            self._refuse_key(username, refusal)
            # Said before any signature: the key's kind and the name's form only, the same
            # whoever holds which account.
            self._tell(f"{refusal}.")
            return False
        hold_to_strong_signatures(key)
        decide_after_signature(key, lambda good: self._signed(username, key, good))
        self.info.offered = key
        return True

    def _signed(self, username: str, key: asyncssh.SSHKey, good: bool) -> bool:
        """Whether a login whose signature was checked (``good`` or not) may go on."""
        if not good:
            self._refuse_key(username, "bad signature")
            return False
        try:
            self.server.accounts.check(username, key)
        except AccountError as error:
            self._refuse_key(username, str(error))
            self._tell(wrong_key(username, key))
            return False
        return True

    def _tell(self, sentence: str) -> None:
        """Say why a key was refused where ``ssh`` prints it, above its "Permission denied":
        the authentication banner. Each reason once a connection, however many keys an agent
        offers. Only for what the client may know (see :func:`wrong_key`)."""
        if self.connection is None or sentence in self.info.told:
            return
        self.info.told.add(sentence)
        with contextlib.suppress(OSError):  # the login is over: nothing to say any more
            said = f"Ringbearer: {sentence.rstrip()}\n"
            self.connection.send_auth_banner(said.replace("\n", "\r\n"))

    def _refuse_key(self, username: str, why: str) -> None:
        log("auth", address=self.info.address, account=username, result="refused", why=why)
        self._count_failure()

    def _count_failure(self) -> None:
        self.info.failures += 1
        if self.info.failures >= self.server.config.max_auth_tries and self.connection:
            log("auth", address=self.info.address, account=self.info.username, result="too many")
            self.server.penalise(self.info.address, AUTH_FAILURE_PENALTY)
            # After asyncssh has sent this refusal, not in the middle of it.
            asyncio.get_running_loop().call_soon(
                self.connection.disconnect,
                asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE,
                "Too many authentication failures",
            )

    def auth_completed(self) -> None:
        info = self.info
        self._done_logging_in()
        if self.connection is not None:
            # A connection that asks for no game (``ssh -N``) would hold a descriptor forever.
            asyncio.get_running_loop().call_later(
                self.server.config.login_timeout, self._close_if_no_session
            )
        if info.account is not None:  # a guest, let in by begin_auth
            return
        if info.offered is None:
            return
        try:
            info.account = self.server.accounts.authenticate(
                info.username, info.offered, info.invitation
            )
        except AccountError as error:  # e.g. the name was registered a moment ago
            info.refusal = str(error)
            log("auth", address=info.address, account=info.username, result="refused", why=error)
            return
        log("auth", address=info.address, account=info.username, result="ok")

    def _close_if_no_session(self) -> None:
        if self.info.sessions == 0 and self.connection is not None:
            info = self.info
            log("disconnect", address=info.address, account=info.username, why="no session")
            self.connection.close()


class GameServer:
    def __init__(self, config: ServeConfig, host_key: asyncssh.SSHKey) -> None:
        self.config = config
        self.host_key = host_key
        # Checked before anything is made there; from now on every file and folder made by
        # the server or its games is its user's alone (saves, tables, keys, the database).
        unsupported = check_supported()
        if unsupported is not None:
            raise ServeError(unsupported)
        writable = writable_by_others(config.data_dir)
        if writable:
            raise ServeError(
                f"other users may write to {writable[0]}: they could change accounts and "
                f"saves (chmod go-w it, or go-rwx to keep the saves private)"
            )
        for path in open_to_others(config.data_dir):
            log("warning", path=str(path), why="other users may read it: chmod go-rwx it")
        self._umask: int | None = os.umask(PRIVATE_UMASK)
        self.accounts = AccountStore(config.data_dir, registration=config.registration)
        self.limiter = RateLimiter(config.connections_per_minute)
        self.gate = LoginGate(
            config.max_unauthenticated,
            config.max_unauthenticated_per_address,
            early_drop_from=config.early_drop_from,
        )
        self.penalties = Penalties()
        self.held_refusals = 0
        """Refused connections waiting for the client's key exchange message (see refuse)."""
        self.floods = FloodNotice()
        self.connections: dict[SSHConnection, Connection] = {}
        self.live: dict[str, LiveGame] = {}
        self.starting: dict[str, object] = {}
        """Accounts whose game is being started (or taken over), each with the claim's
        owner: with :attr:`live` they hold the session slots."""
        self.stopping = asyncio.Event()
        self.sessions: set[asyncio.Task[None]] = set()
        self._acceptor: asyncssh.SSHAcceptor | None = None
        self.tables = TableService(
            config.data_dir,
            self.accounts.find,
            database=self.accounts.database,
            bot_delay=config.table_bot_delay,
            max_tables=config.max_tables,
            max_per_account=config.max_tables_per_account,
            expiry=config.table_expiry,
        )
        self.table_socket = TableSocket(
            self.tables, socket_path(config.data_dir), self._invite_friend
        )
        self.zygote: Zygote | None = None
        self._account_expiry: asyncio.Future[None] | None = None
        """Forks each game from an already imported app (see :mod:`.zygote`), when on."""

    @property
    def port(self) -> int:
        assert self._acceptor is not None
        return int(self._acceptor.get_port())

    async def start(self) -> None:
        if self.config.zygote:
            self.zygote = Zygote()
            # Its environment is a game's, less the session's own: what the app reads as
            # it is imported must be what a freshly started game would read.
            base = child_environment(DEFAULT_TERM, str(self.config.data_dir), {})
            try:
                await self.zygote.start(base)
            except OSError as error:
                log("zygote", action="not started", why=error)
                self.zygote = None
        for problem in self.tables.restore():
            log("table", action="not restored", why=problem)
        await self.table_socket.start()
        self.tables.start_bots()
        self.tables.start_expiry()
        self._account_expiry = asyncio.ensure_future(self._expire_unused_accounts())
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
            kex_algs=KEX_ALGS,
            encryption_algs=ENCRYPTION_ALGS,
            mac_algs=MAC_ALGS,
            compression_algs=COMPRESSION_ALGS,
            signature_algs=SIGNATURE_ALGS,
        )

    def penalise(self, address: str, seconds: float) -> None:
        if self.config.penalties:
            self.penalties.add(address, seconds)

    def refuse(
        self, conn: asyncssh.SSHServerConnection, bounds: Guard, address: str, why: str, say: str
    ) -> None:
        """Close a connection the server will not serve, logging a flood of them once.

        The sentence goes out as the answer to the client's first key exchange message, so
        that the client has finished sending and reads it (OpenSSH prints it); a client that
        sends none is cut off after :data:`REFUSAL_WAIT` seconds. While many refused
        connections wait so, the next ones are closed at once, sentence or not."""
        unlogged = self.floods.note(address, why)
        if unlogged is not None:
            log("refused", address=address, why=why, unlogged_before=unlogged)
        loop = asyncio.get_running_loop()
        if self.held_refusals >= MAX_HELD_REFUSALS:
            # Still after asyncssh has sent the version line (right after this callback).
            loop.call_soon(conn.disconnect, asyncssh.DISC_TOO_MANY_CONNECTIONS, say)
            return
        bounds.refusal = say
        self.held_refusals += 1

        def give_up() -> None:
            self.held_refusals -= 1
            conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, say)

        loop.call_later(REFUSAL_WAIT, give_up)

    async def close(self) -> None:
        """Stop accepting; hang up every game (each saves first); wait for the sessions."""
        self.stopping.set()  # also ends every take-over question
        if self._account_expiry is not None:
            self._account_expiry.cancel()
        if self._acceptor is not None:
            self._acceptor.close()
        for game in list(self.live.values()):
            game.hang_up("the server is shutting down")
        if self.sessions:
            await asyncio.wait(self.sessions, timeout=self.config.hangup_grace + 5)
        await self.table_socket.close()
        await self.tables.close_all()
        if self.zygote is not None:
            await self.zygote.close()
        if self._acceptor is not None:
            # Since Python 3.12.1 this also waits for every client connection to end, which a
            # client that stays connected never does: the sessions are over, so do not hang.
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._acceptor.wait_closed(), CLOSE_WAIT)
        if self._umask is not None:
            os.umask(self._umask)
            self._umask = None

    async def _expire_unused_accounts(self) -> None:
        """Free, now and every few hours, the names registered a month ago and never used
        since (a key may register three; without this they would be held for ever)."""
        while True:
            for username in self.accounts.expire_unused(self._account_in_use):
                log("account", action="expired", account=username, why="never used")
            await asyncio.sleep(ACCOUNT_EXPIRY_EVERY)

    def _account_in_use(self, username: str) -> bool:
        account = self.accounts.find(username)
        if account is not None and (account.id in self.live or account.id in self.starting):
            return True
        return any(
            table.record.owner == username or table.seat_of(username) is not None
            for table in self.tables.tables.values()
        )

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
        # The only one: the connection's guard refuses a second session channel as it is
        # opened (one game per connection; OpenSSH allows ten, one is all a player needs).
        info.sessions += 1
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
                command=process.command or "menu",  # as "game start" writes it, never None
                duration=f"{time.monotonic() - started:.1f}s",
                exit=exit_status,
                why=why,
            )
            if account is not None and account.username == GUEST:
                shutil.rmtree(account.folder, ignore_errors=True)
            with contextlib.suppress(OSError, asyncssh.Error):
                process.exit(exit_status)
            # Its one session is over: nothing more is served on this connection.
            with contextlib.suppress(TimeoutError, OSError, asyncssh.Error):
                await asyncio.wait_for(process.wait_closed(), CLOSE_WAIT)
            conn.close()

    async def _serve(
        self, process: asyncssh.SSHServerProcess[bytes], info: Connection
    ) -> tuple[int, str]:
        def say(text: str) -> None:
            process.stdout.write(text.replace("\n", "\r\n").encode() + b"\r\n")

        account = info.account
        if self.stopping.is_set():
            say("The server is shutting down.")
            return 1, "the server is shutting down"
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
        claim = object()
        old = self.live.get(account.id)
        if old is None:
            # Checked and taken in one step, with no await between: logins that come at
            # once cannot all pass the check before any of them is counted.
            if account.id in self.starting:
                say("Your game is being started on another connection.")
                return 1, "already starting"
            if len(self.live.keys() | self.starting.keys()) >= self.config.max_sessions:
                say(
                    f"The server is full ({self.config.max_sessions} players). "
                    "Please try again later."
                )
                return 1, "full"
            self.starting[account.id] = claim
        else:
            if not old.ended.is_set():  # still played elsewhere: ask before taking it
                answer = await self._confirm_take_over(process)
                if answer is None:
                    say("The server is shutting down.")
                    return 1, "the server is shutting down"
                if not answer:
                    say("Leaving the other game as it is. Goodbye.")
                    return 0, "kept other session"
            current = self.live.get(account.id)
            if account.id in self.starting or (current is not None and current is not old):
                say("Another connection is taking that game over.")
                return 1, "already starting"
            # The slot stays the account's while the old game saves and closes.
            self.starting[account.id] = claim
            old.hang_up("taken over by a new login")
            deadline = time.monotonic() + self.config.hangup_grace + 5
            while self.live.get(account.id) is old and time.monotonic() < deadline:
                await asyncio.sleep(0.05)
        try:
            return await self._run_game(process, account, arguments, claim)
        finally:
            self._release(account.id, claim)

    def _release(self, account_id: str, claim: object) -> None:
        if self.starting.get(account_id) is claim:
            del self.starting[account_id]

    async def _confirm_take_over(self, process: asyncssh.SSHServerProcess[bytes]) -> bool | None:
        """Whether the player takes the other game over; ``None`` if the server stops."""
        process.stdout.write(
            b"You are already playing from another connection.\r\n"
            b"Take that game over here? It is saved first. [y/N] "
        )
        stopping = asyncio.ensure_future(self.stopping.wait())
        try:
            while True:
                reading = asyncio.ensure_future(process.stdin.read(1))
                done, _ = await asyncio.wait(
                    {reading, stopping}, timeout=TAKE_OVER_WAIT, return_when=asyncio.FIRST_COMPLETED
                )
                if stopping in done:
                    reading.cancel()
                    return None
                if not done:
                    reading.cancel()
                    return False
                try:
                    answer = reading.result()
                except asyncssh.TerminalSizeChanged:
                    continue
                process.stdout.write(b"\r\n")
                return answer.lower() == b"y"
        except asyncssh.Error:
            return False
        finally:
            stopping.cancel()

    def _invite_friend(self, username: str) -> tuple[str, float, int]:
        """An account's invitation for a friend (the Account screen), as the table socket
        asks for it; how many of the account's wait now, this one included."""
        code, expires = self.accounts.invite_friend(username)
        waiting = len(self.accounts.database.open_invitations_by(username, time.time()))
        return code, expires, waiting

    def _reached_at(self, process: asyncssh.SSHServerProcess[bytes]) -> dict[str, str]:
        """How players reach this server, for the commands the game prints: the configured
        public name and port, else the address this connection came in on and the port the
        server listens on."""
        local = process.get_extra_info("sockname") or (self.config.host, self.config.port)
        return {
            SSH_HOST_ENV: self.config.public_host or str(local[0]).removeprefix("::ffff:"),
            SSH_PORT_ENV: str(self.config.public_port or self.port),
        }

    async def _run_game(
        self,
        process: asyncssh.SSHServerProcess[bytes],
        account: Account,
        arguments: list[str],
        claim: object,
    ) -> tuple[int, str]:
        account.data.mkdir(parents=True, exist_ok=True)
        extra = {
            ACCOUNT_ENV: account.username,
            REGISTRATION_ENV: self.config.registration,
            **self._reached_at(process),
        }
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
            child = await self._start_game(
                ["--data-dir", str(account.data), *arguments], env, account.data, slave
            )
        except BaseException:
            os.close(master)
            self.tables.revoke_token(token)
            raise
        finally:
            os.close(slave)
        game = LiveGame(account.id, child, master)
        self.live[account.id] = game
        self._release(account.id, claim)
        self._limit_memory(child.pid)
        log(
            "session",
            account=account.username,
            term=term,
            size=f"{columns}x{rows}",
            command=" ".join(arguments) or "menu",
            pid=child.pid,
        )
        try:
            return await self._pump(process, game, account.username)
        finally:
            if child.returncode is None:  # _pump failed part-way: still hang the game up
                await self._hang_up(game)
            game.close_terminal()
            self.tables.revoke_token(token)
            if self.live.get(account.id) is game:
                del self.live[account.id]

    async def _start_game(
        self, arguments: list[str], env: dict[str, str], folder: Path, slave: int
    ) -> GameProcess:
        """``python -m ringbearer_tui ARGUMENTS`` on the PTY ``slave``, as the leader of a new
        session: forked by the zygote when there is one, else started afresh."""
        if self.zygote is not None:
            forked = await self.zygote.spawn(arguments, env, folder, slave)
            if forked is not None:
                return forked
        return await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "ringbearer_tui",
            *arguments,
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            cwd=folder,
            start_new_session=True,
            close_fds=True,
        )

    def _limit_memory(self, pid: int) -> None:
        """Hold a game to its address space, where the system can (Linux's prlimit)."""
        limit = self.config.game_memory * 1024 * 1024
        if limit <= 0 or not hasattr(resource, "prlimit"):
            return
        with contextlib.suppress(OSError, ValueError):
            resource.prlimit(pid, resource.RLIMIT_AS, (limit, limit))

    async def _pump(
        self, process: asyncssh.SSHServerProcess[bytes], game: LiveGame, username: str
    ) -> tuple[int, str]:
        loop = asyncio.get_running_loop()
        master = game.master
        os.set_blocking(master, False)
        output_closed = asyncio.Event()
        stalled = asyncio.Event()
        last_input = time.monotonic()
        began = last_input
        channel = process.channel
        limit = self.config.output_buffer
        channel.set_write_buffer_limits(high=limit, low=limit // 4)
        draining: list[asyncio.Task[None]] = []

        async def drain_then_read_again() -> None:
            # The game waits meanwhile: its terminal fills and its writes block.
            try:
                await asyncio.wait_for(process.stdout.drain(), self.config.output_stall_timeout)
            except TimeoutError:
                stalled.set()
                return
            except (OSError, asyncssh.Error):
                return
            if game.master >= 0 and not output_closed.is_set():
                loop.add_reader(master, readable)

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
            backlog = channel.get_write_buffer_size()
            game.peak_backlog = max(game.peak_backlog, backlog)
            if backlog >= limit:
                # The client is not reading: hold the game's output in its own terminal
                # rather than in this process, which every table shares.
                loop.remove_reader(master)
                draining.append(asyncio.ensure_future(drain_then_read_again()))

        async def forward_input() -> None:
            nonlocal last_input
            budget = InputBudget(self.config.input_rate, 2 * self.config.input_rate)
            keys = InputBudget(self.config.key_rate, KEY_BURST * self.config.key_rate)
            shaper = InputShaper()
            # Motion gets at most half the key rate, so moving the mouse never holds keys back.
            motion = MotionCoalescer(interval=2 / self.config.key_rate)

            async def pass_on(data: bytes) -> None:
                while data:
                    # A piece the key budget can mostly pay for now, so that the keys of a
                    # read are passed on as they are paid for, not all after the last one.
                    size = max(KEY_PIECE, int(keys.available()))
                    piece, data = data[:size], data[size:]
                    passed, events = shaper.feed(piece)
                    # Past the key budget the keys wait here, and the client's window closes.
                    wait = keys.wait_for(events)
                    if wait:
                        await asyncio.sleep(wait)
                    game.input_bytes += len(passed)
                    if passed:
                        await _write_all(game, passed)

            while True:
                due_in = motion.due_in(time.monotonic())
                try:
                    if due_in is None:
                        data = await process.stdin.read(INPUT_CHUNK)
                    else:
                        data = await asyncio.wait_for(process.stdin.read(INPUT_CHUNK), due_in)
                except TimeoutError:
                    # No more input came while a motion report was held: pass it now.
                    await pass_on(motion.release(time.monotonic()))
                    continue
                except asyncssh.TerminalSizeChanged as change:
                    if game.master >= 0:
                        set_size(game.master, change.width, change.height)
                    continue
                except (asyncssh.BreakReceived, asyncssh.SignalReceived):
                    continue
                if not data:
                    return
                last_input = time.monotonic()
                game.bytes_read += len(data)
                # Bytes are paid for as read, before motion is thinned: what is thinned away
                # still cost the reading, so a flood of it waits like any other.
                wait = budget.wait_for(len(data))
                if wait:
                    await asyncio.sleep(wait)
                await pass_on(motion.feed(data, time.monotonic()))

        async def watch_clock() -> str:
            while True:
                await asyncio.sleep(0.5)
                now = time.monotonic()
                # A table's moves reaching this account count as activity: watching a
                # table, or waiting for one's turn there, is not being idle.
                active = max(last_input, self.tables.last_news.get(username, 0.0))
                if now - active >= self.config.idle_timeout:
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
            "stalled": asyncio.ensure_future(stalled.wait()),
        }
        done, _ = await asyncio.wait(tasks.values(), return_when=asyncio.FIRST_COMPLETED)
        first = next(name for name, task in tasks.items() if task in done)
        game.ended.set()  # from now on this game is closing; a new login need not ask
        for name in ("input", "clock", "server", "stalled"):
            tasks[name].cancel()  # no more keys may reach the terminal once it closes
        for drain in draining:
            drain.cancel()
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
            elif first == "stalled":
                game.reason = "not reading the game's output"
            elif first in ("input", "closed"):
                game.reason = "disconnected"
            why = game.reason
            status = await self._hang_up(game)
            message = f"\r\nYour game was saved: {game.reason}."
        for task in tasks.values():
            task.cancel()
        game.close_terminal()
        game.ended.set()
        if why not in ("disconnected", "not reading the game's output"):
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
    data_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
    key = asyncssh.generate_private_key("ssh-ed25519")
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as handle:
        handle.write(key.export_private_key())
    return key


def _raise_open_file_limit() -> None:
    """Use every file descriptor the system allows this process (the soft limit, often
    1024, up to the hard one): each connection, PTY and table socket holds some."""
    with contextlib.suppress(OSError, ValueError):
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        if hard == resource.RLIM_INFINITY:
            hard = max(soft, 65536)
        if soft != resource.RLIM_INFINITY and soft < hard:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


async def serve_forever(config: ServeConfig) -> None:
    """Run until SIGTERM or SIGINT, then save every game and stop."""
    _raise_open_file_limit()
    key = load_host_key(config.data_dir)
    server = GameServer(config, key)
    await server.start()
    print(
        f"ringbearer serve: listening on {config.host}:{server.port}\n"
        f"host key fingerprint: {key.get_fingerprint()}\n"
        f"players connect with: ssh -p {server.port} NAME@{config.host}",
        flush=True,
    )
    if config.registration == "invite":
        print(
            "new players need an invitation code: make one with "
            f"`ringbearer --data-dir {config.data_dir.parent} serve invite`",
            flush=True,
        )
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for number in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(number, stop.set)
    await stop.wait()
    log("shutdown", sessions=len(server.live))
    await server.close()
