"""Connection rate limits per address."""

from __future__ import annotations

import time
from collections import defaultdict, deque


class RateLimiter:
    """Allows ``limit`` connections per address within any ``window`` seconds."""

    def __init__(self, limit: int, window: float = 60.0) -> None:
        self.limit = limit
        self.window = window
        self._seen: dict[str, deque[float]] = defaultdict(deque)

    def allow(self, address: str, now: float | None = None) -> bool:
        moment = time.monotonic() if now is None else now
        recent = self._seen[address]
        while recent and moment - recent[0] >= self.window:
            recent.popleft()
        if len(recent) >= self.limit:
            return False
        recent.append(moment)
        return True


class LoginGate:
    """Counts connections that have not logged in yet, per address and in all, so that a
    flood of bare connections cannot hold every file descriptor of the server."""

    def __init__(self, total: int, per_address: int) -> None:
        self.total = total
        self.per_address = per_address
        self._waiting: dict[str, int] = defaultdict(int)
        self._count = 0

    def enter(self, address: str) -> str | None:
        """Count a new connection in, or say why it is refused (then it is not counted)."""
        if self._count >= self.total:
            return "too many connections logging in"
        if self._waiting[address] >= self.per_address:
            return "too many connections logging in from this address"
        self._waiting[address] += 1
        self._count += 1
        return None

    def leave(self, address: str) -> None:
        """The connection logged in or went away."""
        if self._waiting.get(address, 0) > 0:
            self._waiting[address] -= 1
            self._count -= 1
            if not self._waiting[address]:
                del self._waiting[address]


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

    def wait_for(self, size: int, now: float | None = None) -> float:
        """Take ``size`` bytes; the seconds to wait before passing them on."""
        moment = time.monotonic() if now is None else now
        self._tokens = min(self.burst, self._tokens + (moment - self._at) * self.rate)
        self._at = moment
        self._tokens -= size
        return 0.0 if self._tokens >= 0 else -self._tokens / self.rate
