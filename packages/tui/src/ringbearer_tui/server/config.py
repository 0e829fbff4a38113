"""The server's settings, from ``ringbearer serve``'s flags."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Literal

import msgspec

from ..rules_text import GAME_IDS

GAMES = GAME_IDS
"""What an exec request may ask for (``ssh -t host mount-doom``): nothing else runs, but
``join NAME`` and ``watch NAME`` for a shared table (see :func:`table_command`)."""
TABLE_COMMANDS = ("join", "watch")
_TABLE_NAME = re.compile(r"[a-z0-9]{1,16}")


def table_command(command: str) -> list[str] | None:
    """``["join", name]`` or ``["watch", name]`` for such a request; None for anything else."""
    parts = command.split()
    if len(parts) == 2 and parts[0] in TABLE_COMMANDS and _TABLE_NAME.fullmatch(parts[1]):
        return parts
    return None


class ServeConfig(msgspec.Struct, frozen=True, kw_only=True):
    host: str = "127.0.0.1"
    port: int = 2222
    public_host: str = ""
    """The name players reach the server by, for the commands the app prints ("your friends
    join with ssh …"); empty: the address each connection came in on."""
    public_port: int = 0
    """The port players reach the server on, when a router forwards another; 0: ``port``."""
    data_dir: Path
    max_sessions: int = 20
    idle_timeout: float = 1800.0
    max_session_time: float = 4 * 3600.0
    allow_guests: bool = False
    registration: Literal["open", "invite", "closed"] = "invite"
    """Who may register a new name: anyone, whoever has an invitation code (made with
    ``ringbearer serve invite``), or nobody."""
    log_format: Literal["text", "json"] = "text"
    login_timeout: float = 30.0
    keepalive_interval: float = 30.0
    connections_per_minute: int = 10
    """Per client address."""
    hangup_grace: float = 5.0
    """Seconds a hung-up game has to save and exit before it is killed."""
    table_bot_delay: float = 0.5
    """Seconds a bot at a shared table waits before it moves, so people can follow."""
    max_unauthenticated: int = 100
    """Connections still logging in, from all addresses together (OpenSSH's MaxStartups)."""
    max_unauthenticated_per_address: int = 10
    """Connections still logging in from one address (an IPv6 /64 counts as one)."""
    early_drop_from: int = 10
    """Past this many connections logging in, new ones are refused at random: 30% of them,
    rising to all at ``max_unauthenticated`` (OpenSSH's MaxStartups 10:30:100)."""
    handshake_timeout: float = 10.0
    """Seconds from connecting to the first login request (version and key exchange)."""
    penalties: bool = True
    """Refuse for a while an address whose connections keep ending without a login (OpenSSH's
    PerSourcePenalties)."""
    max_auth_tries: int = 6
    """Refused keys a connection may offer before it is closed (OpenSSH's MaxAuthTries)."""
    rekeys_per_hour: int = 4
    """Key exchanges a logged-in client may start in an hour (none before it logs in)."""
    output_stall_timeout: float = 60.0
    """Seconds a client may leave the game's output unread before it is dropped."""
    output_buffer: int = 1 << 20
    """Bytes of game output held for a client that is slow to read; then the game waits."""
    input_rate: int = 8192
    """Bytes per second of keys, mouse and paste passed to a game (bursts of twice that)."""
    key_rate: int = 40
    """Key presses (and mouse reports) a second passed to a game, in bursts of four times
    that; a bracketed paste counts as one. A person types under 30 a second."""
    game_memory: int = 2048
    """MiB of address space each game process may use (RLIMIT_AS); 0 for no limit."""
    max_tables: int = 100
    """Shared tables open at once, from all accounts."""
    max_tables_per_account: int = 5
    """Shared tables one account may have opened and not yet closed."""
    table_expiry: float = 14 * 24 * 3600.0
    """Seconds a table may go without a move or anybody sitting at it before it is closed."""
    zygote: bool = True
    """Fork each game from one process that has imported the app already (see
    :mod:`.zygote`), rather than start a new interpreter per session."""
