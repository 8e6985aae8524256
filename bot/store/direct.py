"""The few statements every message runs, sent straight to the database driver.

A logged message reads the person's account, stores its outbox item, marks it sent and
journals its update. Through the ORM session each of those cost ~1 ms of CPU here (the
session's unit of work, SQLAlchemy's async adaption: a greenlet and several hand-offs to
aiosqlite's thread per statement); sent to the driver they cost ~0.2 ms (`make bench`).

The statements stay SQLAlchemy Core statements, written once for both databases. `Sql` compiles
one for the engine's dialect the first time it runs, with the column types' own conversions
for parameters and results (so a value reads and writes exactly as through the ORM), and the
driver connection comes from the engine's own pool: on SQLite the same single connection the
sessions queue for, so the two never hold the database against each other. How each driver
runs them (SQLite's on the event loop's thread, PostgreSQL's awaited) is `bot.store.drivers`.

What is sent is reported to `Direct.observers` (statements, and transactions that wrote):
the store-budget test and the benchmark count them beside SQLAlchemy's own events.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar, cast

from sqlalchemy.engine import Dialect
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlalchemy.orm import class_mapper, make_transient_to_detached
from sqlalchemy.sql import ClauseElement, Executable
from sqlalchemy.sql.compiler import SQLCompiler
from sqlalchemy.util import greenlet_spawn

from bot.store.drivers import Bound, Postgres, Sqlite

Model = TypeVar("Model")
Observer = Callable[[str, str], None]  # (what, sql): what is "statement" or "transaction"


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
        self._later: list[Bound] = []

    def _bind(self, sql: Sql, values: dict[str, Any]) -> Bound:
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

    def take_later(self) -> list[Bound]:
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


class Direct:
    """Runs `Sql` statements on a connection from `engine`'s pool, through its driver."""

    observers: ClassVar[list[Observer]] = []  # every instance reports here (tests, the benchmark)

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self.dialect = engine.dialect
        self.backend: Sqlite | Postgres = (
            Postgres() if engine.dialect.name == "postgresql" else Sqlite(engine)
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
