"""Injected faults: latency, failed writes, and a per-key rate limit.

They let tests and demos show how the bot behaves when the real service is
slow, flaky or throttling, which the happy-path sandbox never is.
"""

from __future__ import annotations

import asyncio
import enum
import math
import random
import time
from collections import deque
from collections.abc import Callable

from starlette.types import ASGIApp, Receive, Scope, Send


class WriteFault(enum.Enum):
    NONE = "none"
    BEFORE = "before"
    """503 without touching the database: retrying is safe."""
    AFTER = "after"
    """The write is committed, then 503: a blind retry would duplicate it."""


class FaultInjector:
    """Decides, per write, whether it fails and on which side of the commit."""

    def __init__(self, fail_rate: float, seed: int | None = None) -> None:
        self._fail_rate = fail_rate
        self._rng = random.Random(seed)

    def draw(self) -> WriteFault:
        if self._fail_rate <= 0 or self._rng.random() >= self._fail_rate:
            return WriteFault.NONE
        return WriteFault.BEFORE if self._rng.random() < 0.5 else WriteFault.AFTER


class RateLimiter:
    """Sliding one-minute window per key; `hit` returns seconds to wait, or None."""

    WINDOW = 60.0

    def __init__(self, per_minute: int, clock: Callable[[], float] = time.monotonic) -> None:
        self._per_minute = per_minute
        self._clock = clock
        self._hits: dict[str, deque[float]] = {}

    def hit(self, key: str) -> int | None:
        if self._per_minute <= 0:
            return None
        now = self._clock()
        hits = self._hits.setdefault(key, deque())
        while hits and hits[0] <= now - self.WINDOW:
            hits.popleft()
        if len(hits) >= self._per_minute:
            return max(1, math.ceil(hits[0] + self.WINDOW - now))
        hits.append(now)
        return None


class LatencyMiddleware:
    """Delays every HTTP request, so the bot's timeouts and spinners can be exercised."""

    def __init__(self, app: ASGIApp, latency_ms: int) -> None:
        self.app = app
        self.delay = latency_ms / 1000

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and self.delay > 0:
            await asyncio.sleep(self.delay)
        await self.app(scope, receive, send)
