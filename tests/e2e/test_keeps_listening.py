"""The bot keeps receiving through a locked database, and says when it cannot.

A real lock on the real SQLite file: a second connection holds `BEGIN IMMEDIATE`, as a backup
or an `sqlite3` shell does, for longer than the bot's busy timeout (shortened here with the
URL's `?timeout=` so the test takes seconds). The lock is released once the bot has shown that
it hit it (its WARNING), never after a fixed sleep.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import sqlite3
import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from pydantic import SecretStr
from sqlalchemy import select, text
from sqlalchemy.ext.asyncio import create_async_engine

from bot.compose import compose
from bot.store.db import async_url
from bot.store.journal import unhandled_updates
from bot.store.models import ProcessedUpdate
from bot.telegram.app import build_application, webhook_options
from bot.telegram.liveness import health_url
from tests.e2e.conftest import harness_settings
from tests.fixtures.core import store_on_postgres
from tests.fixtures.sandbox import RunningSandbox
from tests.fixtures.telegram import FakeTelegram, deliver_webhook, free_port

sqlite_only = pytest.mark.skipif(
    store_on_postgres(), reason="a lock held on the SQLite file; PostgreSQL waits instead"
)

ADA, BOB = 5101, 5102
NOON = dt.datetime(2026, 3, 10, 11, 0, tzinfo=dt.UTC)
BUSY_TIMEOUT = 0.3  # seconds the bot waits for the lock before the store reports an error
STALE = 1.0  # RECEIVER_STALE_SECONDS


def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}?timeout={BUSY_TIMEOUT}"


@contextmanager
def write_lock(tmp_path: Path) -> Iterator[sqlite3.Connection]:
    """Hold the bot database's write lock from another connection until the block ends."""
    other = sqlite3.connect(tmp_path / "bot.db", isolation_level=None)
    try:
        other.execute("BEGIN IMMEDIATE")
        yield other
        other.execute("ROLLBACK")
    finally:
        other.close()


async def health(port: int) -> tuple[int, str]:
    async with httpx.AsyncClient(timeout=5) as client:
        response = await client.get(health_url("127.0.0.1", port))
    return response.status_code, response.text


async def eventually(
    check: Callable[[], Awaitable[bool]],
    what: str,
    timeout: float = 20.0,  # noqa: ASYNC109 - a polling deadline
) -> None:
    """Wait until `await check()` is true; fail naming `what` if it never is."""
    deadline = time.monotonic() + timeout
    while not await check():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        await asyncio.sleep(0.05)


async def health_becomes(port: int, status: int) -> str:
    """Wait until `/healthz` answers `status`; return its body."""
    last: list[str] = []

    async def check() -> bool:
        code, body = await health(port)
        last[:] = [body]
        return code == status

    await eventually(check, f"/healthz to answer {status}")
    return last[0]


def store_warnings(caplog: pytest.LogCaptureFixture, update_id: int) -> list[str]:
    return [
        r.getMessage()
        for r in caplog.records
        if r.levelno == logging.WARNING and f"update {update_id} " in r.getMessage()
    ]


def errors(caplog: pytest.LogCaptureFixture) -> str:
    return "\n".join(r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR)


async def nothing_unhandled(bot: Any) -> bool:
    async with bot.assistant.resources.sessionmaker() as session:
        return await unhandled_updates(session=session) == 0


async def handled(bot: Any, update_ids: list[int]) -> bool:
    async with bot.assistant.resources.sessionmaker() as session:
        rows = await session.scalars(
            select(ProcessedUpdate).where(ProcessedUpdate.update_id.in_(update_ids))
        )
        return sum(row.handled_at is not None for row in rows) == len(update_ids)


async def linked(bot: Any, sandbox: RunningSandbox, user_id: int, name: str) -> str:
    key = await sandbox.add_user(name, "Europe/Berlin")
    reply = await bot.say(user_id, f"/connect {key}")
    assert name in reply.text
    await bot.say(user_id, "/timezone Europe/Berlin")
    return key


@sqlite_only
async def test_a_database_lock_while_messages_arrive_delays_them_and_loses_none(
    harness_factory: Any,
    sandbox: RunningSandbox,
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
) -> None:
    port = free_port()
    bot = await harness_factory(
        start=NOON,
        agent_api_base_url=sandbox.url,
        database_url=sqlite_url(tmp_path),
        health_port=port,
        receiver_stale_seconds=STALE,
    )
    key = await linked(bot, sandbox, ADA, "Ada")
    await eventually(lambda: nothing_unhandled(bot), "the linking updates to be finished")
    assert (await health(port))[0] == 200
    before = {ADA: len(bot.fake.sent(ADA)), BOB: len(bot.fake.sent(BOB))}

    with write_lock(tmp_path):
        weight = bot.fake.push_text(ADA, "72.4 kg")
        start = bot.fake.push_text(BOB, "/start")
        # The bot hit the lock, past its busy timeout, more than once (it retries)...
        await bot.fake.wait_for(lambda: len(store_warnings(caplog, weight)) >= 2)
        # ... did not tell Telegram it has the update, and says it is stuck.
        assert bot.fake.confirmed_offset <= weight
        assert "cannot be stored" in await health_becomes(port, 503)
        await bot.fake.wait_for(lambda: "not receiving updates" in errors(caplog))
        assert bot.fake.sent(ADA)[before[ADA] :] == []

    answer = (await bot.fake.wait_sent(ADA, before[ADA] + 1))[before[ADA]]
    assert "72.4" in answer.text
    await bot.fake.wait_sent(BOB, before[BOB] + 1)
    assert "/connect" in bot.fake.last(BOB).text
    later = await bot.say(ADA, "/settings")
    assert later.text
    assert (await health_becomes(port, 200)).startswith("ok")

    await eventually(lambda: handled(bot, [weight, start]), "both updates to be handled")
    assert (await sandbox.counts(key))["weights"] == 1
    warnings = store_warnings(caplog, weight)
    assert all("\n" not in w and "INSERT" not in w and "hk_" not in w for w in warnings)
    assert "database is locked" in warnings[0]


@sqlite_only
async def test_a_webhook_update_that_cannot_be_stored_is_refused_so_telegram_sends_it_again(
    fake_telegram: FakeTelegram, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    port, health_port = free_port(), free_port()
    settings = harness_settings(
        fake_telegram,
        tmp_path,
        database_url=sqlite_url(tmp_path),
        webhook_url=f"https://bot.example.org:{port}",
        webhook_listen="127.0.0.1",
        webhook_port=port,
        webhook_secret_token=SecretStr("right-secret"),
        health_port=health_port,
        receiver_stale_seconds=STALE,
    )
    house = await compose(settings)
    app = build_application(settings, house, reminder_every=None, outbox_every=None)
    url = f"http://127.0.0.1:{port}/telegram"
    user = {"id": ADA, "is_bot": False, "first_name": "Ada"}
    chat = {"id": ADA, "type": "private", "first_name": "Ada"}
    entities = [{"type": "bot_command", "offset": 0, "length": 6}]
    message = {"message_id": 1, "date": 0, "chat": chat, "from": user}
    update = {"update_id": 77, "message": {**message, "text": "/start", "entities": entities}}

    async with app:
        assert app.post_init is not None and app.updater is not None
        await app.post_init(app)
        await app.updater.start_webhook(**webhook_options(settings))
        await app.start()
        try:
            assert (await health(health_port))[0] == 200
            with write_lock(tmp_path):
                status = await deliver_webhook(url, update, "right-secret")
                assert not 200 <= status < 300
                [warning] = store_warnings(caplog, 77)
                assert "database is locked" in warning
                assert "cannot be stored" in await health_becomes(health_port, 503)
            assert fake_telegram.sent(ADA) == []
            # Telegram sends the update again, and now it is taken.
            assert await deliver_webhook(url, update, "right-secret") == 200
            [reply] = await fake_telegram.wait_sent(ADA, 1)
            assert "/connect" in reply.text
            assert (await health_becomes(health_port, 200)).startswith("ok")
        finally:
            await app.updater.stop()
            await app.stop()
            assert app.post_shutdown is not None
            await app.post_shutdown(app)


@pytest.mark.skipif(not store_on_postgres(), reason="a PostgreSQL table lock")
async def test_a_table_lock_on_postgresql_holds_the_receiver_back_and_is_reported(
    harness_factory: Any, tmp_path: Path
) -> None:
    """PostgreSQL makes a write wait for the lock instead of failing: the update waits too,
    unconfirmed, and `/healthz` says the bot is not receiving until the lock is gone."""
    port = free_port()
    bot = await harness_factory(start=NOON, health_port=port, receiver_stale_seconds=STALE)
    await bot.say(ADA, "/start")
    await eventually(lambda: nothing_unhandled(bot), "/start to be finished")
    other = create_async_engine(async_url(bot.settings.database_url))
    try:
        async with other.connect() as connection:
            await connection.execute(text("LOCK TABLE processed_updates IN EXCLUSIVE MODE"))
            update_id = bot.fake.push_text(ADA, "/help")
            assert "not been polled" in await health_becomes(port, 503)
            assert bot.fake.confirmed_offset <= update_id
            await connection.rollback()
        await bot.fake.wait_sent(ADA, 2)
        assert (await health_becomes(port, 200)).startswith("ok")
        await eventually(lambda: handled(bot, [update_id]), "/help to be handled")
    finally:
        await other.dispose()


@sqlite_only
async def test_a_bot_stopped_while_it_cannot_store_a_message_gets_it_again_after_a_restart(
    harness_factory: Any, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """What a supervisor does on a 503: the update was never confirmed, so Telegram keeps it."""
    bot = await harness_factory(start=NOON, database_url=sqlite_url(tmp_path))
    with write_lock(tmp_path):
        update_id = bot.fake.push_text(ADA, "/start")
        await bot.fake.wait_for(lambda: store_warnings(caplog, update_id))
        await asyncio.wait_for(bot.stop(), timeout=60)
    assert bot.fake.confirmed_offset <= update_id
    assert bot.fake.sent(ADA) == []
    await bot.start()
    [reply] = await bot.fake.wait_sent(ADA, 1)
    assert "/connect" in reply.text
    await eventually(lambda: handled(bot, [update_id]), "/start to be handled")


@sqlite_only
async def test_a_lock_right_after_a_reply_is_waited_out_without_a_false_apology(
    harness_factory: Any, sandbox: RunningSandbox, tmp_path: Path
) -> None:
    """The reply is out; marking the update handled meets a lock: the person hears nothing
    more (no "something went wrong" for a message that went right) and the mark lands."""
    bot = await harness_factory(
        start=NOON, agent_api_base_url=sandbox.url, database_url=sqlite_url(tmp_path)
    )
    await linked(bot, sandbox, ADA, "Ada")
    await eventually(lambda: nothing_unhandled(bot), "the linking updates to be finished")
    locks: list[sqlite3.Connection] = []

    def lock_once(message: Any) -> None:
        if message.chat_id == ADA and not locks:
            other = sqlite3.connect(
                tmp_path / "bot.db", isolation_level=None, check_same_thread=False
            )
            other.execute("BEGIN IMMEDIATE")
            locks.append(other)

    bot.fake.after_send = lock_once
    update_id = bot.fake.push_text(ADA, "/help")
    await bot.fake.wait_for(lambda: bool(locks))
    await asyncio.sleep(4 * BUSY_TIMEOUT)  # the handled mark meets the lock, more than once
    locks[0].execute("ROLLBACK")
    locks[0].close()
    await eventually(lambda: handled(bot, [update_id]), "the update to be marked handled")
    texts = [m.text for m in bot.fake.sent(ADA)]
    assert not any("went wrong" in text for text in texts), texts
