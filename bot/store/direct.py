"""The few statements every message runs, sent straight to the database driver.

A logged message reads the person's account, stores its outbox item, marks it sent and
journals its update. Through the ORM session each of those cost ~1 ms of CPU here (the
session's unit of work, SQLAlchemy's async adaption: a greenlet and several hand-offs to
aiosqlite's thread per statement); sent to the driver they cost ~0.2 ms (`make bench`).

The statements stay SQLAlchemy Core statements, written once for both databases. `Sql` compiles
one for the engine's dialect the first time it runs, with the column types' own conversions
for parameters and results (so a value reads and writes exactly as through the ORM), and the
driver connection comes from the engine's own pool: on SQLite the same single connection the
sessions queue for, so the two never hold the database against each other.

What is sent is reported to `Direct.observers` (statements, and transactions that wrote):
the store-budget test and the benchmark count them beside SQLAlchemy's own events.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from functools import partial
from typing import Any, ClassVar, TypeVar, cast

from sqlalchemy import event
from sqlalchemy.engine import Dialect
from sqlalchemy.exc import DBAPIError, IntegrityError, MissingGreenlet, OperationalError
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlalchemy.orm import class_mapper, make_transient_to_detached
from sqlalchemy.pool import PoolProxiedConnection, QueuePool
from sqlalchemy.sql import ClauseElement, Executable
from sqlalchemy.sql.compiler import SQLCompiler
from sqlalchemy.util import greenlet_spawn

from bot.store.db import sqlite_busy_timeout_ms

Model = TypeVar("Model")
Observer = Callable[[str, str], None]  # (what, sql): what is "statement" or "transaction"
_Bound = tuple[str, list[Any]]  # a compiled statement's SQL and its parameters, converted


@dataclass(frozen=True)
class _Compiled:
    sql: str
    names: tuple[str, ...]  # each bound parameter once (a statement may use one in many places)
    order: tuple[int, ...] | None  # where in `names` each of the driver's parameters is; None:
    # in that order already
    fixed: dict[str, Any]  # values written into the statement itself (`.values(status="done")`)
    binds: tuple[Callable[[Any], Any] | None, ...]  # per name
    results: tuple[Callable[[Any], Any] | None, ...]
    writes: bool  # anything but a SELECT: the transaction it runs in commits something


class Sql:
    """A Core statement with named `bindparam`s, compiled once per dialect; `build` makes it
    for a dialect (the dialect's INSERT knows ON CONFLICT: `db.insert_for`)."""

    def __init__(self, build: Callable[[Dialect], ClauseElement]) -> None:
        self.build = build
        self._compiled: dict[str, _Compiled] = {}

    def statement(self, dialect: Dialect) -> Executable:
        """The statement itself, for a session to run (bind the parameters by name)."""
        return cast(Executable, self.build(dialect))

    def compiled(self, dialect: Dialect) -> _Compiled:
        found = self._compiled.get(dialect.name)
        if found is None:
            found = self._compiled[dialect.name] = self._compile(dialect)
        return found

    def _compile(self, dialect: Dialect) -> _Compiled:
        statement = self.build(dialect)
        compiled = cast(SQLCompiler, statement.compile(dialect=dialect))
        if compiled.post_compile_params:  # IN (a list) is expanded per execution
            raise TypeError("IN lists are not supported here: spell them as or_(...)")
        positions = tuple(compiled.positiontup or ())
        names = tuple(dict.fromkeys(positions))
        order = None if names == positions else tuple(names.index(n) for n in positions)
        params = [compiled.binds[name] for name in names]
        untyped = sorted({n for n, p in zip(names, params, strict=True) if p.type._isnull})
        if untyped:  # it would reach the driver unconverted (an aware datetime on SQLite...)
            raise TypeError(f"give these parameters a type (bindparam(type_=...)): {untyped}")
        binds = tuple(p.type.dialect_impl(dialect).bind_processor(dialect) for p in params)
        fixed = {n: p.value for n, p in zip(names, params, strict=True) if not p.required}
        columns = getattr(statement, "exported_columns", ())
        results = tuple(
            column.type.dialect_impl(dialect).result_processor(dialect, None) for column in columns
        )
        sql = str(compiled)
        writes = not sql.lstrip().upper().startswith("SELECT")
        return _Compiled(sql, names, order, fixed, binds, results, writes)


class Tx:
    """Statements on one driver connection; see `Direct.transaction`."""

    def __init__(self, direct: Direct, driver: Any, *, atomic: bool) -> None:
        self._direct = direct
        self._driver = driver
        self.atomic = atomic
        self.wrote = False
        self._later: list[_Bound] = []

    def _bind(self, sql: Sql, values: dict[str, Any]) -> _Bound:
        compiled = sql.compiled(self._direct.dialect)
        given = (
            values[name] if name in values else compiled.fixed[name] for name in compiled.names
        )
        params = [
            value if bind is None else bind(value)
            for value, bind in zip(given, compiled.binds, strict=True)
        ]
        if compiled.order is not None:  # a value used in several places is converted once
            params = [params[i] for i in compiled.order]
        self._direct.observe("statement", compiled.sql)
        self.wrote = self.wrote or compiled.writes
        return compiled.sql, params

    def later(self, sql: Sql, **values: Any) -> None:
        """A write whose rows nobody reads: sent with this transaction's next statement or its
        commit, in the same call to the driver. Its failure fails that statement or the
        commit, and so the whole transaction."""
        self._later.append(self._bind(sql, values))

    def take_later(self) -> list[_Bound]:
        later, self._later = self._later, []
        return later

    async def rows(self, sql: Sql, **values: Any) -> list[tuple[Any, ...]]:
        """Run `sql` with `values` for its parameters; every row it returns, converted."""
        [rows] = await self.each([(sql, values)])
        return rows

    async def each(
        self, statements: Sequence[tuple[Sql, dict[str, Any]]], *, commit: bool = False
    ) -> list[list[tuple[Any, ...]]]:
        """Several statements in one go (on SQLite, should another process hold the lock, one
        hand-off to aiosqlite's thread for those left); the rows each returned. With `commit`
        the transaction's commit goes with them: nothing more is run in the block after it."""
        bound = [self._bind(sql, values) for sql, values in statements]
        later = self.take_later()
        ran = await self._direct.backend.run(self._driver, [*later, *bound], commit)
        dialect = self._direct.dialect
        return [
            _converted(raw, sql.compiled(dialect).results)
            for (sql, _), raw in zip(statements, ran[len(later) :], strict=True)
        ]

    async def row(self, sql: Sql, **values: Any) -> tuple[Any, ...] | None:
        """The first row `sql` returns, if any."""
        rows = await self.rows(sql, **values)
        return rows[0] if rows else None


def _converted(
    raw: Sequence[Any], results: tuple[Callable[[Any], Any] | None, ...]
) -> list[tuple[Any, ...]]:
    if not raw or not results:
        return [tuple(row) for row in raw]
    return [
        tuple(
            value if convert is None else convert(value)
            for value, convert in zip(row, results, strict=False)
        )
        for row in raw
    ]


class _Failed(Exception):
    """A statement the driver refused, inside a run of several: which one it was."""

    def __init__(self, sql: str) -> None:
        super().__init__(sql)
        self.sql = sql


def _work(
    connection: sqlite3.Connection,
    statements: Sequence[_Bound],
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


class _Sqlite:
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
        self, driver: Any, statements: Sequence[_Bound], commit: bool
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


class _Postgres:
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
        self, driver: Any, statements: Sequence[_Bound], commit: bool
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


class Direct:
    """Runs `Sql` statements on a connection from `engine`'s pool, through its driver."""

    observers: ClassVar[list[Observer]] = []  # every instance reports here (tests, the benchmark)

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self.dialect = engine.dialect
        self.backend: _Sqlite | _Postgres = (
            _Postgres() if engine.dialect.name == "postgresql" else _Sqlite(engine)
        )

    def observe(self, what: str, sql: str) -> None:
        for observer in self.observers:
            observer(what, sql)

    @asynccontextmanager
    async def transaction(self, *, atomic: bool = True) -> AsyncIterator[Tx]:
        """A connection for a few statements, committed together at the end (rolled back if
        the block raises). A block that only reads commits nothing on SQLite; without
        `atomic` (one statement, or reads) PostgreSQL opens no transaction around it."""
        pooled = self.backend.checkout(self.engine) or await self.engine.raw_connection()
        try:
            self.backend.prepare(pooled)
            driver = pooled.driver_connection
            tx = Tx(self, driver, atomic=atomic)
            async with self.backend.transaction(driver, tx):
                yield tx
            if tx.wrote:
                self.observe("transaction", "COMMIT")
        finally:
            if not self.backend.checkin(pooled):
                await greenlet_spawn(pooled.close)

    async def rows(self, sql: Sql, **values: Any) -> list[tuple[Any, ...]]:
        """One statement on its own (a write commits at once)."""
        async with self.transaction(atomic=False) as tx:
            [rows] = await tx.each([(sql, values)], commit=True)  # a write and its commit: one trip
            return rows

    async def row(self, sql: Sql, **values: Any) -> tuple[Any, ...] | None:
        rows = await self.rows(sql, **values)
        return rows[0] if rows else None


def detached(model: type[Model], columns: Sequence[Any], values: Sequence[Any]) -> Model:
    """An ORM object for a row read on the driver, as if read by a session since closed:
    read it, change it through the repo functions.

    Made as a session's load makes one (an instance with its state, the row's values put in
    its dict, then its identity), not through the constructor, whose every attribute set is an
    instrumented event (~19 µs for an outbox item's 17 columns, against ~6.5 µs)."""
    made: Model = class_mapper(model).class_manager.new_instance()
    made.__dict__.update(zip([column.key for column in columns], values, strict=True))
    make_transient_to_detached(made)
    return made
