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
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar, cast

from sqlalchemy.engine import Dialect
from sqlalchemy.exc import DBAPIError, IntegrityError, OperationalError
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlalchemy.orm import make_transient_to_detached
from sqlalchemy.sql import ClauseElement, Executable
from sqlalchemy.sql.compiler import SQLCompiler
from sqlalchemy.util import greenlet_spawn

Model = TypeVar("Model")
Observer = Callable[[str, str], None]  # (what, sql): what is "statement" or "transaction"


@dataclass(frozen=True)
class _Compiled:
    sql: str
    names: tuple[str, ...]  # bound parameters, in the order the driver takes them
    fixed: dict[str, Any]  # values written into the statement itself (`.values(status="done")`)
    binds: tuple[Callable[[Any], Any] | None, ...]
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
        names = tuple(compiled.positiontup or ())
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
        return _Compiled(sql, names, fixed, binds, results, writes)


class Tx:
    """Statements on one driver connection; see `Direct.transaction`."""

    def __init__(self, direct: Direct, driver: Any, *, atomic: bool) -> None:
        self._direct = direct
        self._driver = driver
        self.atomic = atomic
        self.wrote = False

    async def rows(self, sql: Sql, **values: Any) -> list[tuple[Any, ...]]:
        """Run `sql` with `values` for its parameters; every row it returns, converted."""
        compiled = sql.compiled(self._direct.dialect)
        given = (
            values[name] if name in values else compiled.fixed[name] for name in compiled.names
        )
        params = [
            value if bind is None else bind(value)
            for value, bind in zip(given, compiled.binds, strict=True)
        ]
        self._direct.observe("statement", compiled.sql)
        self.wrote = self.wrote or compiled.writes
        try:
            raw = await self._direct.backend.fetch(self._driver, compiled.sql, params)
        except Exception as exc:  # as SQLAlchemy would raise it: callers catch its errors
            raise self._direct.backend.wrap(compiled.sql, exc) from exc
        if not raw or not compiled.results:
            return [tuple(row) for row in raw]
        return [
            tuple(
                value if convert is None else convert(value)
                for value, convert in zip(row, compiled.results, strict=False)
            )
            for row in raw
        ]

    async def row(self, sql: Sql, **values: Any) -> tuple[Any, ...] | None:
        """The first row `sql` returns, if any."""
        rows = await self.rows(sql, **values)
        return rows[0] if rows else None


class _Sqlite:
    """aiosqlite: the connection begins a transaction before the first write by itself."""

    @staticmethod
    def wrap(sql: str, exc: Exception) -> Exception:
        return DBAPIError.instance(sql, None, exc, sqlite3.Error)

    @staticmethod
    async def fetch(driver: Any, sql: str, params: Sequence[Any]) -> Sequence[Any]:
        return list(await driver.execute_fetchall(sql, params))

    @asynccontextmanager
    async def transaction(self, driver: Any, tx: Tx) -> AsyncIterator[None]:
        try:
            yield
        except BaseException:
            if driver.in_transaction:
                await driver.rollback()
            raise
        if driver.in_transaction:
            try:
                await driver.commit()
            except sqlite3.Error as exc:
                raise self.wrap("COMMIT", exc) from exc


class _Postgres:
    """asyncpg: each statement commits by itself unless a transaction is open."""

    @staticmethod
    def wrap(sql: str, exc: Exception) -> Exception:
        state = str(getattr(exc, "sqlstate", "") or "")
        if state.startswith("23"):  # integrity constraint violation
            return IntegrityError(sql, None, exc)
        if isinstance(exc, OSError) or state[:2] in ("08", "40", "53", "55", "57"):
            return OperationalError(sql, None, exc)  # connection, lock, resources, shutdown
        return DBAPIError(sql, None, exc)

    @staticmethod
    async def fetch(driver: Any, sql: str, params: Sequence[Any]) -> Sequence[Any]:
        return list(await driver.fetch(sql, *params))

    @asynccontextmanager
    async def transaction(self, driver: Any, tx: Tx) -> AsyncIterator[None]:
        if not tx.atomic:
            yield
            return
        async with driver.transaction():
            yield


class Direct:
    """Runs `Sql` statements on a connection from `engine`'s pool, through its driver."""

    observers: ClassVar[list[Observer]] = []  # every instance reports here (tests, the benchmark)

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self.dialect = engine.dialect
        self.backend: _Sqlite | _Postgres = (
            _Postgres() if engine.dialect.name == "postgresql" else _Sqlite()
        )

    def observe(self, what: str, sql: str) -> None:
        for observer in self.observers:
            observer(what, sql)

    @asynccontextmanager
    async def transaction(self, *, atomic: bool = True) -> AsyncIterator[Tx]:
        """A connection for a few statements, committed together at the end (rolled back if
        the block raises). A block that only reads commits nothing on SQLite; without
        `atomic` (one statement, or reads) PostgreSQL opens no transaction around it."""
        pooled = await self.engine.raw_connection()
        try:
            driver = pooled.driver_connection
            tx = Tx(self, driver, atomic=atomic)
            async with self.backend.transaction(driver, tx):
                yield tx
            if tx.wrote:
                self.observe("transaction", "COMMIT")
        finally:
            await greenlet_spawn(pooled.close)

    async def rows(self, sql: Sql, **values: Any) -> list[tuple[Any, ...]]:
        """One statement on its own (a write commits at once)."""
        async with self.transaction(atomic=False) as tx:
            return await tx.rows(sql, **values)

    async def row(self, sql: Sql, **values: Any) -> tuple[Any, ...] | None:
        rows = await self.rows(sql, **values)
        return rows[0] if rows else None


def detached(model: type[Model], columns: Sequence[Any], values: Sequence[Any]) -> Model:
    """An ORM object for a row read on the driver, as if read by a session since closed:
    read it, change it through the repo functions."""
    made = model(**{column.key: value for column, value in zip(columns, values, strict=True)})
    make_transient_to_detached(made)
    return made
