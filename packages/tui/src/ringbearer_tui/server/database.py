"""The server's records in SQLite: accounts (username and folder id) and shared tables.

One file, ``ringbearer.db`` in the server's data folder, in WAL mode, so a reader never waits
for the writer. Keys stay in each account's ``authorized_keys`` (the player edits them from
the app) and saves stay files; only the index lives here. A data folder made before this
file existed keeps its accounts: the old ``accounts/index.json`` is read in once and kept,
renamed, beside it.
"""

from __future__ import annotations

import re
import sqlite3
import threading
from pathlib import Path

import msgspec

DATABASE_NAME = "ringbearer.db"
SCHEMA_VERSION = 2
"""1: accounts and tables. 2: when an account was registered, by which key and when it last
logged in, and invitations."""
_ACCOUNT_ID = re.compile(r"[0-9a-f]{32}")
_SCHEMA = """
CREATE TABLE IF NOT EXISTS accounts (
    username TEXT PRIMARY KEY,
    id TEXT NOT NULL UNIQUE
);
CREATE TABLE IF NOT EXISTS invitations (
    code TEXT PRIMARY KEY,
    made REAL NOT NULL,
    expires REAL NOT NULL,
    made_by TEXT,
    used_by TEXT
);
CREATE TABLE IF NOT EXISTS tables (
    name TEXT PRIMARY KEY,
    record BLOB NOT NULL,
    closed INTEGER NOT NULL DEFAULT 0
);
"""


class Database:
    """A connection to the server's database, safe to share between threads."""

    def __init__(self, root: Path) -> None:
        root.mkdir(parents=True, exist_ok=True)
        self.path = root / DATABASE_NAME
        self._lock = threading.Lock()
        self._connection = sqlite3.connect(
            self.path, isolation_level=None, check_same_thread=False, timeout=10.0
        )
        with self._lock:
            self._connection.execute("PRAGMA journal_mode=WAL")
            self._connection.executescript(_SCHEMA)
            self._upgrade()
            self._connection.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        self._migrate_account_index(root / "accounts" / "index.json")

    def _upgrade(self) -> None:
        """Bring a database of an earlier schema up to this one (under the lock)."""
        columns = {row[1] for row in self._connection.execute("PRAGMA table_info(accounts)")}
        # Accounts from before version 2 have no dates: they count as used, and never expire.
        for name, kind in (
            ("registered_key", "TEXT"),
            ("registered", "REAL"),
            ("last_login", "REAL"),
        ):
            if name not in columns:
                self._connection.execute(f"ALTER TABLE accounts ADD COLUMN {name} {kind}")

    def _migrate_account_index(self, index_file: Path) -> None:
        """Read in the JSON index that kept accounts before this database did."""
        try:
            data = index_file.read_bytes()
        except FileNotFoundError:
            return
        try:
            index = msgspec.json.decode(data, type=dict[str, str])
        except msgspec.DecodeError:
            return  # left in place, untouched, for a person to look at
        with self._lock:
            self._connection.execute("BEGIN IMMEDIATE")
            try:
                for username, ident in index.items():
                    if _ACCOUNT_ID.fullmatch(ident):
                        self._connection.execute(
                            "INSERT OR IGNORE INTO accounts (username, id) VALUES (?, ?)",
                            (username, ident),
                        )
                self._connection.execute("COMMIT")
            except BaseException:
                self._connection.execute("ROLLBACK")
                raise
        index_file.rename(index_file.with_name("index.json.migrated"))

    # -- accounts -------------------------------------------------------------------------------

    def account_id(self, username: str) -> str | None:
        with self._lock:
            row = self._connection.execute(
                "SELECT id FROM accounts WHERE username = ?", (username,)
            ).fetchone()
        return None if row is None else str(row[0])

    def add_account(
        self, username: str, ident: str, key: str | None = None, now: float | None = None
    ) -> bool:
        """Record a new account (with the fingerprint of the key that registered it, and
        when); False if the name was taken meanwhile."""
        with self._lock:
            cursor = self._connection.execute(
                "INSERT OR IGNORE INTO accounts "
                "(username, id, registered_key, registered, last_login) VALUES (?, ?, ?, ?, ?)",
                (username, ident, key, now, now),
            )
        return cursor.rowcount == 1

    def accounts_registered_by(self, key: str) -> int:
        """How many accounts this key (by fingerprint) registered."""
        with self._lock:
            row = self._connection.execute(
                "SELECT COUNT(*) FROM accounts WHERE registered_key = ?", (key,)
            ).fetchone()
        return int(row[0])

    def note_login(self, username: str, now: float) -> None:
        with self._lock:
            self._connection.execute(
                "UPDATE accounts SET last_login = ? WHERE username = ?", (now, username)
            )

    def unused_accounts(self, registered_before: float) -> list[tuple[str, str]]:
        """(username, id) of the accounts registered before then and never logged in since."""
        with self._lock:
            rows = self._connection.execute(
                "SELECT username, id FROM accounts WHERE registered IS NOT NULL "
                "AND registered < ? AND last_login <= registered ORDER BY username",
                (registered_before,),
            )
            return [(str(name), str(ident)) for name, ident in rows]

    def forget_account(self, username: str) -> None:
        with self._lock:
            self._connection.execute("DELETE FROM accounts WHERE username = ?", (username,))

    # -- invitations ----------------------------------------------------------------------------

    def add_invitation(self, code: str, made_by: str | None, now: float, expires: float) -> None:
        with self._lock:
            self._connection.execute(
                "INSERT INTO invitations (code, made, expires, made_by) VALUES (?, ?, ?, ?)",
                (code, now, expires, made_by),
            )

    def use_invitation(self, code: str, username: str, now: float) -> bool:
        """Take a one-time invitation for ``username``; False if there is no such code, or it
        has been used or has expired."""
        with self._lock:
            cursor = self._connection.execute(
                "UPDATE invitations SET used_by = ? "
                "WHERE code = ? AND used_by IS NULL AND expires > ?",
                (username, code, now),
            )
        return cursor.rowcount == 1

    def give_back_invitation(self, code: str) -> None:
        """An invitation taken for a registration that did not happen after all."""
        with self._lock:
            self._connection.execute(
                "UPDATE invitations SET used_by = NULL WHERE code = ?", (code,)
            )

    def open_invitations(self, now: float) -> list[tuple[str, float, str | None]]:
        """(code, expires, made_by) of the invitations that may still be used."""
        with self._lock:
            rows = self._connection.execute(
                "SELECT code, expires, made_by FROM invitations "
                "WHERE used_by IS NULL AND expires > ? ORDER BY made",
                (now,),
            )
            return [(str(c), float(e), None if m is None else str(m)) for c, e, m in rows]

    def open_invitations_by(self, made_by: str, now: float) -> list[tuple[str, float]]:
        """(code, expires) of the invitations ``made_by`` made that may still be used."""
        with self._lock:
            rows = self._connection.execute(
                "SELECT code, expires FROM invitations "
                "WHERE made_by = ? AND used_by IS NULL AND expires > ? ORDER BY made",
                (made_by, now),
            )
            return [(str(code), float(expires)) for code, expires in rows]

    def usernames(self) -> list[str]:
        with self._lock:
            rows = self._connection.execute("SELECT username FROM accounts ORDER BY username")
            return [str(row[0]) for row in rows]

    # -- tables ---------------------------------------------------------------------------------

    def put_table(self, name: str, record: bytes, closed: bool) -> None:
        with self._lock:
            self._connection.execute(
                "INSERT INTO tables (name, record, closed) VALUES (?, ?, ?) "
                "ON CONFLICT (name) DO UPDATE SET record = excluded.record, "
                "closed = excluded.closed",
                (name, record, int(closed)),
            )

    def open_tables(self) -> list[tuple[str, bytes]]:
        with self._lock:
            rows = self._connection.execute(
                "SELECT name, record FROM tables WHERE closed = 0 ORDER BY name"
            )
            return [(str(name), bytes(record)) for name, record in rows]

    def table_names(self) -> set[str]:
        with self._lock:
            return {str(row[0]) for row in self._connection.execute("SELECT name FROM tables")}

    def close(self) -> None:
        with self._lock:
            self._connection.close()
