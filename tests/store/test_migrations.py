"""The migrations build exactly the schema the models describe, on both databases."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import inspect, text
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.store.db import make_engine
from bot.store.migrate import HEAD, alembic_config, head_revision, migrate, schema_revision
from bot.store.models import Base

# The fixtures are imported so these tests run with --noconftest too; parameters
# named after them are their uses, not redefinitions.
# ruff: noqa: F811
from tests.store.conftest import pg_url  # noqa: F401


def _diffs(connection: Connection) -> list[object]:
    context = MigrationContext.configure(connection, opts={"compare_type": True})
    return list(compare_metadata(context, Base.metadata))


async def _check_fresh_database(engine: AsyncEngine) -> None:
    assert await schema_revision(engine) is None
    await migrate(engine)
    await migrate(engine)  # a second start-up is a no-op
    assert await schema_revision(engine) == head_revision() is not None
    async with engine.connect() as connection:
        assert await connection.run_sync(_diffs) == []
        tables = await connection.run_sync(lambda c: set(inspect(c).get_table_names()))
    assert tables == set(Base.metadata.tables) | {"alembic_version"}


async def _check_downgrade(engine: AsyncEngine) -> None:
    def downgrade(connection: Connection) -> None:
        config = alembic_config()
        config.attributes["connection"] = connection
        command.downgrade(config, "base")

    async with engine.begin() as connection:
        await connection.run_sync(downgrade)
        tables = await connection.run_sync(lambda c: set(inspect(c).get_table_names()))
    assert tables <= {"alembic_version"}


async def test_sqlite_migrates_to_the_models(tmp_path):
    engine = make_engine(f"sqlite:///{tmp_path / 'm.db'}")
    try:
        await _check_fresh_database(engine)
        await _check_downgrade(engine)
        await migrate(engine)
        assert await schema_revision(engine) == head_revision()
    finally:
        await engine.dispose()


@pytest.mark.postgres
async def test_postgresql_migrates_to_the_models(pg_url):
    engine = make_engine(pg_url)
    try:
        await _check_fresh_database(engine)
        await _check_downgrade(engine)
    finally:
        await engine.dispose()


@pytest.mark.postgres
async def test_replicas_starting_together_migrate_once(pg_url):
    """The advisory lock serialises concurrent upgrades instead of failing one."""
    engines = [make_engine(pg_url) for _ in range(3)]
    try:
        async with engines[0].begin() as connection:  # start from an empty database
            await connection.run_sync(Base.metadata.drop_all)
            await connection.exec_driver_sql("DROP TABLE IF EXISTS alembic_version")
        await asyncio.gather(*(migrate(e) for e in engines))
        assert await schema_revision(engines[0]) == head_revision()
    finally:
        for e in engines:
            await e.dispose()


async def _check_upgrade_keeps_rows(engine: AsyncEngine) -> None:
    """Dropping `accounts.language` (0005) rebuilds nothing: the person's other rows stay;
    adding `accounts.day_ends_at` (0006) leaves it NULL (the configured default) for them;
    the weekly summary (0007) is off for everyone who was already there; the person's
    language and units (0009) start unknown, the dropped column's old value not revived."""

    def upgrade(connection: Connection, revision: str) -> None:
        config = alembic_config()
        config.attributes["connection"] = connection
        command.upgrade(config, revision)

    async with engine.begin() as connection:
        await connection.run_sync(upgrade, "0004")
        await connection.execute(
            text(
                "INSERT INTO accounts (telegram_id, created_at, updated_at, language)"
                " VALUES (1, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, 'de')"
            )
        )
        await connection.execute(
            text(
                "INSERT INTO conversation_turns (telegram_id, role, text, created_at)"
                " VALUES (1, 'user', 'hi', CURRENT_TIMESTAMP)"
            )
        )
    await migrate(engine)
    async with engine.connect() as connection:
        turns = await connection.scalar(text("SELECT count(*) FROM conversation_turns"))
        day_end = (await connection.execute(text("SELECT day_ends_at FROM accounts"))).all()
        weekly = (await connection.execute(text("SELECT weekly_summary FROM accounts"))).all()
        reader = (
            await connection.execute(
                text("SELECT language, telegram_language, weight_unit, energy_unit FROM accounts")
            )
        ).all()
        columns = await connection.run_sync(
            lambda c: {col["name"] for col in inspect(c).get_columns("accounts")}
        )
    assert turns == 1
    assert reader == [(None, None, None, None)]
    assert "day_ends_at" in columns and day_end == [(None,)]
    assert weekly == [(False,)]


async def test_sqlite_upgrade_keeps_every_row(tmp_path):
    engine = make_engine(f"sqlite:///{tmp_path / 'u.db'}")
    try:
        await _check_upgrade_keeps_rows(engine)
    finally:
        await engine.dispose()


@pytest.mark.postgres
async def test_postgresql_upgrade_keeps_every_row(pg_url):
    engine = make_engine(pg_url)
    try:
        async with engine.begin() as connection:  # start from an empty database
            await connection.run_sync(Base.metadata.drop_all)
            await connection.exec_driver_sql("DROP TABLE IF EXISTS alembic_version")
        await _check_upgrade_keeps_rows(engine)
    finally:
        await engine.dispose()


async def test_in_memory_sqlite_keeps_one_database():
    engine = make_engine("sqlite://")
    try:
        await migrate(engine)
        assert await schema_revision(engine) == head_revision()
    finally:
        await engine.dispose()


def test_the_alembic_commands_work_on_a_url_for_writing_revisions(tmp_path):
    """The path a developer uses (`alembic_config(url)`): upgrade, then nothing to generate."""
    config = alembic_config(f"sqlite:///{tmp_path / 'dev.db'}")
    command.upgrade(config, "head")
    command.check(config)  # raises if the models differ from the migrations


def test_head_is_the_newest_revision() -> None:
    assert HEAD == head_revision(), "set HEAD in bot/store/migrate.py to the newest revision"


_START_UP = """
import asyncio, sys
from sqlalchemy.ext.asyncio import create_async_engine
from bot.store.migrate import migrate

async def main(url):
    engine = create_async_engine(url)
    await migrate(engine)
    await engine.dispose()
    print("alembic" in sys.modules)

asyncio.run(main(sys.argv[1]))
"""


def test_a_database_at_head_starts_without_loading_alembic(tmp_path: Path) -> None:
    """Alembic is ~11 MB for the process's whole life: only an upgrade may load it."""
    url = f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}"

    def start() -> str:
        result = subprocess.run(
            [sys.executable, "-c", _START_UP, url], capture_output=True, text=True, timeout=60
        )
        assert result.returncode == 0, result.stderr
        return result.stdout.strip()

    assert start() == "True"  # a new database: migrated
    assert start() == "False"  # at head: one SELECT, nothing loaded
