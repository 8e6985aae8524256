"""Bringing a database to the schema the code expects, with Alembic, from code.

Revisions live in `bot/store/migrations/versions/`, named for what they do. The bot
migrates at start-up (`await migrate(engine)`); no alembic.ini is needed.

Alembic (with Mako) is ~11 MB in a process that keeps it for its whole life, and a bot
mostly starts on a database already at `HEAD`: that is checked with one SELECT first, and
Alembic is loaded only when there is something to upgrade (or for `doctor` and tests).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import text
from sqlalchemy.engine import Connection
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncEngine

if TYPE_CHECKING:
    from alembic.config import Config

MIGRATIONS_DIR = Path(__file__).with_name("migrations")
# The newest revision in migrations/versions (a test holds it to Alembic's own head).
HEAD = "0010"

# Any constant works; it only has to be the same in every replica.
_PG_MIGRATION_LOCK = 0x6865616C7468  # "health"


def alembic_config(url: str | None = None) -> Config:
    """An Alembic Config built in code; `url` only matters when no connection is handed over.

    Also the entry point for writing a new revision, e.g.
    `command.revision(alembic_config("sqlite:///dev.db"), message="add x", autogenerate=True)`.
    """
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    if url is not None:
        config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


async def migrate(engine: AsyncEngine) -> None:
    """Upgrade the database to the newest revision, in one transaction.

    On PostgreSQL an advisory lock makes replicas starting together migrate one
    after another instead of racing to create the same tables. A database already at
    `HEAD` is left as it is without loading Alembic.
    """
    if await _at_head(engine):
        return
    async with engine.begin() as connection:
        await connection.run_sync(_upgrade)


async def _at_head(engine: AsyncEngine) -> bool:
    try:
        async with engine.connect() as connection:
            found = await connection.execute(text("SELECT version_num FROM alembic_version"))
            return [row[0] for row in found] == [HEAD]
    except DBAPIError:  # never migrated: no alembic_version table
        return False


def _upgrade(connection: Connection) -> None:
    from alembic import command

    if connection.dialect.name == "postgresql":
        connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _PG_MIGRATION_LOCK})
    config = alembic_config()
    config.attributes["connection"] = connection
    command.upgrade(config, "head")


def head_revision() -> str | None:
    """The revision the code expects, as Alembic reads the revisions."""
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(alembic_config()).get_current_head()


async def schema_revision(engine: AsyncEngine) -> str | None:
    """The revision the database is at (None: never migrated); `healthbot doctor` compares."""
    from alembic.runtime.migration import MigrationContext

    async with engine.connect() as connection:
        return await connection.run_sync(
            lambda sync: MigrationContext.configure(sync).get_current_revision()
        )
