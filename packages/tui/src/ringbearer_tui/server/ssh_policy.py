"""Which SSH algorithms and client keys the server accepts: those of current OpenSSH.

asyncssh still offers SHA-1 key exchange and MACs by default and verifies SHA-1 ``ssh-rsa``
signatures whatever it advertises, so the lists are given here and each client key is held
to them before its signature is checked.
"""

from __future__ import annotations

import asyncssh

KEX_ALGS = [
    "mlkem768x25519-sha256",
    "curve25519-sha256",
    "curve25519-sha256@libssh.org",
    "ecdh-sha2-nistp256",
    "ecdh-sha2-nistp384",
    "ecdh-sha2-nistp521",
    "diffie-hellman-group-exchange-sha256",
    "diffie-hellman-group16-sha512",
    "diffie-hellman-group18-sha512",
    "diffie-hellman-group14-sha256",
]
MAC_ALGS = [
    "umac-64-etm@openssh.com",
    "umac-128-etm@openssh.com",
    "hmac-sha2-256-etm@openssh.com",
    "hmac-sha2-512-etm@openssh.com",
    "umac-64@openssh.com",
    "umac-128@openssh.com",
    "hmac-sha2-256",
    "hmac-sha2-512",
]
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
