"""Which SSH algorithms and client keys the server accepts: a hardened current OpenSSH.

asyncssh offers finite-field Diffie-Hellman (down to 1024-bit group exchange), zlib
compression, 64-bit and encrypt-and-MAC MACs and SHA-1 by default, and verifies SHA-1
``ssh-rsa`` signatures whatever it advertises, so every list is given here and each client key
is held to them before its signature is checked. ``docs/ssh.md`` ("Hosting on the internet")
says where these lists differ from ssh-audit's hardened OpenSSH policy, and why.
"""

from __future__ import annotations

from collections.abc import Callable

import asyncssh

KEX_ALGS = [
    "mlkem768x25519-sha256",
    # Kept for clients older than OpenSSH 9.9 (Debian 12, Ubuntu 24.04, PuTTY), which have no
    # post-quantum exchange that asyncssh also speaks.
    "curve25519-sha256",
    "curve25519-sha256@libssh.org",
]
"""No finite-field Diffie-Hellman at all: a 1024-bit group exchange cost the server 60 ms of
CPU a time in the loop every player shares, and OpenSSH 10 dropped it from sshd's defaults.
No NIST curves either (ssh-audit fails them); every client that has them has curve25519."""
ENCRYPTION_ALGS = [
    "chacha20-poly1305@openssh.com",
    "aes256-gcm@openssh.com",
    "aes256-ctr",
    "aes192-ctr",
    "aes128-gcm@openssh.com",
    "aes128-ctr",
]
MAC_ALGS = [
    "hmac-sha2-512-etm@openssh.com",
    "hmac-sha2-256-etm@openssh.com",
    "umac-128-etm@openssh.com",
]
"""Encrypt-then-MAC with tags of 128 bits or more only (for the CTR ciphers; the AEAD ciphers
carry their own)."""
COMPRESSION_ALGS = ["none"]
"""No compression: zlib inflated without a bound let 520 KB on the wire take a gigabyte of the
server's memory, and a game's screen updates are small anyway."""
SIGNATURE_ALGS = [
    "ssh-ed25519",
    "sk-ssh-ed25519@openssh.com",
    "ecdsa-sha2-nistp256",
    "ecdsa-sha2-nistp384",
    "ecdsa-sha2-nistp521",
    "sk-ecdsa-sha2-nistp256@openssh.com",
    "rsa-sha2-512",
    "rsa-sha2-256",
]
"""Signatures a client key may log in with: no ``ssh-rsa`` (SHA-1), no DSA."""
MIN_RSA_BITS = 2048

_ALLOWED = frozenset(name.encode() for name in SIGNATURE_ALGS)


def key_refusal(key: asyncssh.SSHKey) -> str | None:
    """Why this client key may not log in at all, or ``None`` when it may."""
    if key.algorithm == b"ssh-dss":
        return "DSA keys are not accepted; use an ed25519 key (ssh-keygen -t ed25519)"
    if key.algorithm == b"ssh-rsa":
        bits = int(getattr(key.pyca_key, "key_size", 0))
        if bits < MIN_RSA_BITS:
            return f"RSA keys need at least {MIN_RSA_BITS} bits, this one has {bits}"
    if not any(name in _ALLOWED for name in key.all_sig_algorithms):
        return f"{key.algorithm.decode(errors='replace')} keys are not accepted"
    return None


def hold_to_strong_signatures(key: asyncssh.SSHKey) -> None:
    """Make this key object verify only the signatures of :data:`SIGNATURE_ALGS`.

    asyncssh checks a client's signature against the key's own list of algorithms, so the
    list of this one instance (a fresh object for each login request) is narrowed."""
    key.all_sig_algorithms = {name for name in key.all_sig_algorithms if name in _ALLOWED}


def decide_after_signature(key: asyncssh.SSHKey, decide: Callable[[bool], bool]) -> None:
    """Let ``decide`` have the last word on a login with this key object, once its signature
    has been checked: it is told whether the signature was good and says whether the login
    may go on. A bare "would this key do?" never gets that far, so whatever ``decide`` looks
    at (which accounts exist, which keys they have) cannot be learnt from such a question."""
    verify = key.verify

    def verify_then_decide(data: bytes, sig: bytes) -> bool:
        return decide(bool(verify(data, sig)))

    key.verify = verify_then_decide  # type: ignore[method-assign]
