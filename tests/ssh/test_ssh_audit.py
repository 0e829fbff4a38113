"""The server as an internet host's audit sees it: ssh-audit, run as hosts run it, finds
nothing to fail, and only the warnings docs/ssh.md names and explains."""

from __future__ import annotations

import asyncio
import json
import sys
from typing import Any

import asyncssh
import pytest

from ringbearer_tui.server.ssh_policy import (
    COMPRESSION_ALGS,
    ENCRYPTION_ALGS,
    KEX_ALGS,
    MAC_ALGS,
)

from .conftest import TIMEOUT, StartServer

EXPLAINED_WARNINGS = {
    # Kept for clients older than OpenSSH 9.9; docs/ssh.md "Hosting on the internet".
    ("kex", "curve25519-sha256", "does not provide protection against post-quantum attacks"),
    (
        "kex",
        "curve25519-sha256@libssh.org",
        "does not provide protection against post-quantum attacks",
    ),
}


async def audit(port: int) -> dict[str, Any]:
    # The rate test opens connections as fast as it can: the server's own rate limit is
    # tested elsewhere, and here it would only refuse the audit itself.
    command = [sys.executable, "-m", "ssh_audit", "-j", "--skip-rate-test", "-p", str(port)]
    child = await asyncio.create_subprocess_exec(
        *command, "127.0.0.1", stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE
    )
    out, err = await asyncio.wait_for(child.communicate(), TIMEOUT)
    assert out, f"ssh-audit printed nothing: {err.decode(errors='replace')}"
    report: dict[str, Any] = json.loads(out)
    return report


def notes(report: dict[str, Any], level: str) -> set[tuple[str, str, str]]:
    found = set()
    for kind in ("kex", "key", "enc", "mac"):
        for entry in report.get(kind, []):
            for note in entry.get("notes", {}).get(level, []):
                found.add((kind, entry["algorithm"], note))
    return found


async def test_ssh_audit_fails_nothing_and_warns_only_of_what_the_docs_explain(
    make_server: StartServer,
) -> None:
    server = await make_server()
    report = await audit(server.port)
    assert notes(report, "fail") == set()
    assert notes(report, "warn") <= EXPLAINED_WARNINGS
    assert report["cves"] == []
    assert report["compression"] == ["none"]


async def test_the_server_offers_exactly_its_policy(make_server: StartServer) -> None:
    server = await make_server()
    report = await audit(server.port)
    offered_kex = [e["algorithm"] for e in report["kex"] if "@openssh.com" not in e["algorithm"]]
    assert [a for a in offered_kex if a != "ext-info-s"] == KEX_ALGS
    assert [e["algorithm"] for e in report["enc"]] == ENCRYPTION_ALGS
    assert [e["algorithm"] for e in report["mac"]] == MAC_ALGS
    assert report["compression"] == COMPRESSION_ALGS


@pytest.mark.parametrize(
    "offer",
    [
        {"kex_algs": ["diffie-hellman-group-exchange-sha256"]},
        {"kex_algs": ["diffie-hellman-group14-sha256"]},
        {"kex_algs": ["diffie-hellman-group16-sha512"]},
        {"kex_algs": ["ecdh-sha2-nistp256"]},
        {"compression_algs": ["zlib@openssh.com"]},
        {"compression_algs": ["zlib"]},
        {"mac_algs": ["umac-64-etm@openssh.com"], "encryption_algs": ["aes128-ctr"]},
        {"mac_algs": ["hmac-sha2-256"], "encryption_algs": ["aes128-ctr"]},
        {"mac_algs": ["hmac-sha1-etm@openssh.com"], "encryption_algs": ["aes128-ctr"]},
    ],
    ids=[
        "dh-group-exchange",
        "dh-group14",
        "dh-group16",
        "nist-p256",
        "zlib-openssh",
        "zlib",
        "64-bit-mac",
        "encrypt-and-mac",
        "sha1-mac",
    ],
)
async def test_a_client_that_insists_on_a_refused_algorithm_cannot_connect(
    make_server: StartServer, offer: dict[str, list[str]]
) -> None:
    server = await make_server()
    with pytest.raises(asyncssh.KeyExchangeFailed):
        await asyncio.wait_for(
            asyncssh.connect(
                "127.0.0.1",
                server.port,
                username="ann",
                known_hosts=None,
                client_keys=None,
                agent_path=None,
                **offer,
            ),
            TIMEOUT,
        )
