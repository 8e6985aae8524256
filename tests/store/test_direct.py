"""The statements every message runs, sent to the driver (bot/store/direct.py), on both stores."""

from __future__ import annotations

import asyncio
from datetime import UTC, date, datetime, timedelta
from typing import Any, cast

import pytest
from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlalchemy.util import greenlet_spawn

from bot.store import make_sessionmaker, repo
from bot.store.direct import Direct, Sql
from bot.store.models import OutboxItem, OutboxStatus
from bot.sync import items
from bot.sync.items import Entry, OutboxClaims

# The fixtures are imported so these tests run with --noconftest too; parameters
# named after them are their uses, not redefinitions.
# ruff: noqa: F811
from tests.store.conftest import engine, pg_engine, pg_url, sqlite_engine  # noqa: F401

NOW = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)
WORKER = "w1"


async def _claimed_items(engine: AsyncEngine, people: list[int]) -> list[OutboxItem]:
    """One item per person, stored claimed by WORKER (nothing of theirs was waiting)."""
    async with make_sessionmaker(engine).begin() as session:
        for person in people:
            await repo.upsert_account(session=session, telegram_id=person, chat_id=person)
    items = []
    async with Direct(engine).transaction() as tx:
        for person in people:
            item, claimed = await repo.enqueue_claimed(
                tx=tx,
                telegram_id=person,
                chat_id=person,
                local_date=date(2026, 6, 1),
                actions=[{"type": "weight.log", "kg": 70}],
                worker_id=WORKER,
                now=NOW,
            )
            assert claimed and item.status == OutboxStatus.SENDING
            items.append(item)
    return items


def _same_id_again(item: OutboxItem) -> Sql:
    """An INSERT of another item under `item`'s id: the store refuses it."""
    return Sql(
        lambda _d: OutboxItem.__table__.insert().values(
            id=item.id,
            telegram_id=item.telegram_id,
            chat_id=item.chat_id,
            created_at=NOW,
            local_date=date(2026, 6, 1),
            actions_json="[]",
            next_attempt_at=NOW,
        )
    )


async def test_an_item_stored_on_the_driver_reads_back_as_through_the_orm(engine):
    [item] = await _claimed_items(engine, [1001])
    async with make_sessionmaker(engine)() as session:
        stored = await session.get(OutboxItem, item.id)
    assert stored is not None
    for column in OutboxItem.__table__.columns:
        assert getattr(item, column.key) == getattr(stored, column.key), column.key
    assert stored.created_at == NOW and stored.created_at.tzinfo is not None
    assert stored.claimed_by == WORKER and stored.attempts == 1


async def test_deliveries_landing_together_are_recorded_in_one_transaction(engine):
    people = list(range(2001, 2011))
    items = await _claimed_items(engine, people)
    claims = OutboxClaims(make_sessionmaker(engine), Direct(engine), WORKER, timedelta(minutes=5))
    written: list[str] = []

    def observe(what: str, sql: str) -> None:
        written.append(what)

    Direct.observers.append(observe)
    try:
        ours = await asyncio.gather(
            *(
                claims.done([(Entry(item, [], False), [{"id": f"r{item.id}"}])], lambda: NOW)
                for item in items
            )
        )
    finally:
        Direct.observers.remove(observe)

    assert [[e.item.id for e in mine] for mine in ours] == [[item.id] for item in items]
    assert written.count("statement") == len(items)
    assert written.count("transaction") < len(items)  # the first alone, the rest together
    async with make_sessionmaker(engine)() as session:
        statuses = await session.scalars(select(OutboxItem.status).order_by(OutboxItem.id))
        assert set(statuses) == {OutboxStatus.DONE}


async def test_deliveries_landing_a_few_ms_apart_share_transactions(engine, monkeypatch):
    """A crowd's deliveries land spread out (each answer of the service comes on its own),
    a few milliseconds apart: while others are in flight, the first waits for them and they
    are recorded together. (The wait is lengthened here so a loaded machine's late timers
    cannot split the batch.)"""
    monkeypatch.setattr(items, "CROWD_WAIT", 0.5)
    people = list(range(2101, 2121))
    records = await _claimed_items(engine, people)
    claims = OutboxClaims(make_sessionmaker(engine), Direct(engine), WORKER, timedelta(minutes=5))
    written: list[str] = []

    def observe(what: str, sql: str) -> None:
        written.append(what)

    async def lands(position: int, item: OutboxItem) -> list[Entry]:
        claims.unanswered += 1  # sent, as `Delivery` counts it
        await asyncio.sleep(0.003 * position)
        claims.unanswered -= 1
        return await claims.done([(Entry(item, [], False), [{"id": f"r{item.id}"}])], lambda: NOW)

    Direct.observers.append(observe)
    try:
        ours = await asyncio.gather(*(lands(i, item) for i, item in enumerate(records)))
    finally:
        Direct.observers.remove(observe)

    assert [[e.item.id for e in mine] for mine in ours] == [[item.id] for item in records]
    assert written.count("transaction") <= 2, written


async def test_a_lone_delivery_is_recorded_without_waiting(engine, monkeypatch):
    monkeypatch.setattr(items, "CROWD_WAIT", 5.0)
    [item] = await _claimed_items(engine, [2201])
    claims = OutboxClaims(make_sessionmaker(engine), Direct(engine), WORKER, timedelta(minutes=5))
    done = claims.done([(Entry(item, [], False), [{"id": "r1"}])], lambda: NOW)
    assert [e.item.id for e in await asyncio.wait_for(done, 4.0)] == [item.id]


async def test_a_delivery_whose_claim_was_taken_over_is_not_ours(engine):
    [item] = await _claimed_items(engine, [3001])
    claims = OutboxClaims(make_sessionmaker(engine), Direct(engine), "w2", timedelta(minutes=5))
    assert await claims.done([(Entry(item, [], False), [])], lambda: NOW) == []


async def _landed_and_owed(engine: AsyncEngine, people: list[int]) -> OutboxClaims:
    """Items of `people` applied whose people are owed their answer: still claimed by WORKER."""
    records = await _claimed_items(engine, people)
    async with make_sessionmaker(engine).begin() as session:
        await session.execute(
            update(OutboxItem)
            .where(OutboxItem.id.in_([r.id for r in records]))
            .values(notify_on_done=True)
        )
    claims = OutboxClaims(make_sessionmaker(engine), Direct(engine), WORKER, timedelta(minutes=5))
    for item in records:
        assert await claims.done([(Entry(item, [], True), [{"id": f"r{item.id}"}])], lambda: NOW)
    return claims


async def _owed(engine: AsyncEngine) -> list[int]:
    async with make_sessionmaker(engine)() as session:
        rows = await session.scalars(
            select(OutboxItem.telegram_id)
            .where(OutboxItem.claimed_by.is_not(None))
            .order_by(OutboxItem.id)
        )
        return list(rows)


async def _owed_ids(engine: AsyncEngine) -> list[int]:
    async with make_sessionmaker(engine)() as session:
        rows = await session.scalars(
            select(OutboxItem.id).where(OutboxItem.claimed_by.is_not(None)).order_by(OutboxItem.id)
        )
        return list(rows)


async def test_told_records_in_a_crowd_share_a_transaction_and_a_lone_one_goes_at_once(
    engine, monkeypatch
):
    """A crowd's replies leave a pace apart: their told records wait TOLD_WAIT for each other
    (lengthened here so a loaded machine's late timers cannot split them). The first, with
    none before it, is recorded at once, as a lone reply's is."""
    monkeypatch.setattr(items, "TOLD_WAIT", 0.5)
    people = list(range(2301, 2311))
    claims = await _landed_and_owed(engine, people)
    first, *rest = await _owed_ids(engine)
    written: list[str] = []

    def observe(what: str, sql: str) -> None:
        written.append(what)

    Direct.observers.append(observe)
    try:
        claims.told([first])
        await asyncio.sleep(0.05)
        assert written == ["statement", "transaction"]  # the lone one, at once
        assert await _owed(engine) == people[1:]
        for item_id in rest:
            claims.told([item_id])
            await asyncio.sleep(0.01)
        assert await _owed(engine) == people[1:]  # waiting for the next ones
        await asyncio.sleep(0.7)
    finally:
        Direct.observers.remove(observe)
    assert await _owed(engine) == []
    assert written.count("transaction") == 2, written


async def test_told_records_still_waiting_are_written_when_the_process_stops(engine, monkeypatch):
    monkeypatch.setattr(items, "TOLD_WAIT", 30.0)
    people = [2401, 2402]
    claims = await _landed_and_owed(engine, people)
    first, second = await _owed_ids(engine)
    claims.told([first])
    await asyncio.sleep(0.05)
    claims.told([second])  # follows the first: it waits
    await asyncio.sleep(0.05)
    assert await _owed(engine) == [2402]
    await asyncio.wait_for(claims.flush(), 5.0)
    assert await _owed(engine) == []


async def test_a_driver_error_is_raised_as_sqlalchemys(engine):
    """Callers catch SQLAlchemy's errors (a locked store, a constraint): the driver's too."""
    [item] = await _claimed_items(engine, [4001])
    duplicate = _same_id_again(item)
    with pytest.raises(IntegrityError):
        await Direct(engine).rows(duplicate)


def test_a_parameter_without_a_type_is_refused_before_it_reaches_a_driver(sqlite_engine):
    """An untyped parameter would skip the type's conversion (an aware datetime written to
    SQLite as the driver likes it, not as SQLAlchemy does): refused when compiled."""
    from sqlalchemy import bindparam, case, literal, update

    untyped = Sql(
        lambda _d: update(OutboxItem).values(
            claimed_at=case((literal(True), None), else_=bindparam("now"))
        )
    )
    with pytest.raises(TypeError, match="now"):
        untyped.compiled(sqlite_engine.dialect)


async def test_a_write_sent_later_that_fails_undoes_its_whole_transaction(engine):
    """A message's unread writes (turns, usage, the update marked handled) go with the
    commit: one of them refused means nothing of the message is stored, and the error is
    SQLAlchemy's."""
    [item] = await _claimed_items(engine, [5001])
    duplicate = _same_id_again(item)
    with pytest.raises(IntegrityError):
        async with Direct(engine).transaction() as tx:
            stored, _ = await repo.enqueue_claimed(
                tx=tx,
                telegram_id=5001,
                chat_id=5001,
                local_date=date(2026, 6, 1),
                actions=[{"type": "weight.log", "kg": 71}],
                worker_id=WORKER,
                now=NOW,
            )
            repo.add_turns(tx=tx, telegram_id=5001, turns=[("user", "71 kg")], now=NOW)
            tx.later(duplicate)
    async with make_sessionmaker(engine)() as session:
        assert await session.get(OutboxItem, stored.id) is None
        assert await repo.recent_turns(session=session, telegram_id=5001, limit=5) == []


def _count_hand_offs(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the calls aiosqlite runs on its thread (each wakes the event loop with its
    answer). This also holds the aiosqlite internals `Direct` uses (`_execute`, `_conn`) to
    their shape."""
    import aiosqlite

    calls = [0]
    real = aiosqlite.Connection._execute

    async def counted(self, fn, *args, **kwargs):
        calls[0] += 1
        return await real(self, fn, *args, **kwargs)

    monkeypatch.setattr(aiosqlite.Connection, "_execute", counted)
    return calls


async def _store_a_message(engine: AsyncEngine, kg: float) -> None:
    async with Direct(engine).transaction() as tx:
        await repo.enqueue_claimed(
            tx=tx,
            telegram_id=6001,
            chat_id=6001,
            local_date=date(2026, 6, 1),
            actions=[{"type": "weight.log", "kg": kg}],
            worker_id=WORKER,
            now=NOW,
            update_id=int(kg),
        )
        repo.add_turns(tx=tx, telegram_id=6001, turns=[("user", f"{kg} kg")], now=NOW)
        repo.add_llm_usage_later(tx=tx, telegram_id=6001, local_date=date(2026, 6, 1), tokens=9)


async def test_a_messages_writes_reach_sqlite_without_a_hand_off(sqlite_engine, monkeypatch):
    """A message's statements take microseconds on SQLite, less than a trip to aiosqlite's
    thread and back (~50 µs of CPU each): the item (read back), the unread writes and the
    commit all run on the event loop's thread."""
    await _claimed_items(sqlite_engine, [6001])  # the account, and the pool's connection
    calls = _count_hand_offs(monkeypatch)
    await _store_a_message(sqlite_engine, 72)
    assert calls == [0]
    monkeypatch.undo()
    async with make_sessionmaker(sqlite_engine)() as session:
        turns = await repo.recent_turns(session=session, telegram_id=6001, limit=5)
        assert [(str(t.role), t.text) for t in turns] == [("user", "72 kg")]
        assert await repo.get_llm_usage(
            session=session, telegram_id=6001, local_date=date(2026, 6, 1)
        ) == (1, 9)


async def test_a_write_meeting_another_processs_lock_waits_off_the_event_loop(
    tmp_path, monkeypatch
):
    """Another process holds SQLite's write lock (a backup, an operator's shell): the write
    waits for it on aiosqlite's thread, as long as the busy timeout allows, while the event
    loop goes on answering everyone else; when the lock is let go the write lands, once."""
    import sqlite3

    from bot.store.db import make_engine
    from tests.store.conftest import _emptied

    path = tmp_path / "locked.db"
    engine = await _emptied(make_engine(f"sqlite:///{path}?timeout=5"))
    try:
        await _claimed_items(engine, [6001])
        calls = _count_hand_offs(monkeypatch)
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        storing = asyncio.create_task(_store_a_message(engine, 73))
        for _ in range(20):  # the event loop keeps running while the write waits
            await asyncio.sleep(0.01)
        # A write that held the loop would have waited its 5 s out and failed ("database is
        # locked") before these sleeps ended: it is still waiting, so the loop was free.
        assert not storing.done()
        other.execute("ROLLBACK")
        other.close()
        await asyncio.wait_for(storing, 5)
        assert calls[0] >= 1  # the rest of the transaction went to the thread to wait
        async with make_sessionmaker(engine)() as session:
            turns = await repo.recent_turns(session=session, telegram_id=6001, limit=5)
            assert [t.text for t in turns] == ["73 kg"]
        # the connection is back to waiting for locks as configured
        async with engine.connect() as connection:
            timeout = (await connection.exec_driver_sql("PRAGMA busy_timeout")).scalar()
        assert timeout == 5000
    finally:
        await engine.dispose()


async def test_a_connection_opened_again_after_an_error_is_taken_the_async_way(sqlite_engine):
    """The pool's free connection is taken without SQLAlchemy's async adaption (a greenlet
    each way); one the pool must open again first (after an error invalidated it) is taken
    the async way, as opening is the driver's work on its thread."""
    import warnings

    await _claimed_items(sqlite_engine, [6001])
    pooled = await sqlite_engine.raw_connection()
    pooled.invalidate()  # as after a disconnect: the next checkout opens a new connection
    await greenlet_spawn(pooled.close)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no coroutine left unawaited by the attempt
        await _store_a_message(sqlite_engine, 74)
    async with make_sessionmaker(sqlite_engine)() as session:
        turns = await repo.recent_turns(session=session, telegram_id=6001, limit=5)
        assert [t.text for t in turns] == ["74 kg"]


async def test_a_session_taking_the_connection_waits_for_locks_and_the_loop_never_does(tmp_path):
    """The statements run on the event loop hold the connection with a busy timeout of 0 (a
    lock fails at once and is waited for on aiosqlite's thread); a session taking it after
    them runs on that thread and waits for locks as configured; and back again."""
    from bot.store.db import make_engine
    from tests.store.conftest import _emptied

    engine = await _emptied(make_engine(f"sqlite:///{tmp_path / 'turns.db'}?timeout=3"))

    async def on_the_loop() -> int:
        async with Direct(engine).transaction() as tx:
            return int(cast(Any, tx)._driver._conn.execute("PRAGMA busy_timeout").fetchone()[0])

    async def in_a_session() -> int:
        async with engine.connect() as connection:
            return int((await connection.exec_driver_sql("PRAGMA busy_timeout")).scalar())

    try:
        assert [
            await on_the_loop(),
            await in_a_session(),
            await on_the_loop(),
            await on_the_loop(),
            await in_a_session(),
        ] == [0, 3000, 0, 0, 3000]
    finally:
        await engine.dispose()


async def test_the_apps_language_is_kept_with_one_read_and_written_only_when_it_changed(engine):
    direct = Direct(engine)
    sent: list[str] = []

    def observe(what: str, sql: str) -> None:
        sent.append(sql.split()[0])

    Direct.observers.append(observe)
    try:
        kept = await repo.keep_telegram_language(direct=direct, telegram_id=5, code="de", now=NOW)
        assert kept is False and sent == ["SELECT"]  # no account: nothing written
        async with make_sessionmaker(engine).begin() as session:
            await repo.upsert_account(session=session, telegram_id=5, chat_id=5)
        sent.clear()
        assert await repo.keep_telegram_language(direct=direct, telegram_id=5, code="de", now=NOW)
        assert sent[:2] == ["SELECT", "UPDATE"]
        sent.clear()
        assert await repo.keep_telegram_language(direct=direct, telegram_id=5, code="de", now=NOW)
        assert sent == ["SELECT"]  # the same again: read, not written
    finally:
        Direct.observers.remove(observe)
    async with make_sessionmaker(engine)() as session:
        account = await repo.get_account(session=session, telegram_id=5)
    assert account is not None and account.telegram_language == "de"
