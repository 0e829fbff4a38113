"""The game process's end of the table socket."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .protocol import (
    MAX_SERVER_MESSAGE,
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
    SeatPlan,
    ServerMessage,
    SetAccess,
    StartChapter,
    TableEntry,
    Tables,
    Uninvite,
    Update,
    Welcome,
    decode_server,
    frame,
    read_frame,
)

CONNECT_TIMEOUT = 10.0
SERVER_HUNG_UP = "the server closed the table's connection"
CONNECTION_FAILED = "the table's connection failed"


DISMISSED = "sent away: "
"""How ``listen`` begins the reason it hands on when the table sent this connection away."""


def connection_ended(reason: str) -> bool:
    """Whether a reason handed to ``listen``'s ``on_refused`` says the connection is over
    (rather than that the server refused one request)."""
    return reason.startswith((SERVER_HUNG_UP, CONNECTION_FAILED, DISMISSED))


def dismissal(reason: str) -> str | None:
    """Why the table sent this connection away, if the reason says it did."""
    return reason.removeprefix(DISMISSED) if reason.startswith(DISMISSED) else None


class TableRefusedError(Exception):
    """The server said no, with its reason (or the connection failed, with why)."""


class TableConnection:
    """One connection to the server's table service."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, token: str):
        self._reader = reader
        self._writer = writer
        self._token = token
        self._listening: asyncio.Task[None] | None = None

    @classmethod
    async def open(cls, socket: Path, token: str) -> TableConnection:
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_unix_connection(str(socket)), CONNECT_TIMEOUT
            )
        except (OSError, TimeoutError) as error:
            raise TableRefusedError(f"the server's tables cannot be reached ({error})") from None
        return cls(reader, writer, token)

    def _send(self, message: ClientMessage) -> None:
        if not self._writer.is_closing():
            self._writer.write(frame(message))

    async def _receive(self) -> ServerMessage:
        try:
            data = await asyncio.wait_for(
                read_frame(self._reader, MAX_SERVER_MESSAGE), CONNECT_TIMEOUT
            )
        except (OSError, TimeoutError, ProtocolError) as error:
            raise TableRefusedError(f"the server's tables did not answer ({error})") from None
        if data is None:
            raise TableRefusedError("the server closed the connection")
        message = decode_server(data)
        if isinstance(message, Refused):
            raise TableRefusedError(message.reason)
        return message

    async def open_table(
        self,
        game: str,
        seats: list[SeatPlan],
        *,
        spectators: bool,
        seed: int | None = None,
        bot_after: float = 0.0,
        options: dict[str, Any] | None = None,
        campaign: bytes | None = None,
        open_to_all: bool = False,
    ) -> str:
        self._send(
            OpenTable(
                self._token,
                game,
                seats,
                spectators,
                seed,
                bot_after,
                options or {},
                campaign,
                open_to_all,
            )
        )
        answer = await self._receive()
        if not isinstance(answer, Opened):
            raise TableRefusedError("the server answered something else")
        return answer.table

    async def list_tables(self) -> list[TableEntry]:
        self._send(ListTables(self._token))
        answer = await self._receive()
        if not isinstance(answer, Tables):
            raise TableRefusedError("the server answered something else")
        return answer.tables

    async def invite_friend(self) -> FriendInvited:
        """A one-time code that registers one new account on this server."""
        self._send(InviteFriend(self._token))
        answer = await self._receive()
        if not isinstance(answer, FriendInvited):
            raise TableRefusedError("the server answered something else")
        return answer

    async def sit(
        self, table: str, *, watch: bool = False, seat: int | None = None
    ) -> tuple[Welcome, Update]:
        """Join a table (or watch it); its welcome and the first update."""
        self._send(Hello(self._token, table, seat, watch))
        welcome = await self._receive()
        if not isinstance(welcome, Welcome):
            raise TableRefusedError("the server answered something else")
        update = await self._receive()
        if not isinstance(update, Update):
            raise TableRefusedError("the server answered something else")
        return welcome, update

    def listen(
        self, on_update: Callable[[Update], None], on_refused: Callable[[str], None]
    ) -> None:
        """Hand every later message to these callbacks, on this loop, until the end."""

        async def run() -> None:
            while True:
                try:
                    data = await read_frame(self._reader, MAX_SERVER_MESSAGE)
                    if data is None:
                        on_refused(SERVER_HUNG_UP)
                        return
                    message = decode_server(data)
                except (OSError, ProtocolError) as error:
                    on_refused(f"{CONNECTION_FAILED} ({error})")
                    return
                if isinstance(message, Update):
                    on_update(message)
                elif isinstance(message, Refused):
                    on_refused(message.reason)
                elif isinstance(message, Dismissed):
                    on_refused(DISMISSED + message.reason)
                    return  # the server hangs up: nothing more to say

        self._listening = asyncio.ensure_future(run())

    def act(self, text: str, step: int) -> None:
        self._send(Act(text, step))

    def seat_bot(self, seat: int) -> None:
        self._send(SeatBot(seat))

    def ready(self) -> None:
        self._send(Ready())

    def start_chapter(self) -> None:
        self._send(StartChapter())

    def close_table(self) -> None:
        self._send(CloseTable())

    def invite(self, account: str) -> None:
        self._send(Invite(account))

    def uninvite(self, who: str) -> None:
        self._send(Uninvite(who))

    def make_code(self) -> None:
        self._send(MakeCode())

    def free_seat(self, seat: int) -> None:
        self._send(FreeSeat(seat))

    def set_access(self, *, open_to_all: bool, watching: bool) -> None:
        self._send(SetAccess(open_to_all, watching))

    def close(self) -> None:
        if self._listening is not None:
            self._listening.cancel()
        with contextlib.suppress(Exception):
            self._writer.close()
