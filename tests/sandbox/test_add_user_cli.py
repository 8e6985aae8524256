"""`healthbot sandbox add-user` refuses a name the service would refuse, in one line, on
SQLite and on PostgreSQL alike, and stores nothing."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
from sqlalchemy import func, select

from sandbox.db import make_engine
from sandbox.models import User

ROOT = Path(__file__).resolve().parents[2]


def user_count(db_url: str, name: str) -> int:
    """Users called `name` (the PostgreSQL database is shared by the whole session)."""

    async def count() -> int:
        engine = make_engine(db_url)
        try:
            async with engine.connect() as conn:
                query = select(func.count()).select_from(User).where(User.name == name)
                return int(await conn.scalar(query) or 0)
        finally:
            await engine.dispose()

    return asyncio.run(count())


def add_user(db: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot.cli", "sandbox", "add-user", *args, "--db", db],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        check=False,
    )


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def sandbox_db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite+aiosqlite:///{tmp_path / 'sandbox.db'}"
    return str(request.getfixturevalue("pg_url"))


@pytest.mark.parametrize(
    ("name", "why"),
    [("N" * 300, "at most 200 characters"), ("   ", "must not be empty")],
)
def test_a_name_the_service_would_refuse_is_refused_in_one_line(
    sandbox_db: str, name: str, why: str
) -> None:
    result = add_user(sandbox_db, name)
    assert result.returncode != 0
    lines = (result.stdout + result.stderr).strip().splitlines()
    assert len(lines) == 1, lines
    assert why in lines[0] and "Traceback" not in lines[0]
    assert "hk_" not in result.stdout


def test_nothing_is_stored_for_a_refused_name_and_a_good_one_still_works(sandbox_db: str) -> None:
    stem = uuid.uuid4().hex  # this run's own names
    too_long = stem + "N" * (300 - len(stem))
    assert add_user(sandbox_db, too_long).returncode != 0
    longest = stem + "N" * (200 - len(stem))
    created = add_user(sandbox_db, longest)
    assert created.returncode == 0, created.stderr
    assert created.stdout.strip().splitlines()[-1].startswith("hk_")
    assert user_count(sandbox_db, too_long) == 0
    assert user_count(sandbox_db, longest) == 1
