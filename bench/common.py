"""What the benchmarks share: the bot's settings against `bench.servers`, linked people, the
LLM's scripted food answer, and the figures read from a process (peak RSS)."""

from __future__ import annotations

import asyncio
import datetime as dt
import os
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from sqlalchemy import update

from bench.servers import Servers
from bot.compose import House, compose
from bot.config import Settings
from bot.core.assistant import Assistant
from bot.store.crypto import generate_key
from bot.store.models import Account, Reminder

TYPICAL = "2 eggs and toast"  # understood offline: one ingest with two entries, then /today


def database_url(workdir: Path) -> str:
    """The bot's store: a SQLite file, or with BENCH_DB=postgresql a fresh local database."""
    if os.environ.get("BENCH_DB", "sqlite") != "postgresql":
        return f"sqlite+aiosqlite:///{workdir / 'bot.db'}"
    import asyncpg

    name = f"healthbot_bench_{os.getpid()}_{int(time.time())}"

    async def create() -> None:
        connection = await asyncpg.connect("postgresql://postgres@127.0.0.1:5432/postgres")
        try:
            await connection.execute(f'DROP DATABASE IF EXISTS "{name}"')
            await connection.execute(f'CREATE DATABASE "{name}"')
        finally:
            await connection.close()

    from tests.fixtures.sandbox import _run_in_thread

    _run_in_thread(create)
    return f"postgresql+asyncpg://postgres@127.0.0.1:5432/{name}"


def bench_settings(servers: Servers, workdir: Path, **overrides: Any) -> Settings:
    values: dict[str, Any] = {
        "database_url": database_url(workdir),
        "bot_encryption_key": generate_key(),
        "telegram_bot_token": servers.urls.telegram_token,
        "telegram_api_base_url": servers.urls.telegram + "/bot",
        "agent_api_base_url": servers.urls.sandbox,
        "openai_api_key": None,
        "log_level": "WARNING",
    }
    values.update(overrides)
    return Settings(_env_file=None, **values)


def with_llm(servers: Servers, **overrides: Any) -> dict[str, Any]:
    return {
        "openai_api_key": "bench",
        "openai_base_url": servers.urls.openai,
        "offline_fast_path": False,  # every message goes to the (fake) LLM
        **overrides,
    }


async def linked_house(
    servers: Servers, settings: Settings, people: int
) -> tuple[House, list[int]]:
    """A house with `people` linked accounts (as /connect then /timezone UTC would do)."""
    keys: list[str] = servers.call("add_users", people, "p")
    house = await compose(settings)
    assistant = house.assistant
    ids = [10_000 + i for i in range(people)]

    async def link(user_id: int, key: str) -> None:
        await assistant.connect(user_id=user_id, chat_id=user_id, api_key=key)
        await assistant.preferences.set_timezone(user_id=user_id, name="UTC")

    for start in range(0, people, 50):
        await asyncio.gather(
            *(link(u, k) for u, k in zip(ids[start:], keys[start : start + 50], strict=False))
        )
    async with house.resources.sessionmaker.begin() as session:  # no reminder gets in the way
        await session.execute(update(Reminder).values(next_due_at=None))
        # What /connect and /timezone from their app would have left: the language it speaks
        # (the fake Bot API's "en"), so a message reads it and has nothing to write.
        await session.execute(update(Account).values(telegram_language="en"))
    return house, ids


async def linked(servers: Servers, settings: Settings, people: int) -> tuple[Assistant, list[int]]:
    """The core's door alone, with `people` linked accounts."""
    house, ids = await linked_house(servers, settings, people)
    return house.assistant, ids


def food_call(day: dt.date) -> dict[str, Any]:
    from tests.fixtures.openai import chat_completion

    item = {"food": "Quinoa bowl, 1 bowl", "calories": 450, "protein": 15, "carbs": 60, "fat": 14}
    return chat_completion(
        tool_calls=[("log_food", {"date": day.isoformat(), "items": [item]})], usage=(1200, 60)
    )


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


ROOT = Path(__file__).resolve().parents[1]


def bot_env(
    servers: Servers, settings: Settings, encryption_key: str, **more: str
) -> dict[str, str]:
    """What `healthbot run` needs to talk to the benchmark's servers and store; `more` adds."""
    return {
        "PATH": os.environ.get("PATH", ""),
        "TELEGRAM_BOT_TOKEN": servers.urls.telegram_token,
        "TELEGRAM_API_BASE_URL": servers.urls.telegram + "/bot",
        "DATABASE_URL": settings.database_url,
        "AGENT_API_BASE_URL": servers.urls.sandbox,
        "BOT_ENCRYPTION_KEY": encryption_key,
        "LOG_LEVEL": "WARNING",
        **more,
    }


def start_bot(
    workdir: Path,
    env: dict[str, str],
    *,
    command: tuple[str, ...] = ("-m", "bot.cli", "run"),
    log: str = "bot.log",
) -> subprocess.Popen[bytes]:
    """A Python subprocess (`healthbot run` by default) in `workdir`, its output in `log`.

    This checkout comes first on its path after any of `env`'s PYTHONPATH, so it runs this
    code whichever copy is installed."""
    paths = [env.get("PYTHONPATH", ""), str(ROOT), os.environ.get("PYTHONPATH", "")]
    env = {**env, "PYTHONPATH": os.pathsep.join(p for p in paths if p)}
    output = (workdir / log).open("wb")
    return subprocess.Popen(
        [sys.executable, *command], cwd=workdir, env=env, stdout=output, stderr=subprocess.STDOUT
    )


def vm_hwm_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")
