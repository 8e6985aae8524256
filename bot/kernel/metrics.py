"""What the bot counts for whoever runs it, served as Prometheus text at `GET /metrics`.

Every metric lives here, in a `CollectorRegistry` owned by one `Metrics` (one per running
bot), so tests and several bots in one process never share counts. Labels name kinds of
things only (an outcome, an HTTP status), never a person or anything they wrote. Counting is
prometheus-client's own increment: no lock or I/O of ours per message. The outbox gauges are
read from the store when scraped (`Metrics.refresh`, set by whoever owns the store).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram
from prometheus_client.exposition import CONTENT_TYPE_LATEST, generate_latest

log = logging.getLogger(__name__)

CONTENT_TYPE = CONTENT_TYPE_LATEST
REFRESH_SECONDS = 2.0  # the longest a scrape waits for the store

# What became of a person's message, as `healthbot_messages_total{outcome}` says it.
MESSAGE_OUTCOMES = ("logged", "drafted", "answered", "not_understood", "refused", "failed")
LLM_OUTCOMES = ("ok", "error", "timeout")
TELEGRAM_ERRORS = ("429", "403")

# Seconds: a reply is usually out within a few; an LLM's answer can take half a minute.
_SECONDS = (0.1, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 15.0, 30.0, 60.0, 120.0)


class Metrics:
    """The bot's counters, gauges and histograms, in a registry of their own."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        r = self.registry
        self.updates = Counter(
            "healthbot_updates", "Updates received from Telegram and queued", registry=r
        )
        self.last_update = Gauge(
            "healthbot_last_update_timestamp_seconds",
            "Unix time of the last update received from Telegram (the start, before the first)",
            registry=r,
        )
        self.last_update.set_to_current_time()  # "none for N minutes" counts from the start
        self.messages = Counter(
            "healthbot_messages",
            "Messages handled, by what became of them",
            ["outcome"],
            registry=r,
        )
        self.message_seconds = Histogram(
            "healthbot_message_seconds",
            "Seconds from a message's receipt to its reply being sent",
            buckets=_SECONDS,
            registry=r,
        )
        self.llm_requests = Counter(
            "healthbot_llm_requests", "Requests to the LLM, by outcome", ["outcome"], registry=r
        )
        self.llm_tokens = Counter(
            "healthbot_llm_tokens", "Tokens the LLM counted, by kind", ["kind"], registry=r
        )
        self.llm_seconds = Histogram(
            "healthbot_llm_seconds", "Seconds an LLM request took", buckets=_SECONDS, registry=r
        )
        self.outbox_pending = Gauge(
            "healthbot_outbox_pending", "Outbox items not yet applied nor given up", registry=r
        )
        self.outbox_oldest = Gauge(
            "healthbot_outbox_oldest_seconds",
            "Age in seconds of the oldest outbox item not yet applied (0 when none)",
            registry=r,
        )
        self.outbox_retries = Counter(
            "healthbot_outbox_retries",
            "Outbox sends that failed and will be tried again",
            registry=r,
        )
        self.outbox_given_up = Counter(
            "healthbot_outbox_given_up", "Outbox items given up on", registry=r
        )
        self.reminders_sent = Counter(
            "healthbot_reminders_sent", "Daily reminders sent", registry=r
        )
        self.weekly_sent = Counter(
            "healthbot_weekly_summaries_sent", "Weekly summaries sent", registry=r
        )
        self.telegram_errors = Counter(
            "healthbot_telegram_errors",
            "Bot API answers 429 (flood control) and 403 (blocked by the person)",
            ["kind"],
            registry=r,
        )
        self.store_lock_waits = Counter(
            "healthbot_store_lock_waits", "Times a write waited for the store's lock", registry=r
        )
        # Show every outcome from the start, at 0: a rate over a series that appears only
        # with its first count misses that count.
        for outcome in MESSAGE_OUTCOMES:
            self.messages.labels(outcome=outcome)
        for outcome in LLM_OUTCOMES:
            self.llm_requests.labels(outcome=outcome)
        for kind in ("prompt", "completion"):
            self.llm_tokens.labels(kind=kind)
        for kind in TELEGRAM_ERRORS:
            self.telegram_errors.labels(kind=kind)
        # Reads the store into the outbox gauges before each scrape (bot/compose.py sets it).
        self.refresh: Callable[[], Awaitable[None]] | None = None

    def message(self, outcome: str, seconds: float | None = None) -> None:
        """A message handled: `outcome` one of MESSAGE_OUTCOMES, `seconds` since receipt."""
        self.messages.labels(outcome=outcome).inc()
        if seconds is not None:
            self.message_seconds.observe(max(seconds, 0.0))

    def llm(self, outcome: str, seconds: float, prompt: int = 0, completion: int = 0) -> None:
        """One LLM request: how it ended, how long it took, the tokens it counted."""
        self.llm_requests.labels(outcome=outcome).inc()
        self.llm_seconds.observe(max(seconds, 0.0))
        if prompt:
            self.llm_tokens.labels(kind="prompt").inc(prompt)
        if completion:
            self.llm_tokens.labels(kind="completion").inc(completion)

    def telegram_error(self, status: int) -> None:
        """A Bot API answer with HTTP `status`; only 429 and 403 are counted."""
        kind = str(status)
        if kind in TELEGRAM_ERRORS:
            self.telegram_errors.labels(kind=kind).inc()

    async def exposition(self) -> bytes:
        """The Prometheus text of every metric, the outbox gauges read afresh: within
        REFRESH_SECONDS, else (the store locked or down) as they were last read, so that a
        scrape still shows what the counters say when the store is what is wrong."""
        if self.refresh is not None:
            try:
                async with asyncio.timeout(REFRESH_SECONDS):
                    await self.refresh()
            except Exception as exc:
                log.warning("the outbox gauges could not be read: %s", type(exc).__name__)
        return generate_latest(self.registry)
