"""Accounts: a username, the public keys that may log in as it, and a private folder.

The first key that logs in with a new username registers the account (once the client has
proved it holds the private key, and only for a connection the server admits); later logins
need one of its keys. Each account's folder is named by a random id chosen here, never by
anything a client sends, so no name a client can type reaches another account's files.

Layout under the server's data folder::

    ringbearer.db                    username -> account id (see ``database``)
    accounts/<id>/authorized_keys    OpenSSH public keys, one a line
    accounts/<id>/data/              the app's saves and settings for this account
"""

from __future__ import annotations

import re
import threading
import uuid
from pathlib import Path

import asyncssh
import msgspec

from ..atomic import write_atomic
from .database import Database

USERNAME = re.compile(r"[a-z][a-z0-9_-]{0,31}")
_ACCOUNT_ID = re.compile(r"[0-9a-f]{32}")
GUEST = "guest"


class Account(msgspec.Struct, frozen=True):
    username: str
    id: str
    folder: Path

    @property
    def keys_file(self) -> Path:
        return self.folder / "authorized_keys"

    @property
    def data(self) -> Path:
        return self.folder / "data"


class AccountError(ValueError):
    """A login that cannot be accepted, with the reason."""


def valid_username(name: str) -> bool:
    return USERNAME.fullmatch(name) is not None


def key_line(key: asyncssh.SSHKey) -> str:
    return key.export_public_key("openssh").decode().strip()


def same_key(one: asyncssh.SSHKey, other: asyncssh.SSHKey) -> bool:
    """Whether two keys are one key: by type and blob, whatever comment either carries."""
    return one.public_data == other.public_data


def read_keys(path: Path) -> list[asyncssh.SSHKey]:
    """The valid keys in an authorized-keys file (lines that do not parse are skipped)."""
    try:
        lines = path.read_text().splitlines()
    except FileNotFoundError:
        return []
    keys = []
    for line in lines:
        if line.strip() and not line.startswith("#"):
            try:
                keys.append(asyncssh.import_public_key(line.strip()))
            except (asyncssh.KeyImportError, ValueError):
                continue
    return keys


class AccountStore:
    def __init__(self, root: Path, database: Database | None = None) -> None:
        self.root = root / "accounts"
        self.database = database or Database(root)
        self._lock = threading.Lock()

    def find(self, username: str) -> Account | None:
        ident = self.database.account_id(username)
        if ident is None or not _ACCOUNT_ID.fullmatch(ident):
            return None
        return Account(username, ident, self.root / ident)

    def check_name(self, username: str) -> None:
        """Refuse (with the reason) a name no account can have; what is registered aside."""
        _check_username(username)

    def check(self, username: str, key: asyncssh.SSHKey) -> None:
        """Refuse (with the reason) a key that may not log in as ``username``; change nothing.

        Asked once the client has signed with the key, and before its account is looked
        up or registered, so it must never register anything."""
        _check_username(username)
        account = self.find(username)
        if account is not None:
            _check_key(account, username, key)

    def authenticate(self, username: str, key: asyncssh.SSHKey) -> Account:
        """The account this key may use; registers a new username with its first key.

        Only for a key whose signature has been verified."""
        _check_username(username)
        with self._lock:
            account = self.find(username)
            if account is None:
                return self._register(username, key)
        _check_key(account, username, key)
        return account

    def _register(self, username: str, key: asyncssh.SSHKey) -> Account:
        ident = uuid.uuid4().hex
        account = Account(username, ident, self.root / ident)
        account.data.mkdir(parents=True, exist_ok=True)
        write_atomic(account.keys_file, (key_line(key) + "\n").encode(), keep_backup=False)
        if not self.database.add_account(username, ident):
            # Another server process registered the name first: that account stands.
            raise AccountError(f"{username!r} was registered a moment ago by another key")
        return account

    def usernames(self) -> list[str]:
        return self.database.usernames()


def _check_username(username: str) -> None:
    if username == GUEST:
        raise AccountError("'guest' is kept for guest logins")
    if not valid_username(username):
        raise AccountError(
            "a username is 1-32 lowercase letters, digits, - or _, starting with a letter"
        )


def _check_key(account: Account, username: str, key: asyncssh.SSHKey) -> None:
    if not any(same_key(key, known) for known in read_keys(account.keys_file)):
        raise AccountError(f"this key is not registered for {username!r}")
