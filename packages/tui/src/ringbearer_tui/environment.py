"""The environment variables by which ``ringbearer serve`` tells a game process it is served.

The server sets them for each game it starts; the game reads them. Both sides take the names
from here, and this module imports nothing heavy: ``__main__`` reads it before anything else.
"""

from __future__ import annotations

import os
from pathlib import Path

CLAIM_TTY_ENV = "RINGBEARER_CLAIM_TTY"
"""Set to ``1``: the game was started in a new session and should take its PTY as its
controlling terminal."""
ACCOUNT_ENV = "RINGBEARER_ACCOUNT"
"""The username of the account playing."""
KEYS_FILE_ENV = "RINGBEARER_KEYS_FILE"
"""The account's authorized-keys file, shown and edited on the Account screen (not for
guests)."""
TABLE_SOCKET_ENV = "RINGBEARER_TABLE_SOCKET"
"""The server's table socket, where the game opens, joins and plays shared tables."""
TABLE_TOKEN_ENV = "RINGBEARER_TABLE_TOKEN"
"""The secret by which the table socket knows this game's account (the game never names it)."""
REGISTRATION_ENV = "RINGBEARER_REGISTRATION"
"""The server's registration of new names: ``open``, ``invite`` or ``closed``."""

SSH_HOST_ENV = "RINGBEARER_SSH_HOST"
"""The host name (or address) players reach the server by: ``ringbearer serve
--public-host``, else the address this player's connection came in on."""
SSH_PORT_ENV = "RINGBEARER_SSH_PORT"
"""The port players reach the server on: ``--public-port``, else the one it listens on."""


def ssh_command(*words: str, user: str = "") -> str:
    """The ``ssh`` command that runs ``words`` on the server serving this app (as ``user``,
    if given), to be pasted as it is: ``ssh -t -p 2222 games.example.org join 7f3k``, no
    ``-p`` on port 22, no ``-t`` when it runs nothing. Not served (or served by a server too
    old to say), the host reads ``HOST``."""
    port = os.environ.get(SSH_PORT_ENV, "22")
    host = f"{user}@{ssh_host()}" if user else ssh_host()
    tty = ["-t"] if words else []
    on_port = ["-p", port] if port != "22" else []
    return " ".join(["ssh", *tty, *on_port, host, *words])


def ssh_host() -> str:
    """The host name players reach the serving server by (``HOST`` when unknown)."""
    return os.environ.get(SSH_HOST_ENV) or "HOST"


def served_keys_file() -> Path | None:
    """The account's key file when the app runs under ``ringbearer serve``."""
    value = os.environ.get(KEYS_FILE_ENV)
    return Path(value) if value else None


def served_account() -> str:
    """The served account's username, or ``""`` when not served."""
    return os.environ.get(ACCOUNT_ENV, "")


def table_access() -> tuple[Path, str] | None:
    """The table socket and this game's token, when served by a server that has tables."""
    socket, token = os.environ.get(TABLE_SOCKET_ENV), os.environ.get(TABLE_TOKEN_ENV)
    return (Path(socket), token) if socket and token else None


def served_registration() -> str:
    """How the server registers new names (``open``, ``invite``, ``closed``); "" if not
    served."""
    return os.environ.get(REGISTRATION_ENV, "")
