"""Limits on connections before they log in: per source, in all, and over time.

A *source* is what one client can easily vary its address within: an IPv4 address, or an
IPv6 /64 (one host usually holds a whole /64, as OpenSSH's ``PerSourceNetBlockSize`` assumes).
"""

from __future__ import annotations

import ipaddress
import random
import time
from collections import defaultdict, deque
from collections.abc import Callable


def source_of(address: str) -> str:
    """The source an address counts against: itself for IPv4 (also written as IPv4-mapped
    IPv6), its /64 for IPv6; anything that is not an address counts as itself."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


class RateLimiter:
    """Allows ``limit`` connections per source within any ``window`` seconds, and forgets a
    source once a window has passed without it."""

    def __init__(self, limit: int, window: float = 60.0) -> None:
        self.limit = limit
        self.window = window
        self._seen: dict[str, deque[float]] = defaultdict(deque)
        self._swept = 0.0

    def allow(self, address: str, now: float | None = None) -> bool:
        moment = time.monotonic() if now is None else now
        self._sweep(moment)
        recent = self._seen[source_of(address)]
        while recent and moment - recent[0] >= self.window:
            recent.popleft()
        if len(recent) >= self.limit:
            return False
        recent.append(moment)
        return True

    def _sweep(self, moment: float) -> None:
        # Once a window, so each connection costs O(1) on average however many sources came.
        if moment - self._swept < self.window:
            return
        self._swept = moment
        self._seen = defaultdict(
            deque,
            {
                source: times
                for source, times in self._seen.items()
                if times and moment - times[-1] < self.window
            },
        )

    def __len__(self) -> int:
        """Sources remembered now."""
        return len(self._seen)


class LoginGate:
    """Counts connections that have not logged in yet, per source and in all, so that a
    flood of bare connections cannot hold every file descriptor of the server.

    Past ``early_drop_from`` connections logging in, a new one is refused at random, more
    often the fuller the gate (OpenSSH's ``MaxStartups start:rate:full``): idle connections
    from many addresses can then no longer hold every place, since an honest client that
    tries again soon gets in."""

    def __init__(
        self,
        total: int,
        per_address: int,
        early_drop_from: int | None = None,
        early_drop_rate: float = 0.3,
        chance: Callable[[], float] = random.random,
    ) -> None:
        self.total = total
        self.per_address = per_address
        self.early_drop_from = total if early_drop_from is None else min(early_drop_from, total)
        self.early_drop_rate = early_drop_rate
        self._chance = chance
        self._waiting: dict[str, int] = defaultdict(int)
        self._count = 0

    def enter(self, address: str) -> str | None:
        """Count a new connection in, or say why it is refused (then it is not counted)."""
        if self._count >= self.total:
            return "too many connections logging in"
        source = source_of(address)
        if self._waiting[source] >= self.per_address:
            return "too many connections logging in from this address"
        if self._count >= self.early_drop_from:
            span = max(1, self.total - self.early_drop_from)
            odds = self.early_drop_rate + (1 - self.early_drop_rate) * (
                (self._count - self.early_drop_from) / span
            )
            if self._chance() < odds:
                return "dropped early: many connections logging in"
        self._waiting[source] += 1
        self._count += 1
        return None

    def leave(self, address: str) -> None:
        """The connection logged in or went away."""
        source = source_of(address)
        if self._waiting.get(source, 0) > 0:
            self._waiting[source] -= 1
            self._count -= 1
            if not self._waiting[source]:
                del self._waiting[source]


class Penalties:
    """Penalties for sources whose connections never log in (OpenSSH's
    ``PerSourcePenalties``): each such connection adds seconds to its source's penalty, which
    runs down in real time. Once a penalty reaches ``threshold`` the source is refused until
    it has run down entirely. A person who mistypes a name or two stays far below that."""

    def __init__(self, threshold: float = 15.0, longest: float = 600.0) -> None:
        self.threshold = threshold
        self.longest = longest
        self._until: dict[str, float] = {}
        self._enforced: set[str] = set()

    def add(self, address: str, seconds: float, now: float | None = None) -> None:
        moment = time.monotonic() if now is None else now
        source = source_of(address)
        until = min(max(self._until.get(source, moment), moment) + seconds, moment + self.longest)
        self._until[source] = until
        if until - moment >= self.threshold:
            self._enforced.add(source)
        if len(self._until) > 10_000:  # forget run-down penalties rather than grow without end
            self._until = {k: v for k, v in self._until.items() if v > moment}
            self._enforced &= self._until.keys()

    def left(self, address: str, now: float | None = None) -> float:
        """Seconds this source is still refused for (0 when it is not)."""
        moment = time.monotonic() if now is None else now
        source = source_of(address)
        if source not in self._enforced:
            return 0.0
        remaining = self._until.get(source, moment) - moment
        if remaining <= 0:
            self._enforced.discard(source)
            self._until.pop(source, None)
            return 0.0
        return remaining


class FloodNotice:
    """Whether a refusal is worth a log line: the first for each address and reason in a
    window, then a count of the others when the next window begins."""

    def __init__(self, window: float = 60.0) -> None:
        self.window = window
        self._since: dict[tuple[str, str], tuple[float, int]] = {}

    def note(self, address: str, reason: str, now: float | None = None) -> int | None:
        """``None`` to stay quiet; else how many refusals went unlogged before this one."""
        moment = time.monotonic() if now is None else now
        key = (address, reason)
        started, quiet = self._since.get(key, (-self.window, 0))
        if moment - started < self.window:
            self._since[key] = (started, quiet + 1)
            return None
        self._since[key] = (moment, 0)
        if len(self._since) > 10_000:  # forget old addresses rather than grow without end
            self._since = {k: v for k, v in self._since.items() if moment - v[0] < self.window}
        return quiet


class InputBudget:
    """A token bucket of bytes: ``rate`` a second, bursts up to ``burst``."""

    def __init__(self, rate: int, burst: int, now: float | None = None) -> None:
        self.rate = rate
        self.burst = burst
        self._tokens = float(burst)
        self._at = time.monotonic() if now is None else now

    def available(self, now: float | None = None) -> float:
        """What may be taken now without waiting."""
        moment = time.monotonic() if now is None else now
        return min(self.burst, self._tokens + (moment - self._at) * self.rate)

    def wait_for(self, size: int, now: float | None = None) -> float:
        """Take ``size`` bytes; the seconds to wait before passing them on."""
        moment = time.monotonic() if now is None else now
        self._tokens = min(self.burst, self._tokens + (moment - self._at) * self.rate)
        self._at = moment
        self._tokens -= size
        return 0.0 if self._tokens >= 0 else -self._tokens / self.rate
