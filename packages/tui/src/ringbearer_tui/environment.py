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
SSH_ADDRESS_ENV = "RINGBEARER_SSH_ADDRESS"
"""``HOST PORT``: where this player reached the server, for the commands the app prints."""
REGISTRATION_ENV = "RINGBEARER_REGISTRATION"
"""The server's registration of new names: ``open``, ``invite`` or ``closed``."""


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


def ssh_command(user: str, command: str = "") -> str:
    """The ``ssh`` command that reaches this server as ``user`` (running ``command``), with
    the host and port the player reached it at; ``HOST`` when the app is not served."""
    host, _, port = os.environ.get(SSH_ADDRESS_ENV, "").partition(" ")
    where = f"-p {port} {user}@{host}" if host and port.isdigit() else f"{user}@HOST"
    return f"ssh -t {where} {command}" if command else f"ssh {where}"
