"""Who may register a name (issue 48): open, by invitation (the default) or closed; at most
three names a key; names never used again are freed after thirty days."""

from __future__ import annotations

import logging
import re
import sqlite3
from pathlib import Path

import asyncssh
import pytest

from ringbearer_tui.cli import main
from ringbearer_tui.server.accounts import (
    INVITATION,
    UNUSED_DAYS,
    AccountError,
    AccountStore,
    split_invitation,
)
from ringbearer_tui.server.config import ServeConfig
from ringbearer_tui.server.database import DATABASE_NAME

from .conftest import StartServer, connect

DAY = 86400.0


def new_key() -> asyncssh.SSHKey:
    return asyncssh.generate_private_key("ssh-ed25519")


def test_invitation_is_the_default_registration() -> None:
    assert ServeConfig(data_dir=Path("x")).registration == "invite"


def test_a_login_name_may_carry_an_invitation_code() -> None:
    assert split_invitation("ann+k3j9fx2q7a") == ("ann", "k3j9fx2q7a")
    assert split_invitation("ann") == ("ann", None)


# -- by invitation, through the server ----------------------------------------------------------


async def test_a_new_name_without_an_invitation_is_told_how_to_get_in(
    make_server: StartServer, data_dir: Path
) -> None:
    server = await make_server(registration="invite")
    client = await connect(server, "ann", new_key())
    await client.wait_for("by invitation")
    assert "connect as NAME+CODE" in client.text()
    assert AccountStore(data_dir).find("ann") is None


async def test_an_invitation_registers_one_name_once_and_the_name_logs_in_plainly_after(
    make_server: StartServer, data_dir: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    server = await make_server(registration="invite")
    code, _ = server.accounts.invite()
    key = new_key()
    client = await connect(server, f"ann+{code}", key)
    await client.wait_for("New game")
    client.drop()
    assert server.accounts.find("ann") is not None
    other = await connect(server, f"bob+{code}", new_key())
    await other.wait_for("unknown, used or expired")
    assert server.accounts.find("bob") is None
    again = await connect(server, "ann", key)
    await again.wait_for("New game")
    again.drop()
    # A code is a secret: the server's log never holds it.
    ours = [r for r in caplog.records if r.name == "ringbearer.serve"]
    assert ours
    assert not any(code in repr(getattr(r, "fields", {})) for r in ours)


def test_an_expired_or_unknown_invitation_registers_nothing(tmp_path: Path) -> None:
    store = AccountStore(tmp_path, registration="invite")
    code, expires = store.invite(now=1000.0, days=7)
    with pytest.raises(AccountError, match="unknown, used or expired"):
        store.authenticate("ann", new_key(), code, now=expires + 1)
    with pytest.raises(AccountError, match="unknown, used or expired"):
        store.authenticate("ann", new_key(), "zzzzzzzzzz", now=1001.0)
    assert store.find("ann") is None
    # Still good within its days.
    store.authenticate("ann", new_key(), code, now=expires - 1)


async def test_a_closed_server_registers_nobody(make_server: StartServer, data_dir: Path) -> None:
    server = await make_server(registration="closed")
    code, _ = server.accounts.invite()
    client = await connect(server, f"ann+{code}", new_key())
    await client.wait_for("takes no new accounts")
    assert AccountStore(data_dir).find("ann") is None


def test_serve_invite_prints_codes_the_server_takes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--data-dir", str(tmp_path), "serve", "invite", "--invitations", "2"]) == 0
    out = capsys.readouterr().out
    codes = re.findall(r"THEIR-NAME\+(\w+)@", out)
    assert len(codes) == 2
    assert all(INVITATION.fullmatch(code) for code in codes)
    store = AccountStore(tmp_path / "server", registration="invite")
    store.authenticate("ann", new_key(), codes[0])
    assert (tmp_path / "server" / DATABASE_NAME).stat().st_mode & 0o077 == 0


# -- names a key may hold -----------------------------------------------------------------------


def test_one_key_registers_at_most_three_names(tmp_path: Path) -> None:
    store = AccountStore(tmp_path)
    key = new_key()
    for name in ("ann", "bob", "cid"):
        store.authenticate(name, key)
    with pytest.raises(AccountError, match="registered 3 accounts already"):
        store.authenticate("dee", key)
    assert store.find("dee") is None
    store.authenticate("dee", new_key())  # another key may


async def test_a_key_past_its_names_gets_no_game_slot(
    make_server: StartServer, data_dir: Path
) -> None:
    server = await make_server(registration="open")
    key = new_key()
    for name in ("ann", "bob", "cid"):
        client = await connect(server, name, key)
        await client.wait_for("New game")
        client.drop()
    fourth = await connect(server, "dee", key)
    await fourth.wait_for("registered 3 accounts already")
    assert AccountStore(data_dir).find("dee") is None


# -- unused names are freed ---------------------------------------------------------------------


def test_a_name_never_used_again_is_freed_after_thirty_days_with_its_folder(
    tmp_path: Path,
) -> None:
    store = AccountStore(tmp_path)
    taken = store.authenticate("ann", new_key(), now=0.0)
    used_key = new_key()
    store.authenticate("bob", used_key, now=0.0)
    store.authenticate("bob", used_key, now=5 * DAY)  # came back once
    store.authenticate("cid", new_key(), now=0.0)
    assert store.expire_unused(lambda name: False, now=(UNUSED_DAYS - 1) * DAY) == []
    freed = store.expire_unused(lambda name: name == "cid", now=(UNUSED_DAYS + 1) * DAY)
    assert freed == ["ann"]
    assert store.find("ann") is None
    assert not taken.folder.exists()
    assert store.find("bob") is not None
    assert store.find("cid") is not None  # in use (a table seat, say)


def test_a_database_of_the_first_schema_is_upgraded_and_its_accounts_never_expire(
    tmp_path: Path,
) -> None:
    with sqlite3.connect(tmp_path / DATABASE_NAME) as old:
        old.executescript(
            "CREATE TABLE accounts (username TEXT PRIMARY KEY, id TEXT NOT NULL UNIQUE);"
            "INSERT INTO accounts VALUES ('ann', '9e914426e1b846ab92c757a5223e0524');"
            "PRAGMA user_version=1;"
        )
    store = AccountStore(tmp_path)
    assert store.find("ann") is not None
    assert store.expire_unused(lambda name: False, now=1e12) == []
    store.authenticate("bob", new_key())
    assert store.usernames() == ["ann", "bob"]
    with sqlite3.connect(tmp_path / DATABASE_NAME) as upgraded:
        assert upgraded.execute("PRAGMA user_version").fetchone() == (2,)
