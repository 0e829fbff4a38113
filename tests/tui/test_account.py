"""The account screen (only under ``ringbearer serve``): add and remove login keys."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import asyncssh
import pytest
from textual.pilot import Pilot
from textual.widgets import Button, Input, OptionList, Static

from ringbearer_tui.app import RingbearerApp
from ringbearer_tui.dialogs.message import MessageDialog
from ringbearer_tui.environment import (
    REGISTRATION_ENV,
    SSH_HOST_ENV,
    SSH_PORT_ENV,
    TABLE_SOCKET_ENV,
    TABLE_TOKEN_ENV,
)
from ringbearer_tui.paths import AppPaths
from ringbearer_tui.screens.account import AccountScreen
from ringbearer_tui.server.accounts import AccountError, AccountStore, key_line
from ringbearer_tui.server.table_socket import TableSocket
from ringbearer_tui.server.tables import TableService


def new_key() -> asyncssh.SSHKey:
    return asyncssh.generate_private_key("ssh-ed25519")


async def press(pilot: Pilot[None], *keys: str) -> None:
    """Each key in turn, letting the app settle before and after."""
    await pilot.pause()
    for key in keys:
        await pilot.press(key)
        await pilot.pause()


@pytest.fixture
def keys_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "authorized_keys"
    path.write_text(key_line(new_key()) + "\n")
    monkeypatch.setenv("RINGBEARER_KEYS_FILE", str(path))
    monkeypatch.setenv("RINGBEARER_ACCOUNT", "ann")
    return path


async def test_the_menu_offers_the_account_only_when_served(
    quick_settings: AppPaths, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("RINGBEARER_KEYS_FILE", raising=False)
    app = RingbearerApp(quick_settings)
    async with app.run_test() as pilot:
        await pilot.pause()
        assert not app.screen.query("#account")


async def test_a_pasted_key_is_added_and_a_bad_one_refused(
    quick_settings: AppPaths, keys_file: Path
) -> None:
    app = RingbearerApp(quick_settings)
    added = new_key()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert app.screen.query_one("#account", Button)
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, AccountScreen)
        await pilot.press("a")
        await pilot.pause()
        app.screen.query_one(Input).value = "not a key"
        await pilot.press("enter")
        await pilot.pause()
        assert len(keys_file.read_text().splitlines()) == 1
        await pilot.press("a")
        await pilot.pause()
        app.screen.query_one(Input).value = key_line(added)
        await pilot.press("enter")
        await pilot.pause()
        assert key_line(added) in keys_file.read_text().splitlines()
        assert app.screen.query_one(OptionList).option_count == 2


async def test_the_only_key_cannot_be_removed(quick_settings: AppPaths, keys_file: Path) -> None:
    app = RingbearerApp(quick_settings)
    before = keys_file.read_text()
    async with app.run_test(size=(100, 30)) as pilot:
        await press(pilot, "a", "d")
        assert keys_file.read_text() == before
        assert any("only key" in str(n.message) for n in app._notifications)


async def test_a_comment_line_does_not_count_as_a_key_that_logs_in(
    quick_settings: AppPaths, keys_file: Path
) -> None:
    """With one real key and a comment, the real key is still the only one: not removable."""
    only = keys_file.read_text()
    keys_file.write_text("# my laptop\n" + only)
    app = RingbearerApp(quick_settings)
    async with app.run_test(size=(100, 30)) as pilot:
        await press(pilot, "a")
        assert app.screen.query_one(OptionList).option_count == 1
        await press(pilot, "d")
        assert only.strip() in keys_file.read_text()
        assert any("only key" in str(n.message) for n in app._notifications)


async def test_a_removed_key_leaves_no_backup_that_could_log_in(
    quick_settings: AppPaths, keys_file: Path
) -> None:
    first = keys_file.read_text().strip()
    second = key_line(new_key())
    keys_file.write_text(f"{first}\n{second}\n")
    app = RingbearerApp(quick_settings)
    async with app.run_test(size=(100, 30)) as pilot:
        await press(pilot, "a", "d")
        await press(pilot, "y")  # confirm
        assert keys_file.read_text().splitlines() == [second]
        leftovers = [p for p in keys_file.parent.iterdir() if p != keys_file]
        assert not any(first in p.read_text() for p in leftovers if p.is_file())


def test_a_key_added_to_the_account_logs_in(tmp_path: Path) -> None:
    store = AccountStore(tmp_path)
    first, second = new_key(), new_key()
    account = store.authenticate("ann", first)
    with pytest.raises(AccountError, match="not registered"):
        store.authenticate("ann", second)
    with account.keys_file.open("a") as handle:
        handle.write(key_line(second) + "\n")
    assert store.authenticate("ann", second) == account


def test_usernames_are_checked(tmp_path: Path) -> None:
    store = AccountStore(tmp_path)
    for name in ("../etc", "Ann", "", "guest", "a" * 33):
        with pytest.raises(AccountError):
            store.authenticate(name, new_key())
    assert store.usernames() == []


def test_a_key_registered_with_a_comment_logs_in_without_one(tmp_path: Path) -> None:
    """A client offers only the key, never the comment pasted beside it in the file."""
    store = AccountStore(tmp_path)
    first = new_key()
    laptop = asyncssh.generate_private_key("ssh-ed25519", comment="ann@laptop")
    account = store.authenticate("ann", first)
    with account.keys_file.open("a") as handle:
        handle.write(laptop.export_public_key("openssh").decode())
    offered = asyncssh.import_public_key(laptop.export_public_key("openssh")).convert_to_public()
    offered.set_comment(None)
    assert store.authenticate("ann", offered) == account


async def test_the_same_key_cannot_be_added_twice_whatever_its_comment(
    quick_settings: AppPaths, keys_file: Path
) -> None:
    registered = asyncssh.import_public_key(keys_file.read_text().strip())
    again = registered.export_public_key("openssh").decode().strip() + " ann@other-name"
    before = keys_file.read_text()
    app = RingbearerApp(quick_settings)
    async with app.run_test(size=(100, 30)) as pilot:
        await press(pilot, "a", "a")
        app.screen.query_one(Input).value = again
        await press(pilot, "enter")
        assert keys_file.read_text() == before
        assert app.screen.query_one(OptionList).option_count == 1
        messages = [str(n.message) for n in app._notifications]
        assert any("already one of your keys" in m for m in messages), messages


# -- inviting a friend (issue 48) ----------------------------------------------------------------


@pytest.fixture
async def served_invitations(
    tmp_path: Path, keys_file: Path, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[AccountStore]:
    """A table socket that makes invitations, as a server registering by invitation does."""
    store = AccountStore(tmp_path / "server", registration="invite")
    service = TableService(tmp_path / "server", lambda name: None)

    def inviter(username: str) -> tuple[str, float, int]:
        code, expires = store.invite_friend(username, now=0.0)
        return code, expires, len(store.database.open_invitations_by(username, 0.0))

    socket = TableSocket(service, tmp_path / "t.sock", inviter)
    await socket.start()
    monkeypatch.setenv(TABLE_SOCKET_ENV, str(socket.path))
    monkeypatch.setenv(TABLE_TOKEN_ENV, service.issue_token("ann"))
    monkeypatch.setenv(REGISTRATION_ENV, "invite")
    monkeypatch.setenv(SSH_HOST_ENV, "games.example.org")
    monkeypatch.setenv(SSH_PORT_ENV, "2222")
    try:
        yield store
    finally:
        await socket.close()
        await service.close_all()


async def test_invite_a_friend_shows_the_code_and_the_command_to_paste(
    quick_settings: AppPaths, served_invitations: AccountStore
) -> None:
    app = RingbearerApp(quick_settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "a")
        assert isinstance(app.screen, AccountScreen)
        assert app.screen.query_one("#invite", Button)
        await press(pilot, "i")
        for _ in range(100):
            if isinstance(app.screen, MessageDialog):
                break
            await pilot.pause(0.05)
        dialog = app.screen
        assert isinstance(dialog, MessageDialog)
        [(code, _, made_by)] = served_invitations.database.open_invitations(0.0)
        assert made_by == "ann"
        assert f"ssh -p 2222 THEIR-NAME+{code}@games.example.org" in dialog.body
        assert "You have 1 invitation waiting; you may make 2 more" in dialog.body


async def test_a_fourth_invitation_is_refused_with_the_reason(
    quick_settings: AppPaths, served_invitations: AccountStore
) -> None:
    for _ in range(3):
        served_invitations.invite_friend("ann", now=0.0)
    app = RingbearerApp(quick_settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "a", "i")
        for _ in range(100):
            if isinstance(app.screen, MessageDialog):
                break
            await pilot.pause(0.05)
        dialog = app.screen
        assert isinstance(dialog, MessageDialog)
        assert "3 invitations waiting" in dialog.body
        assert len(served_invitations.database.open_invitations(0.0)) == 3


@pytest.mark.parametrize(
    ("registration", "words"),
    [("open", "needs no invitation"), ("closed", "takes no new accounts")],
)
async def test_without_invitations_the_screen_says_why_and_offers_none(
    quick_settings: AppPaths,
    keys_file: Path,
    monkeypatch: pytest.MonkeyPatch,
    registration: str,
    words: str,
) -> None:
    monkeypatch.setenv(REGISTRATION_ENV, registration)
    monkeypatch.setenv(TABLE_SOCKET_ENV, "/nonexistent/t.sock")
    monkeypatch.setenv(TABLE_TOKEN_ENV, "x")
    app = RingbearerApp(quick_settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "a")
        screen = app.screen
        assert isinstance(screen, AccountScreen)
        assert not screen.query("#invite")
        note = screen.query_one("#invite-note", Static)
        assert words in str(note.render())
        assert screen.check_action("invite", ()) is False
