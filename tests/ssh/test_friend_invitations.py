"""An account invites a friend from the Account screen (issue 48): a one-time registration
code from the same store as `ringbearer serve invite`, at most three waiting per account,
only when the server registers by invitation; shown with the exact command to paste."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import asyncssh
import pytest

from ringbearer_tui.server.accounts import (
    INVITATION,
    INVITATIONS_PER_ACCOUNT,
    AccountError,
    AccountStore,
)
from ringbearer_tui.server.table_socket import TableSocket
from ringbearer_tui.server.tables import TableService
from ringbearer_tui.tables.protocol import FriendInvited, InviteFriend, Refused

from .conftest import StartServer, connect
from .test_table_socket import RawClient

DAY = 86400.0


def new_key() -> asyncssh.SSHKey:
    return asyncssh.generate_private_key("ssh-ed25519")


def test_an_account_has_at_most_three_invitations_waiting(tmp_path: Path) -> None:
    store = AccountStore(tmp_path, registration="invite")
    codes = [store.invite_friend("ann", now=1000.0)[0] for _ in range(INVITATIONS_PER_ACCOUNT)]
    assert INVITATIONS_PER_ACCOUNT == 3
    assert all(INVITATION.fullmatch(code) for code in codes)
    with pytest.raises(AccountError, match="3 invitations waiting"):
        store.invite_friend("ann", now=1001.0)
    store.invite_friend("bo", now=1001.0)  # another account's are its own
    # One used frees a place; so does one expired.
    assert store.database.use_invitation(codes[0], "cy", 1002.0)
    store.invite_friend("ann", now=1003.0)
    with pytest.raises(AccountError):
        store.invite_friend("ann", now=1004.0)
    store.invite_friend("ann", now=1000.0 + 8 * DAY)


def test_the_codes_are_the_hosts_kind(tmp_path: Path) -> None:
    """One store: a friend's code registers a name exactly as the host's would, once."""
    store = AccountStore(tmp_path, registration="invite")
    code, _ = store.invite_friend("ann")
    assert store.database.open_invitations(now=0.0)[0][2] == "ann"  # made by ann
    account = store.authenticate("cy", new_key(), code)
    assert account.username == "cy"
    with pytest.raises(AccountError, match="unknown, used or expired"):
        store.authenticate("dee", new_key(), code)


@pytest.mark.parametrize(
    ("registration", "words"),
    [("open", "registers anyone"), ("closed", "takes no new accounts")],
)
def test_no_invitation_is_made_unless_the_server_registers_by_invitation(
    tmp_path: Path, registration: str, words: str
) -> None:
    store = AccountStore(tmp_path, registration=registration)  # type: ignore[arg-type]
    with pytest.raises(AccountError, match=words):
        store.invite_friend("ann")
    assert store.database.open_invitations(now=0.0) == []


async def test_the_table_socket_makes_an_invitation_only_for_a_known_game(
    tmp_path: Path,
) -> None:
    store = AccountStore(tmp_path, registration="invite")
    service = TableService(tmp_path, lambda name: None)

    def inviter(username: str) -> tuple[str, float, int]:
        code, expires = store.invite_friend(username)
        return code, expires, 1

    socket = TableSocket(service, tmp_path / "t.sock", inviter)
    await socket.start()
    try:
        reader, writer = await asyncio.open_unix_connection(str(socket.path))
        client = RawClient(reader, writer)
        client.send(InviteFriend("0" * 32))
        refused = await client.next()
        assert isinstance(refused, Refused)
        assert "not one the server started" in refused.reason
        client.send(InviteFriend(service.issue_token("ann")))
        invited = await client.next()
        assert isinstance(invited, FriendInvited)
        assert [code for code, _, by in store.database.open_invitations(0.0)] == [invited.code]
        assert store.database.open_invitations(0.0)[0][2] == "ann"
        writer.close()
    finally:
        await socket.close()
        await service.close_all()


def code_on(screen: str) -> str:
    match = re.search(r"THEIR-NAME\+([a-z0-9]{10})@", screen)
    assert match, screen
    return match[1]


async def test_a_friend_invited_from_the_account_screen_registers_with_the_command_shown(
    make_server: StartServer,
) -> None:
    server = await make_server(registration="invite")
    code, _ = server.accounts.invite()
    ann_key = new_key()
    ann = await connect(server, f"ann+{code}", ann_key, size=(80, 24))
    await ann.wait_for("Account")
    ann.press("a")
    await ann.wait_for("Invite a friend (i)")
    await ann.wait_for("New players need an invitation")
    ann.press("i")
    screen = await ann.wait_for("THEIR-NAME+")
    friends = code_on(screen)
    assert f"ssh -p {server.port} THEIR-NAME+{friends}@127.0.0.1" in screen
    ann.drop()
    cy = await connect(server, f"cy+{friends}", new_key())
    await cy.wait_for("New game")
    assert server.accounts.find("cy") is not None
    cy.drop()


async def test_an_open_server_says_a_friend_needs_no_invitation(
    make_server: StartServer,
) -> None:
    server = await make_server(registration="open")
    ann = await connect(server, "ann", new_key(), size=(80, 24))
    await ann.wait_for("Account")
    ann.press("a")
    screen = await ann.wait_for("needs no invitation")
    assert "Invite a friend" not in screen
    ann.press("i")
    await asyncio.sleep(0.5)
    assert "THEIR-NAME" not in ann.text()
    assert server.accounts.database.open_invitations(0.0) == []
    ann.drop()
