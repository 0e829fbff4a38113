"""Accounts: a username, the public keys that may log in as it, and a private folder.

The first key that logs in with a new username registers the account (once the client has
proved it holds the private key, and only for a connection the server admits), as the
server's registration allows: ``open`` to anyone, ``invite`` with a one-time invitation code
(``ssh NAME+CODE@host``), or ``closed``; one key registers at most
:data:`MAX_ACCOUNTS_PER_KEY` names, and a name never logged in with again for
:data:`UNUSED_DAYS` days after it was registered is freed. Later logins need one of its
keys. Each account's folder is named by a random id chosen here, never by anything a client
sends, so no name a client can type reaches another account's files.

Layout under the server's data folder::

    ringbearer.db                    username -> account id (see ``database``)
    accounts/<id>/authorized_keys    OpenSSH public keys, one a line
    accounts/<id>/data/              the app's saves and settings for this account
"""

from __future__ import annotations

import re
import secrets
import shutil
import threading
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Literal

import asyncssh
import msgspec

from ..atomic import write_atomic
from .database import Database

USERNAME = re.compile(r"[a-z][a-z0-9_-]{0,31}")
_ACCOUNT_ID = re.compile(r"[0-9a-f]{32}")
GUEST = "guest"
Registration = Literal["open", "invite", "closed"]
REGISTRATIONS: tuple[Registration, ...] = ("open", "invite", "closed")
MAX_ACCOUNTS_PER_KEY = 3
INVITATION_DAYS = 7
INVITATIONS_PER_ACCOUNT = 3
"""Invitations an account may have waiting (made, not used, not expired) at once."""
UNUSED_DAYS = 30
_CODE_LETTERS = "abcdefghjkmnpqrstuvwxyz23456789"
"""Lowercase letters and digits, less those read for one another (i/l/1, o/0)."""
INVITATION = re.compile(f"[{_CODE_LETTERS}]{{10}}")


def split_invitation(login_name: str) -> tuple[str, str | None]:
    """``("ann", "k3j9...")`` for ``ann+k3j9...``; ``("ann", None)`` for a plain name."""
    name, plus, code = login_name.partition("+")
    return (name, code) if plus else (login_name, None)


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
    def __init__(
        self,
        root: Path,
        database: Database | None = None,
        registration: Registration = "open",
        accounts_per_key: int = MAX_ACCOUNTS_PER_KEY,
    ) -> None:
        self.root = root / "accounts"
        self.database = database or Database(root)
        self.registration = registration
        self.accounts_per_key = accounts_per_key
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

    def authenticate(
        self,
        username: str,
        key: asyncssh.SSHKey,
        invitation: str | None = None,
        now: float | None = None,
    ) -> Account:
        """The account this key may use; registers a new username with its first key, as
        the registration allows.

        Only for a key whose signature has been verified."""
        _check_username(username)
        moment = time.time() if now is None else now
        with self._lock:
            account = self.find(username)
            if account is None:
                return self._register(username, key, invitation, moment)
        _check_key(account, username, key)
        self.database.note_login(username, moment)
        return account

    def _register(
        self, username: str, key: asyncssh.SSHKey, invitation: str | None, now: float
    ) -> Account:
        if self.registration == "closed":
            raise AccountError("this server takes no new accounts; ask its host")
        fingerprint = key.get_fingerprint()
        if self.database.accounts_registered_by(fingerprint) >= self.accounts_per_key:
            raise AccountError(
                f"this key has registered {self.accounts_per_key} accounts already, "
                "the most one key may"
            )
        if self.registration == "invite":
            if invitation is None:
                raise AccountError(
                    "this server is by invitation: ask its host or a player for a code, "
                    "and connect as NAME+CODE"
                )
            if not self.database.use_invitation(invitation, username, now):
                raise AccountError("that invitation code is unknown, used or expired")
        ident = uuid.uuid4().hex
        account = Account(username, ident, self.root / ident)
        account.data.mkdir(parents=True, exist_ok=True)
        write_atomic(account.keys_file, (key_line(key) + "\n").encode(), keep_backup=False)
        if not self.database.add_account(username, ident, fingerprint, now):
            # Another server process registered the name first: that account stands.
            shutil.rmtree(account.folder, ignore_errors=True)
            if invitation is not None and self.registration == "invite":
                self.database.give_back_invitation(invitation)
            raise AccountError(f"{username!r} was registered a moment ago by another key")
        return account

    def invite(
        self, made_by: str | None = None, days: float = INVITATION_DAYS, now: float | None = None
    ) -> tuple[str, float]:
        """A new one-time invitation code, and when it expires."""
        moment = time.time() if now is None else now
        code = "".join(secrets.choice(_CODE_LETTERS) for _ in range(10))
        expires = moment + days * 86400
        self.database.add_invitation(code, made_by, moment, expires)
        return code, expires

    def invite_friend(self, username: str, now: float | None = None) -> tuple[str, float]:
        """A one-time invitation an account makes for a friend (from the Account screen):
        only when the server registers by invitation, and at most
        :data:`INVITATIONS_PER_ACCOUNT` waiting at once."""
        moment = time.time() if now is None else now
        if self.registration == "open":
            raise AccountError(
                "this server registers anyone who connects: your friend needs no code"
            )
        if self.registration == "closed":
            raise AccountError("this server takes no new accounts; ask its host")
        with self._lock:
            waiting = self.database.open_invitations_by(username, moment)
            if len(waiting) >= INVITATIONS_PER_ACCOUNT:
                codes = ", ".join(code for code, _ in waiting)
                raise AccountError(
                    f"you have {len(waiting)} invitations waiting ({codes}), as many as one "
                    f"account may: each is free again when it is used or after {INVITATION_DAYS} "
                    "days"
                )
            return self.invite(made_by=username, now=moment)

    def expire_unused(self, in_use: Callable[[str], bool], now: float | None = None) -> list[str]:
        """Free the names registered over :data:`UNUSED_DAYS` days ago and never logged in
        with since, with their folders, unless ``in_use`` says the name is (a table seat,
        a game being played); the names freed."""
        moment = time.time() if now is None else now
        freed = []
        for username, ident in self.database.unused_accounts(moment - UNUSED_DAYS * 86400):
            if in_use(username) or not _ACCOUNT_ID.fullmatch(ident):
                continue
            self.database.forget_account(username)
            shutil.rmtree(self.root / ident, ignore_errors=True)
            freed.append(username)
        return freed

    def usernames(self) -> list[str]:
        return self.database.usernames()


def _check_username(username: str) -> None:
    if username == GUEST:
        raise AccountError("'guest' is kept for guest logins")
    if not valid_username(username):
        raise AccountError(
            "a username is 1-32 lowercase letters, digits, - or _, starting with a letter"
        )


def wrong_key(username: str, key: asyncssh.SSHKey) -> str:
    """What a client whose signed key is not ``username``'s is told (short lines).

    Only once it has signed: a bare "would this key do?" is answered alike whether or not the
    name is taken. After a signature the answer differs anyway (a free name logs in, or is told
    it needs an invitation), so saying why tells nobody more than they could learn already."""
    return (
        f"{username!r} does not log in with the key you offered,\n"
        f"  {key.get_fingerprint()}.\n"
        f"If {username} is yours, use its key (ssh -i ~/.ssh/KEY ...), or add this one\n"
        "on its Account screen; else choose another name.\n"
    )


def _check_key(account: Account, username: str, key: asyncssh.SSHKey) -> None:
    if not any(same_key(key, known) for known in read_keys(account.keys_file)):
        raise AccountError(f"this key is not registered for {username!r}")
