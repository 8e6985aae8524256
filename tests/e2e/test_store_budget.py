"""What one logged message costs the bot's own store, counted through the real PTB application.

From the update's arrival to "marked handled": the update journal, the account read, the
outbox item with its history and LLM usage, and marking it sent. Each store transaction and
each statement is a round trip (on SQLite, a hand-off to aiosqlite's worker thread), and under
a crowd they are most of the bot's CPU, so the budget is a promise, held here.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from sqlalchemy import event, func, or_, select
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.store.db import make_engine
from bot.store.direct import Direct
from bot.store.models import OutboxItem, OutboxStatus, ProcessedUpdate
from bot.store.outbox_claims import untold
from tests.fixtures.core import store_on_postgres
from tests.fixtures.sandbox import RunningSandbox
from tests.fixtures.telegram import PATIENCE

ADA = 5151
START = dt.datetime(2026, 3, 2, 9, 0, tzinfo=dt.UTC)
# Transactions that write: recording the update, storing the outbox item (with its history,
# LLM usage and the update marked handled), marking it sent, and marking it told once the reply
# went out (a crash before that brings a "✅ Synced" instead of silence); the account is read
# without one. A store several processes may share (PostgreSQL) adds one: claiming the update
# when its handling starts, which also asks whether a process that died left the person's
# earlier ones.
MAX_TRANSACTIONS = 5 if store_on_postgres() else 4
MAX_STATEMENTS = 8


@dataclass
class StoreCount:
    statements: list[str]
    transactions: int = 0


@contextmanager
def count_store(engine: Any) -> Iterator[StoreCount]:
    """Count what `engine` runs from now on: statements, and transactions begun (explicitly
    or by SQLAlchemy's autobegin); and what the hot path sends to the driver directly
    (`bot.store.direct`): its statements, and its transactions that wrote."""
    counted = StoreCount(statements=[])

    def direct(what: str, sql: str) -> None:
        if what == "statement":
            counted.statements.append("direct " + sql[:60])
        else:
            counted.transactions += 1

    def statement(conn: Any, cursor: Any, sql: str, *args: Any) -> None:
        counted.statements.append(sql.split()[0].upper() + " " + sql[:60])

    def begin(conn: Any) -> None:
        counted.transactions += 1

    event.listen(engine.sync_engine, "before_cursor_execute", statement)
    event.listen(engine.sync_engine, "begin", begin)
    Direct.observers.append(direct)
    try:
        yield counted
    finally:
        Direct.observers.remove(direct)
        event.remove(engine.sync_engine, "before_cursor_execute", statement)
        event.remove(engine.sync_engine, "begin", begin)


async def settled(bot: Any) -> None:
    """Wait until every message sent so far is finished: its update journaled as handled, and
    every outbox item applied (or given up) and the person told of it (`mark_told`, the last
    write of a logged message, after its reply went to the Bot API). Asked through an engine
    of its own, so the asking is not counted; the bound (`PATIENCE`) is only ever reached
    when a message never finishes."""
    await bot.fake.wait_idle()  # every pushed update was fetched
    engine = make_engine(bot.assistant.resources.settings.database_url)
    try:
        deadline = time.monotonic() + PATIENCE
        while not await _finished(engine):
            assert time.monotonic() < deadline, f"a message never finished in {PATIENCE} s"
            await asyncio.sleep(0.01)
    finally:
        await engine.dispose()


async def _finished(engine: AsyncEngine) -> bool:
    async with engine.connect() as conn:
        unhandled = await conn.scalar(
            select(func.count())
            .select_from(ProcessedUpdate)
            .where(ProcessedUpdate.handled_at.is_(None))
        )
        waiting = await conn.scalar(
            select(func.count())
            .select_from(OutboxItem)
            .where(
                or_(
                    OutboxItem.status.not_in([OutboxStatus.DONE, OutboxStatus.FAILED]),
                    untold(),
                )
            )
        )
    return unhandled == 0 and waiting == 0


async def test_a_logged_message_stays_within_its_store_budget(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    key = await sandbox.add_user("Ada Lovelace", "Europe/Berlin")
    bot = await harness_factory(start=START, agent_api_base_url=sandbox.url, outbox_every=None)
    await bot.say(ADA, f"/connect {key}")
    await bot.say(ADA, "/timezone Europe/Berlin")
    first = await bot.say(ADA, "2 eggs and toast")
    assert first.text.startswith("<b>Logged</b>")
    assert bot.assistant is not None
    with count_store(bot.assistant.resources.engine) as counted:
        await settled(bot)
        counted.statements.clear()
        counted.transactions = 0

        reply = await bot.say(ADA, "a banana")
        await settled(bot)

    assert reply.text.startswith("<b>Logged</b>")
    detail = "\n".join(counted.statements)
    assert counted.transactions <= MAX_TRANSACTIONS, detail
    assert len(counted.statements) <= MAX_STATEMENTS, detail


async def test_messages_fetched_together_are_journaled_together(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    """Several messages in one getUpdates answer: one statement journals them all, so a
    logged message costs three transactions of its own (its outbox item, marking it sent,
    marking it told; on a store processes share, a fourth: claiming it when its handling
    starts)."""
    key = await sandbox.add_user("Ada Lovelace", "Europe/Berlin")
    bot = await harness_factory(start=START, agent_api_base_url=sandbox.url, outbox_every=None)
    await bot.say(ADA, f"/connect {key}")
    assert bot.assistant is not None
    foods = ["a banana", "an apple", "2 eggs", "a slice of toast", "a yogurt"]
    with count_store(bot.assistant.resources.engine) as counted:
        await settled(bot)
        counted.statements.clear()
        counted.transactions = 0
        bot.fake.push_texts(ADA, foods)  # one getUpdates answer carries them all
        replies = await bot.fake.wait_sent(ADA, len(foods) + 1)
        await settled(bot)

    assert all(r.text.startswith("<b>Logged</b>") for r in replies[1:]), replies
    detail = "\n".join(counted.statements)
    journaled = [s for s in counted.statements if "INTO processed_updates" in s]
    assert len(journaled) == 1, detail
    own = MAX_TRANSACTIONS - 1  # what a message costs beside its share of the journaling
    assert counted.transactions <= own * len(foods) + 1, detail
