"""Engine, sessions and the write lock of one sandbox database."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import event
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)

from sandbox.models import Base


def normalize_url(db: str) -> str:
    """Accept a plain file path or any SQLAlchemy URL, and pick the async driver.

    `--db sandbox.db` and `--db postgresql://...` should both just work, so a
    path becomes an aiosqlite URL and sync driver names are swapped for
    their async counterparts.
    """
    if "://" not in db:
        return f"sqlite+aiosqlite:///{db}"
    scheme, rest = db.split("://", 1)
    if scheme in ("postgresql", "postgres", "postgresql+psycopg2", "postgresql+psycopg"):
        return f"postgresql+asyncpg://{rest}"
    if scheme in ("sqlite", "sqlite+pysqlite"):
        return f"sqlite+aiosqlite://{rest}"
    return db


def make_engine(db_url: str) -> AsyncEngine:
    """An async engine; on SQLite, WAL and a busy timeout so readers never see 'locked'."""
    url = normalize_url(db_url)
    if not url.startswith("sqlite"):
        return create_async_engine(url, pool_pre_ping=True)
    engine = create_async_engine(url, connect_args={"timeout": 30})

    @event.listens_for(engine.sync_engine, "connect")
    def _pragmas(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA busy_timeout=30000")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    return engine


async def create_tables(engine: AsyncEngine) -> None:
    """`create_all` is enough for a stand-in: its schema has no history to migrate."""
    async with engine.begin() as conn:
        await conn.run_sync(Base.metadata.create_all)


@dataclass
class Database:
    """What request handlers need: sessions, and one lock that serializes writes.

    The lock makes every write transaction run alone. That keeps SQLite free
    of 'database is locked' and keeps two racing upserts of the same check-in
    from tripping a unique constraint (which would be a 500), at a throughput
    cost irrelevant for a sandbox.
    """

    engine: AsyncEngine
    sessions: async_sessionmaker[AsyncSession]
    write_lock: asyncio.Lock = field(default_factory=asyncio.Lock)


async def open_database(db_url: str) -> Database:
    engine = make_engine(db_url)
    await create_tables(engine)
    return Database(engine, async_sessionmaker(engine, expire_on_commit=False))
