"""The update journal's replay rules on both databases: what a process that died left behind
is replayed once and in the person's order, and never lost while a live process holds the
person's turn (`bot.store.journal`)."""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime, timedelta
from typing import cast

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncEngine
from telegram import Bot, Update

from bot.store import make_sessionmaker
from bot.store.crypto import KeyCipher, generate_key
from bot.store.direct import Direct
from bot.store.journal import (
    MOST_ROWS,
    claim_update,
    mark_update_handled,
    prepare_record_statements,
    record_update,
    record_updates,
)
from bot.store.journal_replay import release_earlier_updates, release_stale_updates
from bot.store.models import ProcessedUpdate
from bot.sync.journal import UpdateJournal
from bot.sync.locks import PersonLocks
from bot.telegram.journal import journaled_queue, replay

# The fixtures are imported so these tests run with --noconftest too; parameters
# named after them are their uses, not redefinitions.
# ruff: noqa: F811
from tests.store.conftest import engine, pg_engine, pg_url, sqlite_engine  # noqa: F401

T0 = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)
LEASE = timedelta(seconds=3)
ADA = 7001


async def _record(engine: AsyncEngine, update_id: int, at: datetime, user_id: int = ADA) -> None:
    async with make_sessionmaker(engine).begin() as session:
        assert await record_update(
            session=session,
            update_id=update_id,
            payload=b"u%d" % update_id,
            user_id=user_id,
            now=at,
        )


async def _claim(engine: AsyncEngine, update_id: int, at: datetime) -> bool:
    async with make_sessionmaker(engine).begin() as session:
        return await claim_update(session=session, update_id=update_id, now=at)


async def _handled(engine: AsyncEngine, update_id: int, at: datetime) -> None:
    async with make_sessionmaker(engine).begin() as session:
        await mark_update_handled(session=session, update_id=update_id, now=at)


async def _replay(engine: AsyncEngine, now: datetime) -> tuple[list[int], int]:
    async with make_sessionmaker(engine).begin() as session:
        rows, dropped = await release_stale_updates(
            session=session, received_since=now - timedelta(minutes=10), stale_before=now - LEASE
        )
    return [update_id for update_id, _ in rows], dropped


async def _earlier(engine: AsyncEngine, before: int, now: datetime) -> list[int]:
    async with make_sessionmaker(engine).begin() as session:
        rows = await release_earlier_updates(
            session=session, user_id=ADA, before=before, received_since=now - timedelta(minutes=10)
        )
    return [update_id for update_id, _ in rows]


async def test_an_update_left_by_a_dead_process_is_not_lost_while_a_live_one_takes_over(
    engine: AsyncEngine,
) -> None:
    # A replica received update 5, claimed it, and was killed while handling it.
    await _record(engine, 5, T0)
    assert await _claim(engine, 5, T0)
    # Long after (the dead replica held the person's turn until it died), another replica
    # takes update 6 and, holding the person's turn, releases 5 to handle it first.
    later = T0 + LEASE * 3
    await _record(engine, 6, later)
    assert await _claim(engine, 6, later)
    assert await _earlier(engine, 6, later) == [5]

    # A third replica's periodic replay runs in that moment: 5 is neither replayed (the one
    # holding the turn handles it) nor dropped as overtaken by 6.
    assert await _replay(engine, later + timedelta(milliseconds=5)) == ([], 0)
    # So the replica holding the turn can still claim and handle it, before 6.
    assert await _claim(engine, 5, later + timedelta(milliseconds=10))
    await _handled(engine, 5, later + timedelta(milliseconds=20))
    await _handled(engine, 6, later + timedelta(milliseconds=30))
    assert await _replay(engine, later + LEASE * 2) == ([], 0)


async def test_updates_a_dead_process_claimed_are_replayed_together_in_order(
    engine: AsyncEngine,
) -> None:
    # The same replica had taken 5 and 6 (its turn is re-entrant) when it died.
    for update_id in (5, 6):
        await _record(engine, update_id, T0)
        assert await _claim(engine, update_id, T0)
    now = T0 + LEASE * 2
    assert await _replay(engine, now) == ([5, 6], 0)
    assert await _claim(engine, 5, now)
    # A second replica's replay in the meantime leaves 5 to the one handling it; should it
    # queue 6 again, the claim lets only one of them handle it.
    assert 5 not in (await _replay(engine, now + timedelta(milliseconds=5)))[0]
    assert await _claim(engine, 6, now + timedelta(milliseconds=10))
    assert not await _claim(engine, 6, now + timedelta(milliseconds=15))


async def test_an_update_overtaken_by_a_handled_later_one_is_dropped_not_replayed(
    engine: AsyncEngine,
) -> None:
    await _record(engine, 5, T0)
    assert await _claim(engine, 5, T0)
    await _record(engine, 6, T0 + LEASE)
    assert await _claim(engine, 6, T0 + LEASE)
    await _handled(engine, 6, T0 + LEASE)
    # Replaying 5 now would put it after 6: it is counted and never handled.
    assert await _replay(engine, T0 + LEASE * 3) == ([], 1)
    assert not await _claim(engine, 5, T0 + LEASE * 3)


async def test_another_persons_live_update_holds_nothing_back(engine: AsyncEngine) -> None:
    await _record(engine, 5, T0)
    assert await _claim(engine, 5, T0)
    await _record(engine, 6, T0 + LEASE * 3, user_id=ADA + 1)
    assert await _claim(engine, 6, T0 + LEASE * 3)
    assert await _replay(engine, T0 + LEASE * 3) == ([5], 0)


async def test_a_replay_leaves_an_update_whose_person_a_live_replica_is_serving(
    pg_engine: AsyncEngine,
) -> None:
    """The periodic replay must not wait behind a live replica's update (that stalled every
    replay after it for as long), nor replay it under that replica's hands."""
    url = pg_engine.url.render_as_string(hide_password=False)
    here, there = PersonLocks.for_url(url), PersonLocks.for_url(url)
    journal = UpdateJournal(
        sessionmaker=make_sessionmaker(pg_engine),
        direct=Direct(pg_engine),
        cipher=KeyCipher([generate_key()]),
        claim_timeout=timedelta(milliseconds=50),
    )
    update = {
        "update_id": 5,
        "message": {
            "message_id": 1,
            "date": 0,
            "chat": {"id": ADA, "type": "private"},
            "from": {"id": ADA, "is_bot": False, "first_name": "Ada"},
            "text": "2 eggs",
        },
    }
    queue = journaled_queue(journal, here)
    bot = Bot("123:abc")
    try:
        await journal.record(5, json.dumps(update), ADA)
        assert await journal.claim(5)
        await asyncio.sleep(0.1)  # slower than the claim timeout, yet alive
        serving = await there.acquire(("user", ADA))

        assert await asyncio.wait_for(replay(journal, queue, bot), 2) == 0
        assert queue.empty()

        await there.release(serving)  # done, or died: PostgreSQL frees a dead one's locks
        await asyncio.sleep(0.1)
        assert await asyncio.wait_for(replay(journal, queue, bot), 2) == 1
        assert cast(Update, queue.get_nowait()).update_id == 5
    finally:
        await here.aclose()
        await there.aclose()


async def test_more_updates_than_one_statement_holds_are_journaled_in_prepared_statements(
    engine: AsyncEngine,
) -> None:
    """A getUpdates answer larger than the largest prepared statement (a server other than
    Telegram may send more than 100) is journaled whole, each update once, by statements
    compiled at start: none is compiled while the crowd waits."""
    direct = Direct(engine)
    prepare_record_statements(engine.dialect)
    sent: list[str] = []

    def observe(what: str, sql: str) -> None:
        if what == "statement":
            sent.append(sql)

    count = MOST_ROWS + 72
    Direct.observers.append(observe)
    try:
        fresh = await record_updates(
            direct=direct,
            updates=[(1000 + i, f"u{i}".encode(), ADA + i % 7) for i in range(count)],
            now=T0,
            holder="w1",
            claim=True,
        )
    finally:
        Direct.observers.remove(observe)
    assert fresh == {1000 + i for i in range(count)}
    assert len(sent) == 2  # MOST_ROWS, then the rest in the next size up
    async with make_sessionmaker(engine)() as session:
        assert await session.scalar(select(func.count()).select_from(ProcessedUpdate)) == count


async def test_a_getupdates_answer_is_journaled_whole_with_each_update_once(
    engine: AsyncEngine,
) -> None:
    """Three updates, one of them seen before: the two new ones are reported new (and the
    statement, sized for four, journals no update twice nor a phantom one)."""
    await _record(engine, 11, T0)
    direct = Direct(engine)
    fresh = await record_updates(
        direct=direct,
        updates=[(11, b"again", ADA), (12, b"u12", ADA), (13, b"u13", ADA + 1)],
        now=T0,
        holder="w1",
        claim=True,
    )
    assert fresh == {12, 13}
    async with make_sessionmaker(engine)() as session:
        rows = (
            await session.execute(
                select(ProcessedUpdate.update_id, ProcessedUpdate.user_id).order_by(
                    ProcessedUpdate.update_id
                )
            )
        ).all()
        assert [tuple(row) for row in rows] == [(11, ADA), (12, ADA), (13, ADA + 1)]
        assert await session.scalar(select(func.count()).select_from(ProcessedUpdate)) == 3
