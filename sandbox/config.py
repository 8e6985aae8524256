"""How one sandbox instance behaves: where it stores data and which faults it injects."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SandboxConfig:
    """Knobs of one sandbox.

    `db_url` is a file path or any SQLAlchemy URL. The fault knobs exist so
    the bot can be tested against a slow, flaky or throttling server:
    `latency_ms` delays every request, `fail_rate` makes that share of
    writes answer 503 (half before applying, half after), `rate_limit` caps
    requests per minute per key (0 means no cap), and `seed` makes the
    failures reproducible.
    """

    db_url: str
    latency_ms: int = 0
    fail_rate: float = 0.0
    rate_limit: int = 0
    seed: int | None = None

    def __post_init__(self) -> None:
        if self.latency_ms < 0:
            raise ValueError("latency_ms must be >= 0")
        if not 0.0 <= self.fail_rate <= 1.0:
            raise ValueError("fail_rate must be between 0 and 1")
        if self.rate_limit < 0:
            raise ValueError("rate_limit must be >= 0")
