"""`bot.sync.locks.PersonLocks`: one person's turn across processes
(two instances = two processes)."""

from __future__ import annotations

import asyncio

import pytest

from bot.sync.locks import PersonLocks, lock_key, person_locks

pytestmark = pytest.mark.postgres

# A lock that is free is had at once; one that is held is never had while it is. This bound
# only ends a wait that would never end (a failure), however slow the machine is.
PATIENCE = 60


async def test_a_person_waits_for_the_other_process_and_others_do_not(pg_url: str) -> None:
    a, b = PersonLocks.for_url(pg_url), PersonLocks.for_url(pg_url)
    try:
        key = await a.acquire(("user", 1))
        waiting = asyncio.create_task(b.acquire(("user", 1)))
        # Someone else: had while user 1 is held (a wrong lock would wait out the bound).
        other = await asyncio.wait_for(b.acquire(("user", 2)), PATIENCE)
        await asyncio.sleep(0.2)
        assert not waiting.done()
        await a.release(key)
        await asyncio.wait_for(waiting, PATIENCE)
        await b.release(await waiting)
        await b.release(other)
    finally:
        await a.aclose()
        await b.aclose()


async def test_re_entrant_in_one_process_and_freed_when_it_goes(pg_url: str) -> None:
    a, b = PersonLocks.for_url(pg_url), PersonLocks.for_url(pg_url)
    try:
        first = await a.acquire(("user", 7))
        # The in-process queue orders: had again by the process that holds it.
        second = await asyncio.wait_for(a.acquire(("user", 7)), PATIENCE)
        await a.release(first)
        waiting = asyncio.create_task(b.acquire(("user", 7)))
        await asyncio.sleep(0.2)
        assert not waiting.done()  # still held once
        await a.aclose()  # the process goes away: PostgreSQL frees its locks
        await b.release(await asyncio.wait_for(waiting, PATIENCE))
        del second
    finally:
        await a.aclose()
        await b.aclose()


def test_keys_are_stable_and_sqlite_needs_no_locks() -> None:
    assert lock_key(("user", 42)) == lock_key(("user", 42)) != lock_key(("chat", 42))
    assert person_locks("sqlite+aiosqlite:///x.db") is None
