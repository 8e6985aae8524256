"""Two bots in one process count apart, and a scrape does not wait on a stuck store."""

from __future__ import annotations

import asyncio

import pytest
from prometheus_client.parser import text_string_to_metric_families

from bot.kernel import metrics as metrics_module
from bot.kernel.metrics import Metrics


def samples(text: bytes) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    return {
        (s.name, tuple(sorted(s.labels.items()))): s.value
        for family in text_string_to_metric_families(text.decode())
        for s in family.samples
    }


async def test_two_bots_in_one_process_keep_their_own_counts() -> None:
    first, second = Metrics(), Metrics()
    first.message("logged", 0.3)
    first.telegram_error(429)
    first.telegram_error(500)  # neither 429 nor 403: not a kind of its own
    seen = samples(await first.exposition())
    other = samples(await second.exposition())
    logged = ("healthbot_messages_total", (("outcome", "logged"),))
    assert seen[logged] == 1 and other[logged] == 0
    assert seen[("healthbot_telegram_errors_total", (("kind", "429"),))] == 1
    assert not any(labels == (("kind", "500"),) for _, labels in seen)
    assert seen[("healthbot_message_seconds_count", ())] == 1


async def test_a_scrape_serves_the_counters_when_the_store_does_not_answer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    metrics = Metrics()
    metrics.outbox_pending.set(3)

    async def stuck() -> None:
        await asyncio.sleep(60)

    metrics.refresh = stuck
    monkeypatch.setattr(metrics_module, "REFRESH_SECONDS", 0.05)
    seen = samples(await asyncio.wait_for(metrics.exposition(), timeout=5))
    assert seen[("healthbot_outbox_pending", ())] == 3  # as last read
