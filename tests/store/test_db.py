"""Engines accept the plain URLs people write and set SQLite up for safety."""

from __future__ import annotations

import pytest
from sqlalchemy import text

from bot.store.db import async_url, make_engine, make_sessionmaker


@pytest.mark.parametrize(
    ("given", "driver"),
    [
        ("postgresql://u@h/db", "postgresql+asyncpg"),
        ("postgres://u@h/db", "postgresql+asyncpg"),
        ("postgresql+asyncpg://u@h/db", "postgresql+asyncpg"),
        ("sqlite:///x.db", "sqlite+aiosqlite"),
        ("sqlite+aiosqlite:///x.db", "sqlite+aiosqlite"),
    ],
)
def test_plain_urls_get_an_async_driver(given, driver):
    assert async_url(given).drivername == driver


async def test_sqlite_connections_enforce_foreign_keys_and_use_wal(tmp_path):
    engine = make_engine(f"sqlite:///{tmp_path / 'p.db'}")
    try:
        async with engine.connect() as connection:
            pragmas = {
                name: (await connection.execute(text(f"PRAGMA {name}"))).scalar_one()
                for name in ("foreign_keys", "journal_mode", "busy_timeout")
            }
        assert pragmas == {"foreign_keys": 1, "journal_mode": "wal", "busy_timeout": 5000}
    finally:
        await engine.dispose()


async def test_objects_stay_readable_after_commit():
    engine = make_engine("sqlite://")
    try:
        assert make_sessionmaker(engine).kw["expire_on_commit"] is False
    finally:
        await engine.dispose()
