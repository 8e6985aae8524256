"""How fast the outbox tries the service again: backoff by failed attempts, scaled by how the
service answered this process lately, and a probe now and then while items wait, so a
recovered service is noticed before long backoffs end (`bot.sync.outbox.Delivery` uses it)."""

from __future__ import annotations

import datetime as dt
from collections import deque

MAX_BACKOFF = dt.timedelta(minutes=10)
PROBE_EVERY = dt.timedelta(seconds=2)  # while items wait, one is tried at least this often
OUTCOME_WINDOW = 20  # recent sends the failure rate is taken over


def backoff(
    attempts: int, retry_after: float | None = None, failure_rate: float = 1.0
) -> dt.timedelta:
    """From 2 s, doubling per failed attempt as far as the service fails lately, capped.

    While the service is down (`failure_rate` 1) the delay doubles with every attempt; while
    it answers most requests (a few 503s) it stays within seconds. Never sooner than the
    service asked for (Retry-After).
    """
    steps = max(attempts - 1, 0) * min(max(failure_rate, 0.0), 1.0)
    delay = dt.timedelta(seconds=min(2.0 * 2**steps, MAX_BACKOFF.total_seconds()))
    if retry_after is not None:
        delay = max(delay, dt.timedelta(seconds=retry_after))
    return delay


class Pace:
    """The service's recent answers to this process: the failure rate backoff scales by, when
    a send was last tried, and how often the service came back after failing."""

    def __init__(self) -> None:
        self.outcomes: deque[bool] = deque(maxlen=OUTCOME_WINDOW)  # True: the send failed
        self.last_attempt: dt.datetime | None = None
        self.recoveries = 0  # times a send succeeded right after one the service failed

    @property
    def failure_rate(self) -> float:
        """Share of this process's recent sends the service did not answer."""
        return sum(self.outcomes) / len(self.outcomes) if self.outcomes else 0.0

    def probe_due(self, now: dt.datetime) -> bool:
        """Whether to try one waiting item anyway: nothing was sent for `PROBE_EVERY`."""
        return self.last_attempt is None or now - self.last_attempt >= PROBE_EVERY

    def attempt(self, now: dt.datetime) -> None:
        self.last_attempt = now

    def failed(self) -> None:
        self.outcomes.append(True)

    def answered(self) -> bool:
        """The service answered a send; True when the one before had failed (it is back)."""
        recovered = bool(self.outcomes) and self.outcomes[-1]
        self.outcomes.append(False)
        if recovered:
            self.recoveries += 1
        return recovered

    def delay(self, attempts: int, retry_after: float | None) -> dt.timedelta:
        """`backoff` at the service's recent failure rate."""
        return backoff(attempts, retry_after, self.failure_rate)
