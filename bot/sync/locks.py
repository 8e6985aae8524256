"""One person's updates in order across bot processes: a PostgreSQL advisory lock per person.

Within one process `bot.telegram.ordering` already runs a person's updates one at a time. With
several replicas behind a load balancer, a person's next update may reach another process, so
the turn is also taken in the database: `pg_try_advisory_lock(key)` on one connection this
process keeps for locks alone.

Why this shape:

- Telegram sends a chat's next update only after the webhook answered the previous one. The
  lock is therefore taken *before* the webhook answers (see `ordering.OrderedUpdateQueue`) and
  released when the update has been handled: the next update, wherever it lands, waits for it.
- Session-level locks on one shared connection, not `pg_advisory_xact_lock` in a transaction
  per person: the latter holds a pooled connection for every person in flight (a second per
  update, for seconds while the LLM answers), which caps concurrency at the pool size and
  multiplies connections by replicas. One connection holds any number of keys; a lock held by
  this process is re-entrant, so two updates of one person in the same process do not block
  each other (the in-process queue orders them).
- Waiting is polling with backoff (a blocked `pg_advisory_lock` would stall the shared
  connection). Only one update per person can be waiting, as Telegram sends no more until it
  is answered, so fairness does not matter.
- A process that dies loses its connection and PostgreSQL drops its locks at once: no lease
  to time out. If the lock connection breaks, the locks it held are gone; the next acquire
  reconnects and the loss is logged (order then rests on the in-process queue alone).

SQLite runs one process only, so `person_locks` returns None there and nothing is locked.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import time
from collections.abc import Hashable

from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError, SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from bot.store import make_engine

log = logging.getLogger(__name__)

FIRST_POLL = 0.005  # seconds; doubled after each miss
MAX_POLL = 0.1
MAX_WAIT = 120.0  # after this long the update runs anyway (a holder stuck that long is broken)


def lock_key(person: Hashable) -> int:
    """A signed 64-bit advisory-lock key for `person`, in a namespace of our own.

    Hashing keeps the keys apart from other users of advisory locks (the migration lock); a
    collision between two people only makes them wait for each other, never breaks order.
    """
    digest = hashlib.blake2b(f"healthbot:person:{person!r}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)


class PersonLocks:
    """Cross-process per-person locks on PostgreSQL, held on one dedicated connection."""

    def __init__(self, engine: AsyncEngine) -> None:
        self._engine = engine
        self._connection: AsyncConnection | None = None
        self._io = asyncio.Lock()  # one statement at a time on the shared connection
        self._held: dict[int, int] = {}  # key -> how many of our updates hold it

    @classmethod
    def for_url(cls, url: str) -> PersonLocks:
        # One connection, never recycled behind our back (that would drop the locks).
        return cls(make_engine(url, pool_size=1, max_overflow=0, pool_pre_ping=False))

    async def acquire(self, person: Hashable) -> int:
        """Wait until this process holds `person`'s lock; returns the key to `release`."""
        key = lock_key(person)
        delay, deadline = FIRST_POLL, time.monotonic() + MAX_WAIT
        while True:
            try:
                if await self._take(key):
                    return key
            except (DBAPIError, SQLAlchemyError, OSError) as exc:
                log.warning("person lock unavailable (%s); going on without it", type(exc).__name__)
                return key
            if time.monotonic() > deadline:
                log.warning("waited %.0f s for a person lock; going on without it", MAX_WAIT)
                return key
            await asyncio.sleep(delay)
            delay = min(delay * 2, MAX_POLL)

    async def try_acquire(self, person: Hashable) -> int | None:
        """Take `person`'s lock only if it is free now (or ours); None when another process
        holds it, or when the database cannot say."""
        key = lock_key(person)
        try:
            return key if await self._take(key) else None
        except (DBAPIError, SQLAlchemyError, OSError) as exc:
            log.warning("person lock unavailable (%s)", type(exc).__name__)
            return None

    async def _take(self, key: int) -> bool:
        """One try at `key`'s lock; True, and counted for `release`, when we now hold it."""
        if not await self._execute("SELECT pg_try_advisory_lock(:key)", key):
            return False
        self._held[key] = self._held.get(key, 0) + 1
        return True

    async def release(self, key: int) -> None:
        """Give back one hold of `key` (taken by `acquire`); never raises."""
        count = self._held.get(key, 0)
        if count == 0:
            return  # acquired without the lock (database trouble), or the connection was lost
        if count > 1:
            self._held[key] = count - 1
        else:
            del self._held[key]
        try:
            await self._execute("SELECT pg_advisory_unlock(:key)", key)
        except (DBAPIError, SQLAlchemyError, OSError) as exc:
            log.warning("could not release a person lock (%s)", type(exc).__name__)

    async def aclose(self) -> None:
        """Close the lock connection; PostgreSQL releases whatever it still held."""
        async with self._io:
            if self._connection is not None:
                await self._connection.close()
                self._connection = None
        self._held.clear()
        await self._engine.dispose()

    async def _execute(self, statement: str, key: int) -> bool:
        async with self._io:
            if self._connection is None:
                if self._held:
                    log.warning("lock connection lost; %d person locks dropped", len(self._held))
                    self._held.clear()
                self._connection = await self._engine.connect()
                # Autocommit: session locks outlive transactions; no transaction stays open.
                await self._connection.execution_options(isolation_level="AUTOCOMMIT")
            try:
                result = await self._connection.execute(text(statement), {"key": key})
            except Exception:
                connection, self._connection = self._connection, None
                try:
                    await connection.invalidate()
                except Exception:  # already broken: nothing more to release
                    pass
                raise
            return bool(result.scalar())


def person_locks(database_url: str) -> PersonLocks | None:
    """Locks for a store shared by several processes (PostgreSQL); None for SQLite."""
    if make_url(database_url).get_backend_name() != "postgresql":
        return None
    return PersonLocks.for_url(database_url)
