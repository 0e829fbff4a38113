"""Accounts and tables in SQLite, and the move from the JSON index of earlier versions.

``legacy_data/`` is a data folder written by the account store of the release before the
database (its ``index.json`` and key files), with the two test-only keys that registered it.
"""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import asyncssh
import pytest

from ringbearer_tui.server.accounts import AccountError, AccountStore
from ringbearer_tui.server.database import DATABASE_NAME, Database

LEGACY = Path(__file__).parent / "legacy_data"
LEGACY_IDS = {"ann": "9e914426e1b846ab92c757a5223e0524", "bo": "6a330217b6444cc782d79a8f57bc0e5c"}


@pytest.fixture
def legacy_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "server"
    shutil.copytree(LEGACY / "server", folder)
    return folder


def legacy_key(name: str) -> asyncssh.SSHKey:
    return asyncssh.import_private_key((LEGACY / f"{name}_test_key").read_bytes())


def test_accounts_of_a_json_index_keep_their_folders_and_keys(legacy_folder: Path) -> None:
    store = AccountStore(legacy_folder)
    assert store.usernames() == ["ann", "bo"]
    for name, ident in LEGACY_IDS.items():
        account = store.authenticate(name, legacy_key(name))
        assert account.id == ident
        assert account.keys_file.is_file()
    with pytest.raises(AccountError, match="not registered"):
        store.authenticate("ann", legacy_key("bo"))
    index = legacy_folder / "accounts" / "index.json"
    assert not index.exists()
    assert index.with_name("index.json.migrated").is_file()


def test_the_migration_runs_once_and_new_accounts_join_the_old(legacy_folder: Path) -> None:
    AccountStore(legacy_folder).authenticate("cy", asyncssh.generate_private_key("ssh-ed25519"))
    again = AccountStore(legacy_folder)
    assert again.usernames() == ["ann", "bo", "cy"]
    found = again.find("ann")
    assert found is not None
    assert found.id == LEGACY_IDS["ann"]


def test_a_damaged_index_is_left_as_it_was(tmp_path: Path) -> None:
    index = tmp_path / "accounts" / "index.json"
    index.parent.mkdir(parents=True)
    index.write_bytes(b'{"ann": ')
    store = AccountStore(tmp_path)
    assert store.usernames() == []
    assert index.read_bytes() == b'{"ann": '


def test_the_database_is_in_wal_mode(tmp_path: Path) -> None:
    Database(tmp_path)
    with sqlite3.connect(tmp_path / DATABASE_NAME) as connection:
        assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
