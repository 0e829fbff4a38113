"""Bounds on what one SSH connection can make the server do, where asyncssh has no setting.

asyncssh lets a client start a new key exchange whenever it likes, keeps every ``env``
request it is sent, opens as many session channels as it is asked for and hands every window
change on. All of that runs in the one event loop that serves every player, so one hostile
connection could slow every game. :func:`guard` is called as each connection is made and
installs these bounds on it:

- **Key exchanges**: the first one is the handshake; the client may start no other before it
  has logged in, and only :attr:`Guard.rekeys_per_hour` after (OpenSSH clients re-key after
  about a gigabyte, PuTTY once an hour). The server's own re-keys are its own affair.
- **Session channels**: one per connection; another is refused when it is opened, before
  anything is made for it.
- **Channel requests**: ``env`` is refused and nothing of it is kept (the game reads no
  variable of the client's); window changes are coalesced, so a flood of them is one resize
  every :data:`RESIZE_EVERY` seconds; and a connection that sends requests faster than
  :data:`REQUEST_RATE` a second past a burst of :data:`REQUEST_BURST` is cut off.

These hooks use asyncssh's per-connection packet tables, which are not part of its
documented interface: :func:`check_supported` says at the server's start whether the installed
asyncssh still has them, and the SSH tests exercise each bound with real clients.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import asyncssh
from asyncssh.constants import MSG_CHANNEL_REQUEST, MSG_KEXINIT
from asyncssh.packet import SSHPacket, UInt32

from .limits import InputBudget

REQUEST_RATE = 20
"""Channel requests a second a connection may keep up (a window dragged wide sends dozens)."""
REQUEST_BURST = 400
RESIZE_EVERY = 0.05
"""Seconds between the window sizes passed to a game while the client sends a flood of them."""
ONE_SESSION = "One session per connection"
SECOND_SESSION = "second session"
"""The refusal that leaves the connection open (its first session goes on)."""


class Refused(asyncssh.DisconnectError):
    """Raised in a packet handler: asyncssh then sends this disconnect and closes."""

    def __init__(self, reason: str) -> None:
        super().__init__(asyncssh.DISC_BY_APPLICATION, reason)


@dataclass
class Guard:
    """The bounds of one connection, and what it has used of them."""

    rekeys_per_hour: int = 4
    logged_in: Callable[[], bool] = lambda: False
    on_refusal: Callable[[str], None] = lambda why: None
    """Told why, each time the guard refuses something (for the log)."""
    handshake_done: bool = False
    rekeys: deque[float] = field(default_factory=deque)
    sessions: int = 0
    requests: InputBudget = field(default_factory=lambda: InputBudget(REQUEST_RATE, REQUEST_BURST))
    refusal: str | None = None
    """A sentence to refuse the connection with, once the client has sent its first key
    exchange message: a client that is still sending as it is refused reports a broken pipe
    instead of the sentence."""

    def allow_key_exchange(self, server_asked: bool, now: float | None = None) -> str | None:
        """Why a key exchange the client starts now is refused, or ``None``."""
        if not self.handshake_done:
            self.handshake_done = True
            return None
        if server_asked:  # the client answers a re-key the server started
            return None
        if not self.logged_in():
            return "a new key exchange before logging in"
        moment = time.monotonic() if now is None else now
        while self.rekeys and moment - self.rekeys[0] >= 3600.0:
            self.rekeys.popleft()
        if len(self.rekeys) >= self.rekeys_per_hour:
            return f"more than {self.rekeys_per_hour} key exchanges in an hour"
        self.rekeys.append(moment)
        return None

    def allow_request(self) -> str | None:
        """Why one more channel request is refused, or ``None``."""
        if self.requests.wait_for(1):
            return "too many channel requests"
        return None


def check_supported() -> str | None:
    """Why the installed asyncssh cannot carry the guard, or ``None`` when it can."""
    server_connection = asyncssh.SSHServerConnection
    channel = asyncssh.SSHServerChannel
    needed = [
        (server_connection, "_packet_handlers"),
        (server_connection, "create_server_channel"),
        (channel, "_packet_handlers"),
        (channel, "_process_env_request"),
        (channel, "_process_window_change_request"),
    ]
    missing = [
        f"{kind.__name__}.{name}"
        for kind, name in needed
        if not hasattr(kind, name) and name not in getattr(kind, "__annotations__", {})
    ]
    if MSG_KEXINIT not in server_connection._packet_handlers:
        missing.append("a KEXINIT handler")
    if MSG_CHANNEL_REQUEST not in channel._packet_handlers:
        missing.append("a channel request handler")
    if missing:
        return (
            f"asyncssh {asyncssh.__version__} lacks what the server's connection bounds hook "
            f"into ({', '.join(missing)}); install the asyncssh version this release names"
        )
    return None


def guard(connection: asyncssh.SSHServerConnection, bounds: Guard) -> None:
    """Install ``bounds`` on a connection that has just been made."""
    handlers = dict(connection._packet_handlers)
    start_key_exchange = handlers[MSG_KEXINIT]

    def key_exchange(conn: Any, pkttype: int, pktid: int, packet: SSHPacket) -> Any:
        if bounds.refusal is not None:
            raise asyncssh.DisconnectError(asyncssh.DISC_TOO_MANY_CONNECTIONS, bounds.refusal)
        # The server sent its own KEXINIT first when it is the one re-keying.
        why = bounds.allow_key_exchange(server_asked=bool(conn._kexinit_sent))
        if why is not None:
            bounds.on_refusal(why)
            raise Refused(f"Refused {why}.")
        return start_key_exchange(conn, pkttype, pktid, packet)

    handlers[MSG_KEXINIT] = key_exchange
    connection._packet_handlers = handlers
    make_channel = connection.create_server_channel

    def one_session_channel(*args: Any, **kwargs: Any) -> asyncssh.SSHServerChannel[Any]:
        bounds.sessions += 1
        if bounds.sessions > 1:
            bounds.on_refusal(SECOND_SESSION)
            raise asyncssh.ChannelOpenError(
                asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED, f"{ONE_SESSION}."
            )
        channel = make_channel(*args, **kwargs)
        _guard_channel(channel, bounds)
        return channel

    connection.create_server_channel = one_session_channel  # type: ignore[method-assign]


def _guard_channel(channel: asyncssh.SSHServerChannel[Any], bounds: Guard) -> None:
    handlers = dict(channel._packet_handlers)
    take_request = handlers[MSG_CHANNEL_REQUEST]

    def counted_request(chan: Any, pkttype: int, pktid: int, packet: SSHPacket) -> Any:
        why = bounds.allow_request()
        if why is not None:
            bounds.on_refusal(why)
            raise Refused(f"Refused: {why}.")
        return take_request(chan, pkttype, pktid, packet)

    handlers[MSG_CHANNEL_REQUEST] = counted_request
    channel._packet_handlers = handlers

    def refuse_env(packet: SSHPacket) -> bool:
        packet.get_string()
        packet.get_string()
        packet.check_end()
        return False  # nothing of it is kept: the game reads none of the client's variables

    channel._process_env_request = refuse_env  # type: ignore[method-assign]
    apply_size = channel._process_window_change_request
    latest: list[bytes] = []
    quiet: list[asyncio.TimerHandle] = []
    loop = asyncio.get_running_loop()

    def end_of_quiet() -> None:
        quiet.clear()
        if latest and not channel.is_closing():
            apply_size(SSHPacket(latest.pop()))
            quiet.append(loop.call_later(RESIZE_EVERY, end_of_quiet))
        latest.clear()

    def coalesced_resize(packet: SSHPacket) -> bool:
        # The first size passes at once; those that follow within RESIZE_EVERY wait, and
        # only the last of them is passed on when the quiet ends.
        size = b"".join(UInt32(packet.get_uint32()) for _ in range(4))
        packet.check_end()
        if quiet:
            latest[:] = [size]
            return True
        quiet.append(loop.call_later(RESIZE_EVERY, end_of_quiet))
        return bool(apply_size(SSHPacket(size)))

    channel._process_window_change_request = coalesced_resize  # type: ignore[method-assign]
