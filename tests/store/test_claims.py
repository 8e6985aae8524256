"""Work shared by processes: updates processed once, reminders and outbox items claimed once."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from datetime import UTC, date, datetime, timedelta

import pytest
from sqlalchemy import insert, true, update
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.store import make_sessionmaker, repo
from bot.store.claims import Workers
from bot.store.models import Account, AccountStatus, OutboxItem, OutboxStatus, Reminder
from tests.fixtures.store import enqueue_pending

# The fixtures are imported so these tests run with --noconftest too; parameters
# named after them are their uses, not redefinitions.
# ruff: noqa: F811
from tests.store.conftest import engine, pg_engine, pg_url, sqlite_engine  # noqa: F401

NOW = datetime(2026, 6, 1, 19, 0, tzinfo=UTC)
TIMEOUT = timedelta(minutes=5)
PEOPLE = range(1, 101)


async def _accounts(engine: AsyncEngine, ids: range = PEOPLE) -> None:
    async with engine.begin() as connection:
        await connection.execute(
            insert(Account),
            [
                {
                    "telegram_id": i,
                    "chat_id": i,
                    "encrypted_key": b"t",
                    "created_at": NOW,
                    "updated_at": NOW,
                }
                for i in ids
            ],
        )


async def _due_reminders(engine: AsyncEngine) -> None:
    await _accounts(engine)
    async with engine.begin() as connection:
        await connection.execute(
            insert(Reminder),
            [{"telegram_id": i, "next_due_at": NOW - timedelta(seconds=i)} for i in PEOPLE],
        )


async def _claim_reminders(engine: AsyncEngine, worker: str, now: datetime = NOW) -> list[int]:
    claimed: list[int] = []
    while True:
        async with make_sessionmaker(engine).begin() as session:
            batch = await repo.due_reminders(
                session=session, now=now, limit=7, worker_id=worker, claim_timeout=TIMEOUT
            )
        if not batch:
            return claimed
        assert all(r.claimed_by == worker for r in batch)
        claimed += [r.telegram_id for r in batch]
        await asyncio.sleep(0)


async def _claim_outbox(engine: AsyncEngine, worker: str, now: datetime = NOW) -> list[int]:
    """Claims and finishes items, as a delivery worker does, until nothing is left."""
    done: list[int] = []
    sessions = make_sessionmaker(engine)
    while True:
        async with sessions.begin() as session:
            batch = await repo.claim_outbox(
                session=session, now=now, limit=5, worker_id=worker, claim_timeout=TIMEOUT
            )
        if not batch:
            return done
        for item in batch:
            async with sessions.begin() as session:
                assert await repo.mark_outbox(
                    session=session,
                    item_id=item.id,
                    worker_id=worker,
                    status=OutboxStatus.DONE,
                    now=now,
                )
            done.append(item.id)
        await asyncio.sleep(0)


# --- processed updates ------------------------------------------------------------


async def test_an_update_is_processed_once(engine):
    sessions = make_sessionmaker(engine)
    async with sessions.begin() as session:
        assert await repo.record_update(session=session, update_id=2**40, payload=b"")
    async with sessions.begin() as session:
        assert not await repo.record_update(session=session, update_id=2**40, payload=b"")
        assert await repo.record_update(session=session, update_id=2**40 + 1, payload=b"")


async def test_a_rolled_back_mark_does_not_count(engine):
    sessions = make_sessionmaker(engine)
    async with sessions() as session:
        assert await repo.record_update(session=session, update_id=7, payload=b"")
        await session.rollback()
    async with sessions.begin() as session:
        assert await repo.record_update(session=session, update_id=7, payload=b"")


@pytest.mark.postgres
async def test_twenty_concurrent_deliveries_of_one_update_process_it_once(pg_engine):
    sessions = make_sessionmaker(pg_engine)

    async def deliver() -> bool:
        async with sessions.begin() as session:
            first = await repo.record_update(session=session, update_id=42, payload=b"")
            await asyncio.sleep(0.01)  # hold the transaction open while others try
            return first

    results = await asyncio.gather(*(deliver() for _ in range(20)))
    assert results.count(True) == 1


async def test_concurrent_deliveries_on_sqlite_process_once(sqlite_engine):
    sessions = make_sessionmaker(sqlite_engine)

    async def deliver() -> bool:
        async with sessions.begin() as session:
            return await repo.record_update(session=session, update_id=42, payload=b"")

    results = await asyncio.gather(*(deliver() for _ in range(20)))
    assert results.count(True) == 1


# --- reminders ----------------------------------------------------------------------


@pytest.mark.postgres
async def test_two_workers_claim_disjoint_reminders_covering_all(pg_engine):
    await _due_reminders(pg_engine)
    a, b = await asyncio.gather(_claim_reminders(pg_engine, "a"), _claim_reminders(pg_engine, "b"))
    assert not set(a) & set(b)
    assert sorted(a + b) == list(PEOPLE)
    assert a and b  # both got work: SKIP LOCKED, not one waiting for the other


async def test_reminders_claim_earliest_first_and_only_when_due(engine):
    await _accounts(engine, range(1, 4))
    sessions = make_sessionmaker(engine)
    async with sessions.begin() as session:
        for telegram_id, due in ((1, NOW), (2, NOW - timedelta(hours=1)), (3, NOW + timedelta(1))):
            await repo.schedule_reminder(session=session, telegram_id=telegram_id, next_due_at=due)
    async with sessions.begin() as session:
        batch = await repo.due_reminders(
            session=session, now=NOW, limit=10, worker_id="w", claim_timeout=TIMEOUT
        )
        assert [r.telegram_id for r in batch] == [2, 1]
        assert batch[0].claimed_at == NOW


async def test_a_stale_reminder_claim_is_taken_over_after_the_timeout(engine):
    await _due_reminders(engine)
    assert len(await _claim_reminders(engine, "dead")) == 100
    assert await _claim_reminders(engine, "b", NOW + TIMEOUT) == []  # not yet stale
    later = NOW + TIMEOUT + timedelta(seconds=1)
    assert sorted(await _claim_reminders(engine, "b", later)) == list(PEOPLE)
    async with make_sessionmaker(engine).begin() as session:  # the dead worker lost it
        assert not await repo.complete_reminder(
            session=session,
            telegram_id=1,
            worker_id="dead",
            sent_local_date=date(2026, 6, 1),
            next_due_at=NOW + timedelta(days=1),
        )


async def test_complete_snooze_and_release(engine):
    await _accounts(engine, range(1, 2))
    sessions = make_sessionmaker(engine)
    async with sessions.begin() as session:
        await repo.schedule_reminder(session=session, telegram_id=1, next_due_at=NOW)
        [claimed] = await repo.due_reminders(
            session=session, now=NOW, limit=5, worker_id="w", claim_timeout=TIMEOUT
        )
        assert claimed.claimed_by == "w"  # the object loaded above is refreshed
        assert await repo.release_reminder(
            session=session, telegram_id=1, worker_id="w", retry_at=NOW + timedelta(minutes=1)
        )
    async with sessions.begin() as session:
        assert (
            await repo.due_reminders(
                session=session, now=NOW, limit=5, worker_id="w", claim_timeout=TIMEOUT
            )
            == []
        )
        later = NOW + timedelta(minutes=1)
        [_claimed] = await repo.due_reminders(
            session=session, now=later, limit=5, worker_id="w", claim_timeout=TIMEOUT
        )
        assert await repo.complete_reminder(
            session=session,
            telegram_id=1,
            worker_id="w",
            sent_local_date=date(2026, 6, 1),
            next_due_at=NOW + timedelta(days=1),
            message_id=555,
        )
    async with sessions.begin() as session:
        snoozed = await repo.snooze_reminder(
            session=session, telegram_id=1, until=NOW + timedelta(hours=1)
        )
        assert snoozed is not None
    async with sessions() as session:
        reminder = await repo.get_reminder(session=session, telegram_id=1)
        assert reminder is not None
        assert reminder.last_sent_local_date == date(2026, 6, 1)
        assert reminder.message_id == 555
        assert reminder.next_due_at == reminder.snoozed_until == NOW + timedelta(hours=1)
        assert reminder.claimed_by is None


async def test_no_reminders_for_blocked_unlinked_or_opted_out_people(engine):
    await _accounts(engine, range(1, 5))
    sessions = make_sessionmaker(engine)
    async with sessions.begin() as session:
        for i in range(1, 5):
            await repo.set_timezone(session=session, telegram_id=i, timezone="Europe/Berlin")
            await repo.schedule_reminder(session=session, telegram_id=i, next_due_at=NOW)
        await repo.set_status(session=session, telegram_id=2, status=AccountStatus.BLOCKED)
        await repo.set_reminder_time(session=session, telegram_id=3, reminder_time=None)
        await repo.unlink_account(session=session, telegram_id=4)
        await repo.schedule_reminder(session=session, telegram_id=4, next_due_at=NOW)
    async with sessions.begin() as session:
        batch = await repo.due_reminders(
            session=session, now=NOW, limit=10, worker_id="w", claim_timeout=TIMEOUT
        )
        assert [r.telegram_id for r in batch] == [1]
        rebuild = await repo.reminder_accounts(session=session)
        assert [(a.telegram_id, r is not None) for a, r in rebuild] == [(1, True)]


# --- outbox ---------------------------------------------------------------------------


async def _enqueue_one_each(engine: AsyncEngine) -> list[int]:
    await _accounts(engine)
    ids = []
    async with make_sessionmaker(engine).begin() as session:
        for i in PEOPLE:
            ids.append(
                await enqueue_pending(
                    session=session,
                    telegram_id=i,
                    chat_id=i,
                    local_date=date(2026, 6, 1),
                    actions=[{"type": "weight.log", "kg": 70 + i / 10}],
                    now=NOW,
                )
            )
    return ids


@pytest.mark.postgres
async def test_two_workers_claim_disjoint_outbox_items_covering_all(pg_engine):
    ids = await _enqueue_one_each(pg_engine)
    a, b = await asyncio.gather(_claim_outbox(pg_engine, "a"), _claim_outbox(pg_engine, "b"))
    assert not set(a) & set(b)
    assert sorted(a + b) == sorted(ids)
    assert a and b


@pytest.mark.postgres
async def test_the_service_answering_again_never_waits_on_rows_another_transaction_holds(
    pg_engine,
):
    """Several deliveries can see the service recover at once, each making every backed-off
    item due. Two such updates that lock the same rows in different orders deadlock (one
    message's delivery then fails), so a row someone else holds is skipped, not waited for."""
    ids = await _enqueue_one_each(pg_engine)
    later = NOW + timedelta(minutes=10)
    async with pg_engine.begin() as connection:
        await connection.execute(update(OutboxItem).values(next_attempt_at=later))
    sessions = make_sessionmaker(pg_engine)
    async with sessions.begin() as holder:
        # another transaction holds the first item's row, mid-way through its own update
        await holder.execute(
            update(OutboxItem).where(OutboxItem.id == ids[0]).values(last_error="busy")
        )
        async with sessions.begin() as session:
            due = await asyncio.wait_for(repo.retry_outbox_now(session=session, now=NOW), 5)
        assert due == len(ids) - 1
    async with sessions.begin() as session:
        waiting = await repo.pending_outbox(session=session, telegram_id=1)
        assert [item.next_attempt_at for item in waiting] == [later]
        due_now = await repo.claim_outbox(
            session=session, now=NOW, limit=200, worker_id="w", claim_timeout=TIMEOUT
        )
        assert sorted(item.id for item in due_now) == sorted(ids[1:])


async def test_one_persons_items_go_out_in_order(engine):
    await _accounts(engine, range(1, 3))
    sessions = make_sessionmaker(engine)
    async with sessions.begin() as session:
        first, second = [
            await enqueue_pending(
                session=session,
                telegram_id=1,
                chat_id=1,
                local_date=date(2026, 6, 1),
                actions=[{"n": n}],
                now=NOW,
            )
            for n in (1, 2)
        ]
        other = await enqueue_pending(
            session=session, telegram_id=2, chat_id=2, local_date=NOW.date(), actions=[], now=NOW
        )
    async with sessions.begin() as session:
        batch = await repo.claim_outbox(
            session=session, now=NOW, limit=10, worker_id="w", claim_timeout=TIMEOUT
        )
        assert [i.id for i in batch] == [first, other]
        assert batch[0].actions == [{"n": 1}]
        # The service is down: retry later. The second item still waits behind it.
        await repo.mark_outbox(
            session=session,
            item_id=first,
            worker_id="w",
            status=OutboxStatus.PENDING,
            now=NOW,
            error="503 from service",
            retry_at=NOW + timedelta(seconds=30),
            notify_on_done=True,
        )
    async with sessions.begin() as session:
        assert (
            await repo.claim_outbox(
                session=session, now=NOW, limit=10, worker_id="w", claim_timeout=TIMEOUT
            )
            == []
        )
        pending = await repo.pending_outbox(session=session, telegram_id=1)
        assert [i.id for i in pending] == [first, second]
        assert pending[0].last_error == "503 from service" and pending[0].notify_on_done
    async with sessions.begin() as session:
        later = NOW + timedelta(seconds=30)
        [item] = await repo.claim_outbox(
            session=session, now=later, limit=10, worker_id="w", claim_timeout=TIMEOUT
        )
        assert item.id == first
        await repo.mark_outbox(
            session=session,
            item_id=first,
            worker_id="w",
            status=OutboxStatus.DONE,
            now=later,
            result={"ok": True},
        )
        [item] = await repo.claim_outbox(
            session=session, now=later, limit=10, worker_id="w", claim_timeout=TIMEOUT
        )
        assert item.id == second


async def test_an_item_abandoned_mid_send_comes_back_as_unknown(engine):
    """kill -9 during a send: the write may have landed, so it must be reconciled."""
    [item_id, *_] = await _enqueue_one_each(engine)
    sessions = make_sessionmaker(engine)
    async with sessions.begin() as session:
        await repo.claim_outbox(
            session=session, now=NOW, limit=1, worker_id="dead", claim_timeout=TIMEOUT
        )
        assert await repo.mark_outbox(
            session=session, item_id=item_id, worker_id="dead", status=OutboxStatus.SENDING, now=NOW
        )
    async with sessions.begin() as session:
        batch = await repo.claim_outbox(
            session=session, now=NOW, limit=100, worker_id="b", claim_timeout=TIMEOUT
        )
        assert item_id not in {i.id for i in batch}  # still leased to "dead"
        for other in batch:
            await repo.mark_outbox(
                session=session, item_id=other.id, worker_id="b", status=OutboxStatus.DONE
            )
    later = NOW + TIMEOUT + timedelta(seconds=1)
    async with sessions.begin() as session:
        [item] = await repo.claim_outbox(
            session=session, now=later, limit=100, worker_id="b", claim_timeout=TIMEOUT
        )
        assert (item.id, item.status, item.attempts) == (item_id, OutboxStatus.UNKNOWN, 1)
        assert not await repo.mark_outbox(  # the dead worker's late result is refused
            session=session, item_id=item_id, worker_id="dead", status=OutboxStatus.DONE
        )
        assert await repo.mark_outbox(
            session=session,
            item_id=item_id,
            worker_id="b",
            status=OutboxStatus.FAILED,
            error="x" * 1000,
        )
    async with sessions() as session:
        stored = await session.get(OutboxItem, item_id)
        assert stored is not None and stored.status == OutboxStatus.FAILED
        assert stored.last_error is not None and len(stored.last_error) == 200
        assert await repo.pending_outbox(session=session, telegram_id=1) == []


def _ended_pid() -> int:
    """The id of a process that has run and ended (reaped)."""
    process = subprocess.Popen([sys.executable, "-c", "pass"])
    process.wait()
    return process.pid


async def test_a_restarted_worker_takes_back_its_own_ended_runs_items_at_once(engine):
    """Its earlier run's claims, not a live process's nor another name's, and before the lease."""
    ids = await _enqueue_one_each(engine)
    gone = _ended_pid()
    workers = Workers()
    me = workers.new("host-a")
    claimers = {
        ids[0]: f"host-a:{gone}:00000000",  # my earlier run: it ended
        ids[1]: f"host-a:{os.getppid()}:00000000",  # same name, still running: a replica
        ids[2]: f"host-b:{gone}:00000000",  # another name
        ids[3]: workers.new("host-a"),  # this process, an instance still in use
    }
    retired = workers.new("host-a")
    workers.retire(retired)
    claimers[ids[4]] = retired  # this process, an instance that has closed
    sessions = make_sessionmaker(engine)
    async with sessions.begin() as session:
        for item_id, claimer in claimers.items():
            await session.execute(
                update(OutboxItem)
                .where(OutboxItem.id == item_id)
                .values(claimed_by=claimer, claimed_at=NOW, status=OutboxStatus.SENDING)
            )
    async with sessions.begin() as session:
        ended = await workers.ended_runs(session, me, [(OutboxItem.claimed_by, true())])
        assert ended == sorted([claimers[ids[0]], retired])
        assert await repo.release_outbox_claims(session=session, claimers=ended) == 2
    async with sessions.begin() as session:  # well inside the lease
        claimed = await repo.claim_outbox(
            session=session, now=NOW, limit=100, worker_id=me, claim_timeout=TIMEOUT
        )
    taken = {item.id: item.status for item in claimed}
    assert taken[ids[0]] == taken[ids[4]] == OutboxStatus.UNKNOWN  # may have landed
    assert not {ids[1], ids[2], ids[3]} & set(taken)


async def test_the_ids_in_use_are_those_of_the_workers_that_made_them(engine):
    """Each process's `Workers` knows its own ids: one retired there is taken back at once by
    the next instance, one still in use is not, and a second registry keeps its own count."""
    ids = await _enqueue_one_each(engine)
    first, second = Workers(), Workers()
    live, closed, me = first.new("host-a"), first.new("host-a"), second.new("host-a")
    first.retire(closed)
    sessions = make_sessionmaker(engine)
    async with sessions.begin() as session:
        for item_id, claimer in ((ids[0], live), (ids[1], closed)):
            await session.execute(
                update(OutboxItem)
                .where(OutboxItem.id == item_id)
                .values(claimed_by=claimer, claimed_at=NOW, status=OutboxStatus.SENDING)
            )
    async with sessions.begin() as session:
        source = [(OutboxItem.claimed_by, true())]
        assert await first.ended_runs(session, first.new("host-a"), source) == [closed]
        assert first.ended(live, me) is False
        assert second.ended(closed, me) is True  # not one of the second's ids in use


async def test_done_items_are_pruned_after_delivery(engine):
    await _enqueue_one_each(engine)
    await _claim_outbox(engine, "w")
    async with make_sessionmaker(engine).begin() as session:
        assert await repo.prune_outbox(session=session, before=NOW) == 0
        pruned = await repo.prune_outbox(session=session, before=NOW + timedelta(1))
        assert pruned == 100
        assert await session.get(OutboxItem, 1) is None
