"""A refused key is told why in the SSH authentication banner (``ssh`` prints it above its
"Permission denied"), without telling a stranger which names are taken."""

from __future__ import annotations

import asyncio

import asyncssh
import pytest

from .conftest import TIMEOUT, StartServer, connect


class _BannerReader(asyncssh.SSHClient):
    def __init__(self) -> None:
        self.banners: list[str] = []

    def auth_banner_received(self, msg: str, lang: str) -> None:
        self.banners.append(msg)


async def banners_of_refused_login(port: int, username: str, *keys: asyncssh.SSHKey) -> list[str]:
    reader = _BannerReader()
    with pytest.raises(asyncssh.PermissionDenied):
        await asyncio.wait_for(
            asyncssh.connect(
                "127.0.0.1",
                port,
                username=username,
                client_keys=list(keys),
                known_hosts=None,
                agent_path=None,
                preferred_auth="publickey",
                client_factory=lambda: reader,
            ),
            TIMEOUT,
        )
    return reader.banners


async def test_a_key_that_is_not_the_accounts_is_told_so_with_its_fingerprint(
    make_server: StartServer, user_key: asyncssh.SSHKey
) -> None:
    server = await make_server()
    ann = await connect(server, "ann", user_key)
    await ann.wait_for("New game")  # "ann" is registered with user_key
    ann.drop()
    stranger = asyncssh.generate_private_key("ssh-ed25519")
    banners = await banners_of_refused_login(server.port, "ann", stranger)
    assert len(banners) == 1
    told = banners[0]
    assert told.startswith("Ringbearer: 'ann' does not log in with the key you offered")
    assert stranger.get_fingerprint() in told
    assert "ssh -i" in told
    assert all(len(line) <= 80 for line in told.splitlines())  # read at 80 columns
    assert told.endswith("\r\n")


async def test_a_weak_key_hears_the_same_reason_whether_or_not_the_name_is_taken(
    make_server: StartServer, user_key: asyncssh.SSHKey
) -> None:
    server = await make_server()
    ann = await connect(server, "ann", user_key)
    await ann.wait_for("New game")
    ann.drop()
    weak = asyncssh.generate_private_key("ssh-rsa", key_size=1024)
    taken = await banners_of_refused_login(server.port, "ann", weak)
    free = await banners_of_refused_login(server.port, "nobody", weak)
    assert taken == free == ["Ringbearer: RSA keys need at least 2048 bits, this one has 1024.\r\n"]


async def test_a_name_no_account_can_have_is_told_the_rule_once(
    make_server: StartServer,
) -> None:
    server = await make_server()
    keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(3)]
    banners = await banners_of_refused_login(server.port, "Bob", *keys)
    # Three keys refused for the same reason: said once, not three times.
    assert len(banners) == 1
    assert "a username is 1-32 lowercase letters" in banners[0]
