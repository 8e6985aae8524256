"""Engines and sessions: the one place that knows SQLite and PostgreSQL differ at connect time.

Also the dialect's INSERT (`dialect_insert`), for the ON CONFLICT clauses both databases know.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from sqlalchemy import event
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.engine import URL, Dialect, make_url
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)
from sqlalchemy.pool import StaticPool

SQLITE_BUSY_TIMEOUT_MS = 5000

_ASYNC_DRIVERS = {
    "postgres": "postgresql+asyncpg",
    "postgresql": "postgresql+asyncpg",
    "sqlite": "sqlite+aiosqlite",
}


def async_url(url: str | URL) -> URL:
    """The URL with an async driver, so `DATABASE_URL=postgresql://...` just works."""
    parsed = make_url(url)
    driver = _ASYNC_DRIVERS.get(parsed.drivername)
    return parsed.set(drivername=driver) if driver else parsed


def make_engine(url: str | URL, **kwargs: Any) -> AsyncEngine:
    """An async engine for `url`; for SQLite with WAL, foreign keys and a busy timeout.

    SQLite enforces foreign keys (and so the cascades that forget a person) only when
    asked on every connection; WAL lets readers proceed during a write, and the busy
    timeout makes concurrent writers wait instead of failing at once.
    """
    parsed = async_url(url)
    if parsed.get_backend_name() != "sqlite":
        kwargs.setdefault("pool_pre_ping", True)
        return create_async_engine(parsed, **kwargs)

    if parsed.database in (None, "", ":memory:"):
        # Every new connection to ":memory:" is a new empty database: share one.
        kwargs.setdefault("poolclass", StaticPool)
        kwargs.setdefault("connect_args", {"check_same_thread": False})
    else:
        # One connection per process. SQLite has one writer at a time anyway, and a deferred
        # transaction that reads and then writes fails at once with "database is locked" when
        # another connection wrote meanwhile, busy timeout or not (500 messages at once did).
        # With one connection, sessions queue for it in order instead (PostgreSQL for more).
        kwargs.setdefault("pool_size", 1)
        kwargs.setdefault("max_overflow", 0)
    # A connection back in the pool is rolled back only when a transaction is open: sessions
    # and the driver-level statements (`direct`) end theirs, and on aiosqlite each rollback
    # is a hand-off to its thread (one per message read, ~40 us of CPU).
    kwargs.setdefault("pool_reset_on_return", None)
    engine = create_async_engine(parsed, **kwargs)
    configure = partial(_configure_sqlite, busy_timeout_ms=sqlite_busy_timeout_ms(parsed))
    event.listen(engine.sync_engine, "connect", configure)
    event.listen(engine.sync_engine, "reset", _rollback_if_open)
    return engine


def _rollback_if_open(dbapi_connection: Any, _record: Any, _state: Any) -> None:
    if dbapi_connection.driver_connection.in_transaction:
        dbapi_connection.rollback()


def sqlite_busy_timeout_ms(url: URL) -> int:
    """How long a write waits for another connection's lock: the URL's `?timeout=` (seconds,
    as `sqlite3.connect` takes it) when given, else `SQLITE_BUSY_TIMEOUT_MS`."""
    timeout = url.query.get("timeout")
    if isinstance(timeout, str):
        return int(float(timeout) * 1000)
    return SQLITE_BUSY_TIMEOUT_MS


def _configure_sqlite(
    dbapi_connection: Any, _connection_record: Any, *, busy_timeout_ms: int
) -> None:
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={busy_timeout_ms}")
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        # Deleted rows are overwritten with zeros, not only unlinked: /forget means gone
        # (most builds have it on already; some do not).
        cursor.execute("PRAGMA secure_delete=ON")
    finally:
        cursor.close()


def make_sessionmaker(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    """Sessions whose objects stay readable after commit (no lazy reload in async code)."""
    return async_sessionmaker(engine, expire_on_commit=False)


def dialect_insert(session: AsyncSession, model: type[Any]) -> Any:
    """The dialect's INSERT, which knows ON CONFLICT; both supported databases have it."""
    return insert_for(session.get_bind().dialect, model)


def insert_for(dialect: Dialect, model: Any) -> Any:
    """`dialect_insert` for a dialect at hand (statements compiled once, `direct.Sql`)."""
    if dialect.name == "postgresql":
        return pg_insert(model)
    if dialect.name == "sqlite":
        return sqlite_insert(model)
    raise NotImplementedError(f"unsupported database: {dialect.name}")
