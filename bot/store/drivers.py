"""How each database's driver runs the statements `bot.store.direct` binds.

SQLite (aiosqlite) runs a message's few statements right on the event loop's thread and
waits for another process's lock on aiosqlite's own thread; PostgreSQL (asyncpg) awaits
each statement. Both raise what SQLAlchemy would, so callers catch one set of errors.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from functools import partial
from typing import Any, Protocol, cast

from sqlalchemy import event
from sqlalchemy.exc import DBAPIError, IntegrityError, MissingGreenlet, OperationalError
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlalchemy.pool import PoolProxiedConnection, QueuePool

from bot.store.db import sqlite_busy_timeout_ms

Bound = tuple[str, list[Any]]  # a compiled statement's SQL and its parameters, converted


class Tx(Protocol):
    """What a backend needs of a transaction (`bot.store.direct.Tx`): whether it must be
    atomic, and the writes it holds to send with its commit."""

    atomic: bool

    def take_later(self) -> list[Bound]: ...


class _Failed(Exception):
    """A statement the driver refused, inside a run of several: which one it was."""

    def __init__(self, sql: str) -> None:
        super().__init__(sql)
        self.sql = sql


def _work(
    connection: sqlite3.Connection,
    statements: Sequence[Bound],
    commit: bool,
    done: list[Sequence[Any]],
) -> list[Sequence[Any]]:
    """Run `statements` (and the commit) on `connection`, each one's rows appended to `done`
    as it completes: a failure says which statement (`_Failed`), and how far it got."""
    for sql, params in statements:
        try:
            done.append(connection.execute(sql, params).fetchall())
        except sqlite3.Error as exc:
            raise _Failed(sql) from exc
    if commit and connection.in_transaction:
        try:
            connection.commit()
        except sqlite3.Error as exc:
            raise _Failed("COMMIT") from exc
    return done


_RESTORE = "healthbot_busy_timeout_ms"  # in a connection's `info`: its timeout is 0 until set back
_on_the_loop = threading.local()  # `taking`: the statements on the event loop take it


def _waits_for_locks(dbapi_connection: Any, record: Any, _proxy: Any) -> None:
    """A session takes the connection: its busy timeout is set back (its statements run on
    aiosqlite's thread, where waiting for another process's lock is what they should do)."""
    if getattr(_on_the_loop, "taking", False):
        return
    restore = record.info.pop(_RESTORE, None)
    if restore is not None:
        cursor = dbapi_connection.cursor()
        try:
            cursor.execute(f"PRAGMA busy_timeout={restore}")
        finally:
            cursor.close()


def _busy(exc: BaseException | None) -> bool:
    """SQLite's "database is locked": another connection holds the lock, nothing was done."""
    return getattr(exc, "sqlite_errorcode", None) == sqlite3.SQLITE_BUSY


class Sqlite:
    """aiosqlite: the connection begins a transaction before the first write by itself.

    A message's statements take microseconds on SQLite, less than handing them to aiosqlite's
    thread and waking the event loop with the answer (~50 µs of CPU a hand-off, and in a
    crowd the two threads contend for the interpreter): so they run right here, on the event
    loop's thread, on the connection taken from the pool (no one else can use it meanwhile).
    Only a wait may not happen here: while these statements have the connection, its busy
    timeout is 0, so a write lock held by another process fails at once (SQLITE_BUSY: nothing
    was done); that statement and the rest then go to aiosqlite's thread with the configured
    busy timeout, which waits as it always did, and the event loop goes on meanwhile. The
    timeout is set back when a session takes the connection (its statements run on
    aiosqlite's thread and may wait), and to 0 again when these take it back: a PRAGMA each
    time the connection changes hands, not around every statement. `_execute` (run a function
    on aiosqlite's thread) is not published by aiosqlite: `tests/store/test_direct.py` holds it
    to what is used here.
    """

    def __init__(self, engine: AsyncEngine) -> None:
        self._wait_ms = sqlite_busy_timeout_ms(engine.url)
        self.waited: Callable[[], None] | None = None  # told each wait for another's lock
        if not event.contains(engine.sync_engine, "checkout", _waits_for_locks):
            event.listen(engine.sync_engine, "checkout", _waits_for_locks)

    @staticmethod
    def checkout(engine: AsyncEngine) -> PoolProxiedConnection | None:
        """The pool's connection taken here when it is free and open, else None (then it is
        waited for, or opened, through SQLAlchemy's async adaption: a greenlet each way,
        ~25 µs of CPU, more than the statements it carries)."""
        pool = engine.sync_engine.pool
        if isinstance(pool, QueuePool) and pool.checkedin() == 0:
            return None  # in use, or not opened yet: waiting or opening is the async way's
        _on_the_loop.taking = True
        try:
            return engine.sync_engine.raw_connection()
        except MissingGreenlet:  # it had to be opened again (after an error): the async way
            return None
        finally:
            _on_the_loop.taking = False

    def prepare(self, pooled: PoolProxiedConnection) -> None:
        """The connection fails at once on a lock while it is here (see the class docstring)."""
        if _RESTORE not in pooled.info:
            cast(Any, pooled.driver_connection)._conn.execute("PRAGMA busy_timeout=0")
            pooled.info[_RESTORE] = self._wait_ms

    @staticmethod
    def checkin(pooled: PoolProxiedConnection) -> bool:
        """Give the connection back here when that needs nothing of the database (no
        transaction left open to roll back); whether it was."""
        if pooled.driver_connection is None or pooled.driver_connection._conn.in_transaction:
            return False
        pooled.close()
        return True

    async def run(
        self, driver: Any, statements: Sequence[Bound], commit: bool
    ) -> list[Sequence[Any]]:
        connection: sqlite3.Connection = driver._conn
        if not statements and not (commit and connection.in_transaction):
            return []
        done: list[Sequence[Any]] = []
        try:
            _work(connection, statements, commit, done)
        except _Failed as failed:
            if not _busy(failed.__cause__):
                raise self.wrap(failed.sql, cast(BaseException, failed.__cause__)) from (
                    failed.__cause__
                )
            # Another process holds the write lock: wait for it off the event loop.
            if self.waited is not None:
                self.waited()
            rest = statements[len(done) :]
            connection.execute(f"PRAGMA busy_timeout={self._wait_ms}")
            try:
                await driver._execute(partial(_work, connection, rest, commit, done))
            except _Failed as again:
                raise self.wrap(again.sql, cast(BaseException, again.__cause__)) from (
                    again.__cause__
                )
            finally:
                connection.execute("PRAGMA busy_timeout=0")
        return done

    @staticmethod
    def wrap(sql: str, exc: BaseException) -> Exception:
        return DBAPIError.instance(sql, None, cast(Exception, exc), sqlite3.Error)

    @asynccontextmanager
    async def transaction(self, driver: Any, tx: Tx) -> AsyncIterator[None]:
        try:
            yield
            await self.run(driver, tx.take_later(), True)
        except BaseException:
            if driver.in_transaction:
                await driver.rollback()
            raise


class Postgres:
    """asyncpg: each statement commits by itself unless a transaction is open."""

    @staticmethod
    def checkout(_engine: AsyncEngine) -> PoolProxiedConnection | None:
        return None  # a checkout pings the server first: the async way

    @staticmethod
    def prepare(_pooled: PoolProxiedConnection) -> None:
        return None

    @staticmethod
    def checkin(_pooled: PoolProxiedConnection) -> bool:
        return False  # resetting the connection is a round trip: the async way

    @staticmethod
    def wrap(sql: str, exc: BaseException) -> Exception:
        state = str(getattr(exc, "sqlstate", "") or "")
        if state.startswith("23"):  # integrity constraint violation
            return IntegrityError(sql, None, cast(Exception, exc))
        if isinstance(exc, OSError) or state[:2] in ("08", "40", "53", "55", "57"):
            return OperationalError(sql, None, cast(Exception, exc))  # connection, lock, ...
        return DBAPIError(sql, None, cast(Exception, exc))

    async def run(
        self, driver: Any, statements: Sequence[Bound], commit: bool
    ) -> list[Sequence[Any]]:
        done: list[Sequence[Any]] = []
        for sql, params in statements:
            try:
                done.append(await driver.fetch(sql, *params))
            except Exception as exc:  # as SQLAlchemy would raise it: callers catch its errors
                raise self.wrap(sql, exc) from exc
        return done

    @asynccontextmanager
    async def transaction(self, driver: Any, tx: Tx) -> AsyncIterator[None]:
        if not tx.atomic:
            yield
            await self.run(driver, tx.take_later(), True)
            return
        async with driver.transaction():
            yield
            await self.run(driver, tx.take_later(), True)
