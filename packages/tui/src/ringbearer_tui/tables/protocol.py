"""The table socket's messages, and how they travel: a 4-byte big-endian length, then that
many bytes of MessagePack.

A game process speaks for one account only, and cannot say which: the server gave it a
random token when it started it, and the server alone maps the token to the account. So a
hello names the table and the seat wanted, never the account.
"""

from __future__ import annotations

import asyncio
import struct
from typing import Any

import msgspec

MAX_CLIENT_MESSAGE = 256 * 1024
"""A client never needs more: its longest message opens a campaign table with the campaign
save it continues (a few kilobytes; a chapter in play, some tens)."""
MAX_SERVER_MESSAGE = 4 * 1024 * 1024
"""Views and a retold log; generous, but a bound all the same."""
_LENGTH = struct.Struct(">I")


class Hello(msgspec.Struct, tag="hello", forbid_unknown_fields=True):
    """The first message: which table, and which seat. ``seat`` None with ``watch`` False
    means "the seat I hold there, or else the first open one". ``table`` may also be a
    one-time code the table's owner made (see :class:`MakeCode`): it invites the account
    that uses it, and seats it at that table."""

    token: str
    table: str
    seat: int | None = None
    watch: bool = False


class Act(msgspec.Struct, tag="act", forbid_unknown_fields=True):
    """Play ``text`` (the action's notation) at step ``step``, the step the player saw."""

    text: str
    step: int


class SeatBot(msgspec.Struct, tag="seat-bot", forbid_unknown_fields=True):
    """The owner gives an absent player's seat to a bot."""

    seat: int


class CloseTable(msgspec.Struct, tag="close", forbid_unknown_fields=True):
    """The owner ends the table; it is saved for every player."""


class Ready(msgspec.Struct, tag="ready", forbid_unknown_fields=True):
    """Between two chapters of a campaign table: this seat is ready for the next one."""


class StartChapter(msgspec.Struct, tag="start-chapter", forbid_unknown_fields=True):
    """Between two chapters: the owner starts the next one without waiting for everyone."""


class Invite(msgspec.Struct, tag="invite", forbid_unknown_fields=True):
    """The owner lets an account (by its name) take an open seat at a private table, and
    watch it when watching is allowed."""

    account: str


class Uninvite(msgspec.Struct, tag="uninvite", forbid_unknown_fields=True):
    """The owner withdraws an invitation by name, or a one-time code not used yet."""

    who: str


class MakeCode(msgspec.Struct, tag="make-code", forbid_unknown_fields=True):
    """The owner asks for a one-time code; it comes back in the owner's next update."""


class FreeSeat(msgspec.Struct, tag="free-seat", forbid_unknown_fields=True):
    """The owner gives a seat back: whoever held it leaves the table, and the seat is open."""

    seat: int


class SetAccess(msgspec.Struct, tag="set-access", forbid_unknown_fields=True):
    """The owner says who may take an open seat (anyone, or only those invited) and
    whether those who may see the table may watch it."""

    open_to_all: bool
    watching: bool


class SeatPlan(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A seat of a table being opened: its name, and the bot that plays it ("" for a person)."""

    name: str
    bot: str = ""


class OpenTable(msgspec.Struct, tag="open", forbid_unknown_fields=True):
    """Open a new table; the opener is its owner and takes the first person's seat."""

    token: str
    game: str
    seats: list[SeatPlan]
    spectators: bool = False
    """Whether watching is allowed: off unless the owner turns it on."""
    seed: int | None = None
    bot_after: float = 0.0
    """Seconds after which a bot plays an absent person's seat; 0: the table waits."""
    options: dict[str, Any] = {}
    """The game's options (a chapter of the Book, say), as the New game dialog gives them."""
    campaign: bytes | None = None
    """A campaign table: the app's campaign save (a new campaign's, or one continued) that
    the table plays chapter after chapter; its seats are the campaign's, not ``seats``."""
    open_to_all: bool = False
    """Anyone may take an open seat; else (the default) only the accounts the owner invites."""


class ListTables(msgspec.Struct, tag="list", forbid_unknown_fields=True):
    token: str


class InviteFriend(msgspec.Struct, tag="invite-friend", forbid_unknown_fields=True):
    """A one-time code that registers one new account (the Account screen's "Invite a
    friend"), when the server registers by invitation. Not a table's: it travels on the
    table socket because that is where a game speaks to its server."""

    token: str


ClientMessage = (
    Hello
    | Act
    | SeatBot
    | CloseTable
    | OpenTable
    | ListTables
    | Ready
    | StartChapter
    | Invite
    | Uninvite
    | MakeCode
    | FreeSeat
    | SetAccess
    | InviteFriend
)


class LogLine(msgspec.Struct, frozen=True):
    """One step as the log shows it: who, what was done, and what happened."""

    who: str | None
    label: str
    told: list[str]


class SeatInfo(msgspec.Struct, frozen=True):
    name: str
    account: str
    """The account holding the seat; "" while it is open, or for a bot."""
    bot: str
    """The bot's name when a bot plays the seat, else ""."""
    away: bool
    """A person holds the seat but is not connected."""


class Welcome(msgspec.Struct, tag="welcome"):
    table: str
    game: str
    players: list[str]
    options: dict[str, Any]
    seat: int | None
    """The seat this connection plays; None for a spectator."""
    owner: bool
    campaign: bool = False
    """The table plays a whole campaign of the Book, chapter after chapter."""


class CampaignNews(msgspec.Struct, frozen=True):
    """Where a campaign table's campaign stands."""

    record: bytes
    """The app's campaign save as it stands (no chapter in play in it); b"" in the updates
    of a chapter after a connection's first (it changes only when a chapter ends)."""
    attempt: int
    """How many chapter attempts the campaign has recorded: the chapter played now (or just
    ended) is the next one after that many."""
    between: bool
    """The chapter is over and the table waits for its players to be ready for the next."""
    ready: list[bool]
    """Each seat's "ready" between chapters."""


class TableAccess(msgspec.Struct, frozen=True):
    """Who may come to a table: sent to its owner only."""

    open_to_all: bool
    watching: bool
    invited: list[str]
    """The accounts invited by name (or by a code they used), not yet at a seat."""
    codes: list[str]
    """The one-time codes not used yet."""


class Update(msgspec.Struct, tag="update"):
    """Everything the connection's screen shows, for its seat only."""

    step: int
    public: Any
    """The spectator's view: what everyone at the table may see."""
    view: Any
    """This seat's view; None for a spectator."""
    to_move: int | None
    prompt: str
    """What is being decided, for the seat that decides; "" for everyone else."""
    actions: list[str]
    """The legal actions, for the seat that decides only."""
    outcome: Any
    summary: str
    """The end-of-game summary once the match is over."""
    turn: int
    lines: list[LogLine]
    """Log lines this connection has not been sent yet."""
    seats: list[SeatInfo]
    spectators: int
    closed: bool
    finished: bytes | None = None
    """Once the match is over, its whole save (nothing is hidden any more), so every seat
    and spectator can review it; None before then, or when it is over the size sent."""
    campaign: CampaignNews | None = None
    """At a campaign table: the campaign's progress; None at any other table."""
    access: TableAccess | None = None
    """Who may come to the table: the owner's updates only; None in everyone else's."""


class Dismissed(msgspec.Struct, tag="dismissed"):
    """This connection is no longer at the table (the owner freed its seat, or stopped
    letting it watch), and why; the server then hangs up."""

    reason: str


class Refused(msgspec.Struct, tag="refused"):
    """A message the server would not carry out, and why; ``fatal`` ends the connection."""

    reason: str
    fatal: bool = False


class Opened(msgspec.Struct, tag="opened"):
    table: str


class TableEntry(msgspec.Struct, frozen=True):
    """A table as the "Join a table" list shows it."""

    name: str
    game: str
    owner: str
    seats: list[SeatInfo]
    open_seats: int
    spectators: int
    watchable: bool
    mine: bool
    """The asking account holds a seat there."""
    campaign: str = ""
    """At a campaign table, its progress ("chapter 2, corruption 3/15"); else ""."""
    campaign_id: str = ""
    """At a campaign table where the asking account holds a seat, the campaign's id (its
    save's name), so that the app offers the table rather than a second copy of it."""
    open_to_all: bool = False
    """Anyone may take its open seats (else only those its owner invited)."""


class Tables(msgspec.Struct, tag="tables"):
    tables: list[TableEntry]


class FriendInvited(msgspec.Struct, tag="friend-invited"):
    """The invitation made: its code, when it expires (``time.time()``), and how many of
    this account's invitations wait, this one included."""

    code: str
    expires: float
    waiting: int


ServerMessage = Welcome | Update | Refused | Opened | Tables | Dismissed | FriendInvited


class ProtocolError(ValueError):
    """A message that breaks the protocol (too long, not MessagePack, not a known message)."""


_client_decoder = msgspec.msgpack.Decoder(ClientMessage)
_server_decoder = msgspec.msgpack.Decoder(ServerMessage)
_encoder = msgspec.msgpack.Encoder()


def frame(message: ClientMessage | ServerMessage) -> bytes:
    body = _encoder.encode(message)
    return _LENGTH.pack(len(body)) + body


async def read_frame(reader: asyncio.StreamReader, limit: int) -> bytes | None:
    """The next message's bytes; None at a clean end of the stream."""
    try:
        head = await reader.readexactly(_LENGTH.size)
    except asyncio.IncompleteReadError as error:
        if error.partial:
            raise ProtocolError("the stream ended inside a message") from None
        return None
    (length,) = _LENGTH.unpack(head)
    if length > limit:
        raise ProtocolError(f"a message of {length} bytes is over the limit of {limit}")
    try:
        return await reader.readexactly(length)
    except asyncio.IncompleteReadError:
        raise ProtocolError("the stream ended inside a message") from None


def decode_client(data: bytes) -> ClientMessage:
    try:
        return _client_decoder.decode(data)
    except msgspec.DecodeError as error:  # ValidationError is a DecodeError
        raise ProtocolError(f"not a message: {error}") from None


def decode_server(data: bytes) -> ServerMessage:
    try:
        return _server_decoder.decode(data)
    except msgspec.DecodeError as error:
        raise ProtocolError(f"not a message: {error}") from None
