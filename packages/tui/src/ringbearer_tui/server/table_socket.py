"""The table socket: a Unix socket in the server's data folder, readable by its owner only,
where game processes open, join and play tables.

Each connection is one game process. Before its hello it may only open or list tables; after
it, it may only act at the table it joined. Whatever it sends that breaks the protocol ends
the connection with the reason; a refused request leaves the table as it was.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path

import msgspec

from ..tables.protocol import (
    MAX_CLIENT_MESSAGE,
    Act,
    ClientMessage,
    CloseTable,
    Dismissed,
    FreeSeat,
    FriendInvited,
    Hello,
    Invite,
    InviteFriend,
    ListTables,
    MakeCode,
    Opened,
    OpenTable,
    ProtocolError,
    Ready,
    Refused,
    SeatBot,
    ServerMessage,
    SetAccess,
    StartChapter,
    Tables,
    Uninvite,
    Update,
    Welcome,
    decode_client,
    frame,
    read_frame,
)
from .accounts import AccountError
from .logs import log
from .tables import Seated, Table, TableError, TableService

SOCKET_NAME = "tables.sock"
_MAX_PATH = 100
"""A Unix socket's path must fit in about 108 bytes."""
SEND_BACKLOG = 1024 * 1024
"""A connection that lets this much go unread is too slow to keep: it is dropped."""


def socket_path(data_dir: Path) -> Path:
    """Where the socket goes: the data folder, or a private temporary folder when the data
    folder's path is too long for a socket."""
    path = data_dir / SOCKET_NAME
    if len(os.fsencode(path)) <= _MAX_PATH:
        return path
    return Path(tempfile.mkdtemp(prefix="ringbearer-")) / SOCKET_NAME


Inviter = Callable[[str], tuple[str, float, int]]
"""Makes an account's invitation for a friend: (code, expires, how many wait); raises
:class:`~.accounts.AccountError` with the reason when it may not."""


class TableSocket:
    def __init__(self, service: TableService, path: Path, inviter: Inviter | None = None) -> None:
        self.service = service
        self.path = path
        self.inviter = inviter
        self._server: asyncio.Server | None = None
        self._handlers: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with contextlib.suppress(FileNotFoundError):
            if stat.S_ISSOCK(self.path.lstat().st_mode):
                self.path.unlink()  # left by a server that was killed
        old_mask = os.umask(0o177)  # the socket is born owner-only: no moment of 0o777
        try:
            self._server = await asyncio.start_unix_server(self._connection, path=str(self.path))
        finally:
            os.umask(old_mask)
        os.chmod(self.path, 0o600)

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
            for task in list(self._handlers):
                task.cancel()
            if self._handlers:
                await asyncio.wait(self._handlers, timeout=5)
            await self._server.wait_closed()
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()

    async def _connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._handlers.add(task)
        peer = _Peer(self.service, writer, self.inviter)
        try:
            await peer.serve(reader)
        except (ConnectionError, asyncio.CancelledError):
            pass
        finally:
            self._handlers.discard(task)
            peer.gone()
            writer.close()
            with contextlib.suppress(Exception):
                await writer.wait_closed()


class _Peer:
    """One game process's conversation with the table service."""

    def __init__(
        self, service: TableService, writer: asyncio.StreamWriter, inviter: Inviter | None
    ) -> None:
        self.service = service
        self.writer = writer
        self.inviter = inviter
        self.table: Table | None = None
        self.seated: Seated | None = None
        self.account = ""

    def send(self, message: ServerMessage) -> None:
        if self.writer.is_closing():
            return
        transport = self.writer.transport
        if transport.get_write_buffer_size() > SEND_BACKLOG:
            transport.abort()  # it stopped reading; the table must not wait for it
            return
        self.writer.write(frame(message))

    def push(self, update: Update) -> None:
        self.send(update)

    def dismissed(self, reason: str) -> None:
        """The table sent this connection away: it is told why, and hung up on."""
        self.table = self.seated = None
        self.send(Dismissed(reason))
        self.writer.close()  # what was written goes first

    async def serve(self, reader: asyncio.StreamReader) -> None:
        while True:
            try:
                data = await read_frame(reader, MAX_CLIENT_MESSAGE)
                if data is None:
                    return
                message = decode_client(data)
            except ProtocolError as error:
                self.send(Refused(str(error), fatal=True))
                await self.writer.drain()
                return
            try:
                self._handle(message)
            except TableError as error:
                self.send(Refused(str(error)))
            await self.writer.drain()

    def _handle(self, message: ClientMessage) -> None:
        if isinstance(message, Hello | OpenTable | ListTables | InviteFriend):
            if self.table is not None:
                raise TableError("this connection is already at a table")
            self.account = self.service.account_of(message.token)
        match message:
            case OpenTable():
                table = self.service.open(
                    self.account,
                    message.game,
                    message.seats,
                    spectators=message.spectators,
                    open_to_all=message.open_to_all,
                    seed=message.seed,
                    bot_after=message.bot_after,
                    options=message.options,
                    campaign=message.campaign,
                )
                log("table", action="open", table=table.name, account=self.account)
                self.send(Opened(table.name))
            case ListTables():
                self.send(Tables(self.service.listing(self.account)))
            case InviteFriend():
                if self.inviter is None:
                    raise TableError("this server makes no invitations")
                try:
                    code, expires, waiting = self.inviter(self.account)
                except AccountError as error:
                    raise TableError(str(error)) from None
                log("account", action="invite", user=self.account)
                self.send(FriendInvited(code, expires, waiting))
            case Hello():
                table, seated = self.service.join(
                    self.account,
                    message.table,
                    message.seat,
                    message.watch,
                    self.push,
                    self.dismissed,
                )
                self.table, self.seated = table, seated
                log(
                    "table",
                    action="watch" if seated.seat is None else "join",
                    table=table.name,
                    account=self.account,
                )
                self.send(
                    Welcome(
                        table=table.name,
                        game=table.match.game_id,
                        players=list(table.match.players),
                        options=_builtins(table.match.options),
                        seat=seated.seat,
                        owner=self.account == table.record.owner,
                        campaign=table.campaign is not None,
                    )
                )
                table.push()  # after the welcome: the newcomer's first update, the others' news
            case Act():
                table, seated = self._at_table()
                self.service.act(table, seated, message.text, message.step)
            case SeatBot():
                table, seated = self._at_table()
                self.service.seat_bot(table, seated, message.seat)
            case CloseTable():
                table, seated = self._at_table()
                self.service.close(table, seated)
            case Ready():
                table, seated = self._at_table()
                self.service.ready(table, seated)
            case StartChapter():
                table, seated = self._at_table()
                self.service.start_chapter(table, seated)
            case Invite():
                table, seated = self._at_table()
                self.service.invite(table, seated, message.account)
            case Uninvite():
                table, seated = self._at_table()
                self.service.uninvite(table, seated, message.who)
            case MakeCode():
                table, seated = self._at_table()
                self.service.make_code(table, seated)
            case FreeSeat():
                table, seated = self._at_table()
                self.service.free_seat(table, seated, message.seat)
            case SetAccess():
                table, seated = self._at_table()
                self.service.set_access(table, seated, message.open_to_all, message.watching)

    def _at_table(self) -> tuple[Table, Seated]:
        if self.table is None or self.seated is None:
            raise TableError("say hello at a table first")
        return self.table, self.seated

    def gone(self) -> None:
        if self.table is not None and self.seated is not None:
            self.service.leave(self.table, self.seated)


def _builtins(value: object) -> dict[str, object]:
    result = msgspec.to_builtins(value)
    return result if isinstance(result, dict) else {}
