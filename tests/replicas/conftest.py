"""Three real bot processes (`healthbot run --webhook`) on one PostgreSQL, behind a fake balancer.

Telegram's side is the fake Bot API server (what the bots call) plus `Balancer`, which plays
Telegram's webhook sender: it posts each update to one replica chosen at random, sends a chat's
next update only after the previous one was answered (as Telegram does), and on a refused
connection or an error answer tries another replica.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import itertools
import os
import random
import signal
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import text, update

from bot.compose import create_assistant
from bot.store.crypto import generate_key
from bot.store.models import Reminder
from tests.fixtures.core import make_settings
from tests.fixtures.sandbox import RunningSandbox
from tests.fixtures.telegram import FakeTelegram, free_port

SECRET = "replica-test-secret"
LEASE_SECONDS = 3  # reminder and outbox claims of a dead process come back after this
DELIVER_LIMIT = 300  # seconds Telegram's side keeps offering one update before it fails


@dataclass
class Replica:
    port: int
    process: subprocess.Popen[bytes]
    log: Path

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/telegram"

    @property
    def alive(self) -> bool:
        return self.process.poll() is None


@dataclass
class Balancer:
    """Telegram's webhook sender in front of several replicas."""

    replicas: list[Replica]
    rng: random.Random = field(default_factory=lambda: random.Random(6))
    answered_by: dict[int, int] = field(default_factory=dict)  # update_id -> replica port
    sent_updates: list[dict[str, Any]] = field(default_factory=list)
    _ids: Iterator[int] = field(default_factory=lambda: itertools.count(10_000))
    _message_ids: Iterator[int] = field(default_factory=lambda: itertools.count(1))

    def text_update(self, user_id: int, text: str) -> dict[str, Any]:
        update = {
            "update_id": next(self._ids),
            "message": {
                "message_id": next(self._message_ids),
                "date": int(time.time()),
                "chat": {"id": user_id, "type": "private", "first_name": f"U{user_id}"},
                "from": {"id": user_id, "is_bot": False, "first_name": f"U{user_id}"},
                "text": text,
            },
        }
        self.sent_updates.append(update)
        return update

    async def deliver(self, client: httpx.AsyncClient, update: dict[str, Any]) -> None:
        """Post until one replica answers 200 (Telegram retries a failed delivery).

        A replica answers once the person's previous update was handled (their turn): under
        load that can be tens of seconds. The bound only ends a wait for replicas that never
        answer."""
        deadline = time.monotonic() + DELIVER_LIMIT
        while time.monotonic() < deadline:
            replica = self.rng.choice(self.replicas)
            try:
                response = await client.post(
                    replica.url, json=update, headers={"X-Telegram-Bot-Api-Secret-Token": SECRET}
                )
            except httpx.HTTPError:
                await asyncio.sleep(0.05)
                continue
            if response.status_code == 200:
                self.answered_by[update["update_id"]] = replica.port
                return
            await asyncio.sleep(0.05)
        raise AssertionError(f"no replica accepted update {update['update_id']}")

    async def conversation(self, client: httpx.AsyncClient, user_id: int, texts: list[str]) -> None:
        for text_ in texts:
            await self.deliver(client, self.text_update(user_id, text_))


@dataclass
class Cluster:
    """What a replica test works with."""

    fake: FakeTelegram
    sandbox: RunningSandbox
    db_url: str
    keys: dict[int, str]  # telegram id -> the person's sandbox API key
    replicas: list[Replica]
    balancer: Balancer
    tmp_path: Path

    async def sql(self, statement: Any) -> Any:
        from bot.store.db import make_engine

        engine = make_engine(self.db_url)
        try:
            async with engine.begin() as connection:
                result = await connection.execute(statement)
                return result.all() if result.returns_rows else None
        finally:
            await engine.dispose()

    def kill(self, replica: Replica) -> None:
        replica.process.send_signal(signal.SIGKILL)
        replica.process.wait(10)

    def logs(self) -> str:
        return "\n".join(f"--- {r.port} ---\n{r.log.read_text()[-3000:]}" for r in self.replicas)


# Starting is seconds on an idle machine and can be tens of seconds on a loaded one; a replica
# that fails to start exits, which is told at once, so this bound only ends a hang.
def _wait_listening(replica: Replica, timeout: float = 120.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not replica.alive:
            raise AssertionError(f"replica exited early:\n{replica.log.read_text()[-3000:]}")
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", replica.port)) == 0:
                return
        time.sleep(0.05)
    raise AssertionError(f"replica on {replica.port} did not start")


def _spawn(port: int, workdir: Path, env: dict[str, str]) -> Replica:
    log = workdir / "bot.log"
    process = subprocess.Popen(
        [sys.executable, "-m", "bot.cli", "run", "--webhook"],
        cwd=workdir,  # no .env from the repository
        env=env,
        stdout=log.open("wb"),
        stderr=subprocess.STDOUT,
    )
    return Replica(port, process, log)


async def _link(
    settings_dir: Path,
    db_url: str,
    sandbox: RunningSandbox,
    people: list[int],
    key: str,
    due: list[int],
) -> dict[int, str]:
    """Link everyone in the store (as /connect and /timezone would) before the replicas run."""
    settings = make_settings(
        settings_dir, database_url=db_url, agent_api_base_url=sandbox.url, bot_encryption_key=key
    )
    assistant = await create_assistant(settings)
    keys: dict[int, str] = {}
    try:
        for person in people:
            keys[person] = await sandbox.add_user(f"P{person}", "UTC")
            await assistant.connect(user_id=person, chat_id=person, api_key=keys[person])
            await assistant.preferences.set_timezone(user_id=person, name="UTC")
        async with (
            assistant.resources.sessionmaker.begin() as session
        ):  # nobody is due unless a test says so
            await session.execute(update(Reminder).values(next_due_at=None))
            past = dt.datetime.now(dt.UTC) - dt.timedelta(minutes=1)
            await session.execute(
                update(Reminder).where(Reminder.telegram_id.in_(due)).values(next_due_at=past)
            )
    finally:
        await assistant.aclose()
    return keys


@pytest.fixture
async def cluster_factory(
    pg_url: str, fake_telegram: FakeTelegram, sandbox: RunningSandbox, tmp_path: Path
) -> AsyncIterator[Any]:
    """`await cluster_factory(people=[...], replicas=3)` -> a running `Cluster`."""
    started: list[Replica] = []
    databases: list[str] = []

    async def make(
        *,
        people: list[int],
        due: list[int] = (),  # type: ignore[assignment]
        replicas: int = 3,
        prepare: Callable[[str, dict[int, str]], Awaitable[None]] | None = None,
    ) -> Cluster:
        """`prepare(db_url, keys)` runs once everyone is linked, before any replica starts."""
        # One fresh database per test on the session's server (pg_url is per session).
        from tests.fixtures.sandbox import _pg_admin

        name = f"replicas_{os.getpid()}_{int(time.time() * 1000) % 10**9}"
        await _pg_admin(f'CREATE DATABASE "{name}"')
        databases.append(name)
        db_url = pg_url.rsplit("/", 1)[0] + f"/{name}"
        encryption_key = generate_key()
        settings_dir = tmp_path / "link"
        settings_dir.mkdir()
        keys = await _link(settings_dir, db_url, sandbox, people, encryption_key, list(due))
        if prepare is not None:
            await prepare(db_url, keys)
        for index in range(replicas):
            port = free_port()
            workdir = tmp_path / f"replica{index}"
            workdir.mkdir()
            env = {
                "PATH": os.environ.get("PATH", ""),
                "PYTHONPATH": os.environ.get("PYTHONPATH", ""),
                "TELEGRAM_BOT_TOKEN": fake_telegram.token,
                "TELEGRAM_API_BASE_URL": fake_telegram.base_url,
                "WEBHOOK_URL": f"http://127.0.0.1:{port}",
                "WEBHOOK_LISTEN": "127.0.0.1",
                "WEBHOOK_PORT": str(port),
                "WEBHOOK_SECRET_TOKEN": SECRET,
                "DATABASE_URL": db_url,
                "AGENT_API_BASE_URL": sandbox.url,
                "BOT_ENCRYPTION_KEY": encryption_key,
                "REMINDER_CLAIM_TIMEOUT_SECONDS": str(LEASE_SECONDS),
                "OUTBOX_CLAIM_TIMEOUT_SECONDS": str(LEASE_SECONDS),
                "LOG_LEVEL": "WARNING",
            }
            started.append(_spawn(port, workdir, env))
        running = started[-replicas:]
        for replica in running:
            _wait_listening(replica)
        return Cluster(
            fake_telegram,
            sandbox,
            db_url,
            keys,
            running,
            Balancer(running),
            tmp_path,
        )

    yield make
    for replica in started:
        if replica.alive:
            replica.process.send_signal(signal.SIGTERM)
    for replica in started:
        try:
            replica.process.wait(15)
        except subprocess.TimeoutExpired:
            replica.process.kill()
    from tests.fixtures.sandbox import _pg_admin

    for name in databases:
        await _pg_admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


async def nutrition_foods(cluster: Cluster, person: int, day: dt.date) -> list[str]:
    """The foods logged in the person's account today, in the order the service stored them."""
    api = httpx.AsyncClient(base_url=cluster.sandbox.api_url, timeout=10)
    try:
        response = await api.get(
            "/nutrition",
            params={"date": day.isoformat()},
            headers={"Authorization": f"Bearer {cluster.keys[person]}"},
        )
    finally:
        await api.aclose()
    response.raise_for_status()
    return [str(entry["food"]) for entry in response.json()["entries"]]


async def reminder_rows(cluster: Cluster, people: list[int]) -> dict[int, tuple[Any, ...]]:
    rows = await cluster.sql(
        text(
            "SELECT telegram_id, next_due_at, last_sent_local_date, claimed_by, message_id "
            "FROM reminders WHERE telegram_id = ANY(:ids)"
        ).bindparams(ids=people)
    )
    return {row[0]: tuple(row[1:]) for row in rows}
