"""Database fixtures for the store's tests: a SQLite file, and PostgreSQL when reachable.

PostgreSQL tests get a fresh, uniquely named database per test module, dropped at
the end. Without a server they are skipped, except when `CI` is set: CI must run them.
The admin URL comes from `TEST_POSTGRES_URL` (default: the local trust-auth server).
"""

from __future__ import annotations

import asyncio
import os
import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import asyncpg
import pytest
from sqlalchemy import delete
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.store.db import make_engine
from bot.store.migrate import migrate
from bot.store.models import Base

DEFAULT_ADMIN_URL = "postgresql://postgres@127.0.0.1:5432/test"


def _admin_dsn() -> str:
    url = make_url(os.environ.get("TEST_POSTGRES_URL", DEFAULT_ADMIN_URL))
    return url.set(drivername="postgresql").render_as_string(hide_password=False)


async def _admin(sql: str) -> None:
    connection = await asyncpg.connect(_admin_dsn(), timeout=5)
    try:
        await connection.execute(sql)
    finally:
        await connection.close()


@pytest.fixture(scope="module")
def pg_url() -> Iterator[str]:
    """A fresh empty PostgreSQL database for this test module; its URL."""
    name = f"healthbot_store_{uuid.uuid4().hex[:12]}"
    try:
        asyncio.run(_admin(f'CREATE DATABASE "{name}"'))
    except (OSError, asyncpg.PostgresError) as exc:
        if os.environ.get("CI"):
            pytest.fail(f"PostgreSQL unreachable in CI: {exc}")
        pytest.skip(f"PostgreSQL unreachable: {exc}")
    try:
        yield make_url(_admin_dsn()).set(database=name).render_as_string(hide_password=False)
    finally:
        asyncio.run(_admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


async def _emptied(engine: AsyncEngine) -> AsyncEngine:
    await migrate(engine)
    async with engine.begin() as connection:
        for table in reversed(Base.metadata.sorted_tables):
            await connection.execute(delete(table))
    return engine


@pytest.fixture
async def pg_engine(pg_url: str) -> AsyncIterator[AsyncEngine]:
    """A migrated, empty PostgreSQL database (the module's one, emptied for each test)."""
    engine = make_engine(pg_url)
    try:
        yield await _emptied(engine)
    finally:
        await engine.dispose()


@pytest.fixture
async def sqlite_engine(tmp_path: Path) -> AsyncIterator[AsyncEngine]:
    """A migrated SQLite file database of its own."""
    engine = make_engine(f"sqlite:///{tmp_path / 'store.db'}")
    try:
        yield await _emptied(engine)
    finally:
        await engine.dispose()


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def engine(request: pytest.FixtureRequest) -> AsyncEngine:
    """Each test that uses it runs on both databases."""
    fixture = "sqlite_engine" if request.param == "sqlite" else "pg_engine"
    result: AsyncEngine = request.getfixturevalue(fixture)
    return result
