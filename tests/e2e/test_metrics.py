"""`GET /metrics` of a running bot: what its operator sees move, and nothing of a person."""

from __future__ import annotations

import asyncio
import datetime as dt
import sqlite3
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from prometheus_client.parser import text_string_to_metric_families

from bot.telegram.handlers.jobs import reminder_sender
from tests.fixtures.core import store_on_postgres
from tests.fixtures.openai import FakeOpenAI
from tests.fixtures.sandbox import RunningSandbox
from tests.fixtures.telegram import free_port

ADA, BOB = 4343, 4344
MORNING = dt.datetime(2026, 3, 10, 7, 0, tzinfo=dt.UTC)
DAY = "2026-03-10"


async def scrape(port: int) -> tuple[str, dict[tuple[str, tuple[tuple[str, str], ...]], float]]:
    """The exposition's text and each sample's value by (name, labels)."""
    async with httpx.AsyncClient(timeout=5) as client:
        response = await client.get(f"http://127.0.0.1:{port}/metrics")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/plain")
    values = {
        (s.name, tuple(sorted(s.labels.items()))): s.value
        for family in text_string_to_metric_families(response.text)
        for s in family.samples
    }
    return response.text, values


def value(values: dict[Any, float], name: str, **labels: str) -> float:
    return values.get((name, tuple(sorted(labels.items()))), 0.0)


def oatmeal(fake_openai: FakeOpenAI) -> None:
    food = {"food": "Oatmeal, 1 cup cooked", "calories": 158, "protein": 6, "carbs": 27, "fat": 3}
    fake_openai.reply_tool_calls([("log_food", {"date": DAY, "items": [food]})], usage=(300, 40))


async def test_metrics_count_messages_the_model_and_telegram_errors_without_a_person_in_them(
    harness_factory: Any, sandbox: RunningSandbox, fake_openai: FakeOpenAI
) -> None:
    port = free_port()
    key = await sandbox.add_user("Ada Lovelace", "Europe/Berlin")
    bot = await harness_factory(
        start=MORNING,
        health_port=port,
        agent_api_base_url=sandbox.url,
        openai_api_key="test-key",
        openai_base_url=fake_openai.base_url,
        offline_fast_path=False,
    )
    await bot.say(ADA, f"/connect {key}")
    await bot.say(ADA, "/timezone Europe/Berlin")
    _, before = await scrape(port)
    assert value(before, "healthbot_updates_total") >= 2
    assert abs(value(before, "healthbot_last_update_timestamp_seconds") - time.time()) < 60

    oatmeal(fake_openai)
    reply = await bot.say(ADA, "had oatmeal for breakfast")
    assert "Oatmeal" in reply.text
    _, after = await scrape(port)
    logged = value(after, "healthbot_messages_total", outcome="logged")
    assert logged == value(before, "healthbot_messages_total", outcome="logged") + 1
    assert value(after, "healthbot_message_seconds_count") == (
        value(before, "healthbot_message_seconds_count") + 1
    )
    assert value(after, "healthbot_llm_requests_total", outcome="ok") == 1
    assert value(after, "healthbot_llm_seconds_count") == 1
    assert value(after, "healthbot_llm_tokens_total", kind="prompt") == 300
    assert value(after, "healthbot_llm_tokens_total", kind="completion") == 40

    fake_openai.reply_error(400)  # the model refuses: so does the bot
    await bot.say(ADA, "zorblat quux")
    fake_openai.reply_text("Keep going, you are doing well.")
    await bot.say(ADA, "how am I doing lately?")
    fake_openai.reply_text("Sorry?")
    await bot.say(ADA, "blorp")
    # Telegram's flood control once: the reply still goes out, after the wait.
    bot.fake.fail_next("sendMessage", 429, "Too Many Requests: retry after 1", retry_after=1)
    fake_openai.reply_text("Yes.")
    await bot.say(ADA, "hello again")
    _, later = await scrape(port)
    assert value(later, "healthbot_messages_total", outcome="refused") == 1
    assert value(later, "healthbot_messages_total", outcome="answered") == 3
    assert value(later, "healthbot_llm_requests_total", outcome="error") == 1
    assert value(later, "healthbot_llm_requests_total", outcome="ok") == 4
    assert value(later, "healthbot_telegram_errors_total", kind="429") == 1
    assert value(later, "healthbot_telegram_errors_total", kind="403") == 0
    # A person who blocked the bot: the reply cannot be sent, the message failed.
    bot.fake.block(ADA)
    fake_openai.reply_text("Here.")
    bot.fake.push_text(ADA, "are you there")

    async def blocked() -> bool:
        _, now = await scrape(port)
        return value(now, "healthbot_messages_total", outcome="failed") == 1

    await eventually(blocked)
    text, last = await scrape(port)
    assert value(last, "healthbot_telegram_errors_total", kind="403") >= 1
    assert value(last, "healthbot_message_seconds_count") == 6
    assert value(last, "healthbot_updates_total") == value(before, "healthbot_updates_total") + 6

    for private in (str(ADA), "Ada", "Lovelace", "oatmeal", "zorblat", "hello", "Keep going", key):
        assert private.lower() not in text.lower()


async def test_without_a_model_drafts_and_messages_not_understood_are_counted(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    port = free_port()
    key = await sandbox.add_user("Ada Lovelace", "Europe/Berlin")
    bot = await harness_factory(start=MORNING, health_port=port, agent_api_base_url=sandbox.url)
    await bot.say(ADA, f"/connect {key}")
    await bot.say(ADA, "/timezone Europe/Berlin")
    await bot.say(ADA, "\U0001f355")  # a guess: a slice of pizza?, only saved if confirmed
    await bot.say(ADA, "zorblat quux")
    _, values = await scrape(port)
    assert value(values, "healthbot_messages_total", outcome="drafted") == 1
    assert value(values, "healthbot_messages_total", outcome="not_understood") == 1
    assert value(values, "healthbot_messages_total", outcome="logged") == 0
    assert value(values, "healthbot_llm_requests_total", outcome="ok") == 0


async def test_the_outbox_gauges_show_what_waits_and_for_how_long(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    port = free_port()
    key = await sandbox.add_user("Ada Lovelace", "Europe/Berlin")
    bot = await harness_factory(start=MORNING, health_port=port, agent_api_base_url=sandbox.url)
    await bot.say(ADA, f"/connect {key}")
    await bot.say(ADA, "/timezone Europe/Berlin")
    _, empty = await scrape(port)
    assert value(empty, "healthbot_outbox_pending") == 0
    assert value(empty, "healthbot_outbox_oldest_seconds") == 0

    sandbox.stop()  # the service is down: what the person logs waits in the outbox
    await bot.say(ADA, "2 boiled eggs")
    _, waiting = await scrape(port)
    assert value(waiting, "healthbot_outbox_pending") == 1
    assert value(waiting, "healthbot_outbox_retries_total") >= 1
    assert value(waiting, "healthbot_outbox_given_up_total") == 0
    bot.clock.now = MORNING + dt.timedelta(minutes=11)
    _, later = await scrape(port)
    assert value(later, "healthbot_outbox_pending") == 1
    assert 11 * 60 <= value(later, "healthbot_outbox_oldest_seconds") < 12 * 60


async def test_a_reminder_sent_is_counted_once(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    port = free_port()
    key = await sandbox.add_user("Ada Lovelace", "Europe/Berlin")
    bot = await harness_factory(start=MORNING, health_port=port, agent_api_base_url=sandbox.url)
    await bot.say(ADA, f"/connect {key}")
    await bot.say(ADA, "/timezone Europe/Berlin")
    await bot.say(ADA, "/remind 21:30")
    bot.clock.now = dt.datetime(2026, 3, 10, 20, 30, tzinfo=dt.UTC)  # 21:30 in Berlin
    assert await bot.scheduled.reminders_due(reminder_sender(bot.app.bot)) == 1
    assert await bot.scheduled.reminders_due(reminder_sender(bot.app.bot)) == 0
    _, values = await scrape(port)
    assert value(values, "healthbot_reminders_sent_total") == 1
    assert value(values, "healthbot_weekly_summaries_sent_total") == 0


@pytest.mark.skipif(store_on_postgres(), reason="a lock held on the SQLite file")
async def test_a_write_that_waits_for_another_process_lock_is_counted(
    harness_factory: Any, tmp_path: Path
) -> None:
    port = free_port()
    url = f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}"
    bot = await harness_factory(start=MORNING, health_port=port, database_url=url)
    await bot.say(ADA, "/start")
    _, before = await scrape(port)
    assert value(before, "healthbot_store_lock_waits_total") == 0
    other = sqlite3.connect(tmp_path / "bot.db", isolation_level=None)  # a backup, a shell
    try:
        other.execute("BEGIN IMMEDIATE")
        bot.fake.push_text(ADA, "/help")

        async def waiting() -> bool:
            _, now = await scrape(port)
            return value(now, "healthbot_store_lock_waits_total") >= 1

        await eventually(waiting)
        other.execute("ROLLBACK")
    finally:
        other.close()
    await bot.fake.wait_sent(ADA, 2)


async def eventually(check: Any, timeout: float = 20.0) -> None:  # noqa: ASYNC109
    """Wait until `await check()` is true."""
    deadline = time.monotonic() + timeout
    while not await check():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.05)
