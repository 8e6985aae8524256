"""The third parties of a benchmark, in a process of their own: sandbox, fake OpenAI, fake Bot API.

They are the test fixtures' classes (tests/fixtures), run as plain helpers in a child process so
that their CPU time never counts as the bot's. The bot (the benchmark process) talks to them on
loopback; the benchmark scripts and inspects them through `Servers`, which forwards calls over a
pipe to the child.

The sandbox is wrapped in `Counting`, an ASGI middleware that counts requests per route and the
time spent inside the sandbox, without changing what the sandbox does.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import multiprocessing.connection
import threading
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from starlette.types import ASGIApp, Receive, Scope, Send

from tests.fixtures.serving import serve_in_thread

API_PREFIX = "/api/v1/agent"


class Counting:
    """ASGI middleware: requests per "METHOD /route" and seconds spent in the wrapped app."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.counts: Counter[str] = Counter()
        self.busy_seconds = 0.0
        self._lock = threading.Lock()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        route = scope["path"].removeprefix(API_PREFIX)
        started = time.perf_counter()
        try:
            await self.app(scope, receive, send)
        finally:
            with self._lock:
                self.counts[f"{scope['method']} {route}"] += 1
                self.busy_seconds += time.perf_counter() - started

    def snapshot(self) -> dict[str, Any]:
        with self._lock:
            return {"counts": dict(self.counts), "busy_seconds": self.busy_seconds}

    def reset(self) -> None:
        with self._lock:
            self.counts.clear()
            self.busy_seconds = 0.0


def _serve(app: ASGIApp, name: str) -> str:
    """Serve `app` on a loopback port from a thread; its base URL once it accepts requests."""
    return serve_in_thread(app, name=name, backlog=2048).url


@dataclass
class Urls:
    sandbox: str
    sandbox_db: str
    openai: str
    telegram: str
    telegram_token: str


def _child(pipe: multiprocessing.connection.Connection, workdir: str, latency_ms: int) -> None:
    """The child process: start the three servers, then answer the benchmark's calls."""
    from sandbox.app import SandboxConfig, create_app
    from sandbox.faults import FaultInjector, WriteFault
    from tests.fixtures.openai import start_fake_openai
    from tests.fixtures.telegram import FakeTelegram

    class Outage(FaultInjector):
        """Every write fails with a 503 (nothing applied) while `down`."""

        down = False

        def draw(self) -> WriteFault:
            return WriteFault.BEFORE if self.down else WriteFault.NONE

    db_url = f"sqlite+aiosqlite:///{Path(workdir) / 'sandbox.db'}"
    sandbox_app = create_app(SandboxConfig(db_url=db_url, latency_ms=latency_ms))
    outage = Outage(0.0)
    sandbox_app.state.sandbox.faults = outage
    counting = Counting(sandbox_app)
    sandbox_url = _serve(counting, "sandbox")
    openai = start_fake_openai().fake

    class TimedTelegram(FakeTelegram):
        """Also notes when each message was accepted, and how many were refused with 429."""

        accepted_at: list[float]
        refused = 0

        def _m_sendmessage(self, params: dict[str, Any]) -> Any:
            response = super()._m_sendmessage(params)
            if response.status_code == 200:
                self.accepted_at.append(time.monotonic())
            elif response.status_code == 429:
                self.refused += 1
            return response

        def push_at_once(self, texts: list[tuple[int, str]]) -> None:
            """Queue these private text messages in one step: one getUpdates fetches them all."""
            messages = [self._message(user, "private", None, text=text) for user, text in texts]
            with self._lock:
                self._pending.extend(
                    {"update_id": next(self._update_ids), "message": m} for m in messages
                )
            self._notify()

    telegram = TimedTelegram()
    telegram.accepted_at = []
    telegram.start()
    pipe.send(Urls(sandbox_url, db_url, openai.base_url, telegram.url, telegram.token))

    while True:
        method, args = pipe.recv()
        if method == "stop":
            telegram.stop()
            pipe.send(None)
            return
        if method == "add_users":
            pipe.send(asyncio.run(_add_users(db_url, *args)))
        elif method == "sandbox_stats":
            pipe.send(counting.snapshot())
        elif method == "reset":
            counting.reset()
            openai.reset()
            pipe.send(None)
        elif method == "script_openai":
            body, delay, times = args
            for _ in range(times):
                openai.reply(body, delay=delay)
            pipe.send(None)
        elif method == "openai_requests":
            pipe.send(openai.chat_requests)
        elif method == "sandbox_down":
            outage.down = bool(args[0])
            pipe.send(None)
        elif method == "telegram_rate_limit":
            telegram.rate_limit = args[0]
            pipe.send(None)
        elif method == "telegram_sent_count":
            pipe.send(len(telegram.accepted_at))
        elif method == "telegram_chat_actions":
            pipe.send(len(telegram.calls("sendChatAction")))
        elif method == "telegram_sends":  # from the `since`th message sent (default: all)
            since = args[0] if args else 0
            accepted = list(telegram.accepted_at)  # noted just after a message is stored: first
            at = accepted[since:]
            sent = telegram.sent()[since:][: len(at)]
            pipe.send(
                {
                    "count": len(accepted),
                    "chats": [m.chat_id for m in sent],
                    "texts": [m.text for m in sent],
                    "at": at,
                    "429": telegram.refused,
                }
            )
        elif method == "push_text":
            pipe.send(telegram.push_text(*args))
        elif method == "push_at_once":
            telegram.push_at_once(args[0])
            pipe.send(None)
        else:
            pipe.send(ValueError(f"unknown call {method}"))


async def _add_users(db_url: str, count: int, prefix: str) -> list[str]:
    """Create `count` sandbox users in one transaction; their API keys, in order."""
    from sqlalchemy.ext.asyncio import AsyncSession

    from sandbox.auth import hash_key, new_key
    from sandbox.db import create_tables, make_engine
    from sandbox.models import User, new_id

    engine = make_engine(db_url)
    keys = [new_key() for _ in range(count)]
    try:
        await create_tables(engine)
        async with AsyncSession(engine) as session, session.begin():
            session.add_all(
                User(
                    public_id=new_id("usr"),
                    name=f"{prefix}{i}",
                    timezone="UTC",
                    key_hash=hash_key(k),
                )
                for i, k in enumerate(keys)
            )
    finally:
        await engine.dispose()
    return keys


class Servers:
    """The child process and a proxy to it; use as a context manager."""

    def __init__(self, workdir: Path, *, latency_ms: int = 0) -> None:
        context = multiprocessing.get_context("spawn")
        self._pipe, child_end = context.Pipe()
        self._process = context.Process(
            target=_child, args=(child_end, str(workdir), latency_ms), daemon=True
        )
        self._process.start()
        self.urls: Urls = self._pipe.recv()

    @property
    def pid(self) -> int:
        """The child process's id (its CPU time is the third parties')."""
        assert self._process.pid is not None
        return self._process.pid

    def call(self, method: str, *args: Any) -> Any:
        self._pipe.send((method, args))
        result = self._pipe.recv()
        if isinstance(result, Exception):
            raise result
        return result

    def __enter__(self) -> Servers:
        return self

    def __exit__(self, *exc: object) -> None:
        try:
            self.call("stop")
        finally:
            self._process.join(10)
            if self._process.is_alive():
                self._process.kill()
