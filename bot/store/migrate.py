"""Bringing a database to the schema the code expects, with Alembic, from code.

Revisions live in `bot/store/migrations/versions/`, named for what they do. The bot
migrates at start-up (`await migrate(engine)`); no alembic.ini is needed.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import text
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import AsyncEngine

MIGRATIONS_DIR = Path(__file__).with_name("migrations")

# Any constant works; it only has to be the same in every replica.
_PG_MIGRATION_LOCK = 0x6865616C7468  # "health"


def alembic_config(url: str | None = None) -> Config:
    """An Alembic Config built in code; `url` only matters when no connection is handed over.

    Also the entry point for writing a new revision, e.g.
    `command.revision(alembic_config("sqlite:///dev.db"), message="add x", autogenerate=True)`.
    """
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    if url is not None:
        config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


async def migrate(engine: AsyncEngine) -> None:
    """Upgrade the database to the newest revision, in one transaction.

    On PostgreSQL an advisory lock makes replicas starting together migrate one
    after another instead of racing to create the same tables.
    """
    async with engine.begin() as connection:
        await connection.run_sync(_upgrade)


def _upgrade(connection: Connection) -> None:
    if connection.dialect.name == "postgresql":
        connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _PG_MIGRATION_LOCK})
    config = alembic_config()
    config.attributes["connection"] = connection
    command.upgrade(config, "head")


def head_revision() -> str | None:
    """The revision the code expects."""
    return ScriptDirectory.from_config(alembic_config()).get_current_head()


async def schema_revision(engine: AsyncEngine) -> str | None:
    """The revision the database is at (None: never migrated); `healthbot doctor` compares."""
    async with engine.connect() as connection:
        return await connection.run_sync(
            lambda sync: MigrationContext.configure(sync).get_current_revision()
        )
