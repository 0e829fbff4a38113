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
