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
    data_dir: Path
    max_sessions: int = 20
    idle_timeout: float = 1800.0
    max_session_time: float = 4 * 3600.0
    allow_guests: bool = False
    log_format: Literal["text", "json"] = "text"
    login_timeout: float = 30.0
    keepalive_interval: float = 30.0
    connections_per_minute: int = 10
    """Per client address."""
    hangup_grace: float = 5.0
    """Seconds a hung-up game has to save and exit before it is killed."""
    table_bot_delay: float = 0.5
    """Seconds a bot at a shared table waits before it moves, so people can follow."""
