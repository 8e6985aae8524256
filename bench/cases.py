"""The seven benchmarks, and `floor`, a reference for them. Each is an async function returning a
dict of figures and runs in its own process (`python -m bench.run NAME`), so its peak RSS and CPU
time are its own.

The bot side is the real core (`create_assistant`) or the real PTB application
(`build_application`), on a SQLite store in a temporary directory; the third parties are in
`bench.servers`' child process.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable, Coroutine
from pathlib import Path
from typing import Any, cast

from sqlalchemy import event, insert, text, update

from bench.servers import Servers
from bot.config import Settings
from bot.core.assistant import Assistant, create_assistant
from bot.store import repo
from bot.store.crypto import KeyCipher, generate_key
from bot.store.models import Account, AccountStatus, Reminder

TYPICAL = "2 eggs and toast"  # understood offline: one ingest with two entries, then /today


def _database_url(workdir: Path) -> str:
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


def _settings(servers: Servers, workdir: Path, **overrides: Any) -> Settings:
    values: dict[str, Any] = {
        "database_url": _database_url(workdir),
        "bot_encryption_key": generate_key(),
        "telegram_bot_token": servers.urls.telegram_token,
        "telegram_api_base_url": servers.urls.telegram + "/bot",
        "agent_api_base_url": servers.urls.sandbox,
        "openai_api_key": None,
        "log_level": "WARNING",
    }
    values.update(overrides)
    return Settings(_env_file=None, **values)


def _with_llm(servers: Servers, **overrides: Any) -> dict[str, Any]:
    return {
        "openai_api_key": "bench",
        "openai_base_url": servers.urls.openai,
        "offline_fast_path": False,  # every message goes to the (fake) LLM
        **overrides,
    }


async def _linked(servers: Servers, settings: Settings, people: int) -> tuple[Assistant, list[int]]:
    """An assistant with `people` linked accounts (as /connect then /timezone UTC would do)."""
    keys: list[str] = servers.call("add_users", people, "p")
    assistant = await create_assistant(settings)
    ids = [10_000 + i for i in range(people)]

    async def link(user_id: int, key: str) -> None:
        await assistant.connect(user_id=user_id, chat_id=user_id, api_key=key)
        await assistant.set_timezone(user_id=user_id, name="UTC")

    for start in range(0, people, 50):
        await asyncio.gather(
            *(link(u, k) for u, k in zip(ids[start:], keys[start : start + 50], strict=False))
        )
    async with assistant.sessionmaker.begin() as session:  # no reminder gets in the way
        await session.execute(update(Reminder).values(next_due_at=None))
    return assistant, ids


def _food_call(day: dt.date) -> dict[str, Any]:
    from tests.fixtures.openai import chat_completion

    item = {"food": "Quinoa bowl, 1 bowl", "calories": 450, "protein": 15, "carbs": 60, "fat": 14}
    return chat_completion(
        tool_calls=[("log_food", {"date": day.isoformat(), "items": [item]})], usage=(1200, 60)
    )


def _peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


# --- 1. overhead per message ---------------------------------------------------------------------


async def overhead(workdir: Path) -> dict[str, Any]:
    """`Assistant.handle_text` with the offline planner, sandbox without latency, one at a time."""
    messages, warmup = 400, 40
    with Servers(workdir) as servers:
        assistant, ids = await _linked(servers, _settings(servers, workdir), 40)
        statements = 0

        def count(*_: object) -> None:
            nonlocal statements
            statements += 1

        event.listen(assistant.engine.sync_engine, "before_cursor_execute", count)
        try:
            for i in range(warmup):
                await assistant.handle_text(user_id=ids[i % 40], chat_id=ids[i % 40], text=TYPICAL)
            before = servers.call("sandbox_stats")
            walls: list[float] = []
            own: list[float] = []  # wall time minus the time the sandbox spent serving it
            cpu, statements = 0.0, 0
            for i in range(messages):
                user = ids[i % 40]
                busy0 = servers.call("sandbox_stats")["busy_seconds"]
                cpu0, t0 = time.process_time(), time.perf_counter()
                await assistant.handle_text(user_id=user, chat_id=user, text=TYPICAL)
                wall = time.perf_counter() - t0
                cpu += time.process_time() - cpu0
                walls.append(wall)
                own.append(wall - (servers.call("sandbox_stats")["busy_seconds"] - busy0))
            after = servers.call("sandbox_stats")
        finally:
            await assistant.aclose()
    in_sandbox = (after["busy_seconds"] - before["busy_seconds"]) / messages
    requests = (sum(after["counts"].values()) - sum(before["counts"].values())) / messages
    return {
        "path": "core: Assistant.handle_text, offline planner, SQLite store",
        "message": TYPICAL,
        "messages": messages,
        "p50_ms": 1000 * _pct(walls, 0.5),
        "p99_ms": 1000 * _pct(walls, 0.99),
        "bot_p50_ms": 1000 * _pct(own, 0.5),
        "bot_p99_ms": 1000 * _pct(own, 0.99),
        "mean_ms": 1000 * statistics.fmean(walls),
        "bot_cpu_ms_per_message": 1000 * cpu / messages,
        "sandbox_ms_per_message": 1000 * in_sandbox,
        "api_requests_per_message": requests,
        "sql_statements_per_message": statements / messages,
    }


# --- 1b. floor: the libraries alone ---------------------------------------------------------------


def _kernel_s() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_stime


async def _per_op(op: Callable[[], Awaitable[None]], warmup: int, runs: int) -> dict[str, float]:
    """Mean CPU ms of `op` (this process, threads included), its kernel part, and mean wall ms."""
    for _ in range(warmup):
        await op()
    sys0, cpu0, t0 = _kernel_s(), time.process_time(), time.perf_counter()
    for _ in range(runs):
        await op()
    wall, cpu = time.perf_counter() - t0, time.process_time() - cpu0
    kernel = _kernel_s() - sys0
    return {
        "cpu_ms": 1000 * cpu / runs,
        "sys_ms": 1000 * kernel / runs,
        "wall_ms": 1000 * wall / runs,
    }


async def floor(workdir: Path) -> dict[str, Any]:
    """What httpx, openai, SQLAlchemy + aiosqlite and PTB cost per operation, no bot code.

    Each operation a message needs, alone in a loop, against the same loopback third parties
    as `overhead` and `concurrency`; what the bot spends above their sum is its own.
    """
    import openai
    import telegram
    from openai.types.chat import (
        ChatCompletion,
        ChatCompletionMessageParam,
        ChatCompletionToolUnionParam,
    )
    from telegram.constants import ParseMode

    from bot.agent_api.client import PREFIX, new_http_client
    from bot.planner.base import PlanContext
    from bot.planner.prompt import render_system_prompt
    from bot.planner.tools import tool_specs
    from bot.store.db import make_engine, make_sessionmaker

    warmup, runs = 30, 300
    now = dt.datetime.now(dt.UTC)
    day = now.date()
    entry = {"food": "Quinoa bowl, 1 bowl", "calories": 450, "protein": 15, "carbs": 60, "fat": 14}
    ingest = {"actions": [{"type": "nutrition.add_entry", "date": day.isoformat(), "entry": entry}]}
    # What the LLM planner sends for a first message, built once: only the request is timed.
    messages: list[ChatCompletionMessageParam] = [
        {"role": "system", "content": render_system_prompt(PlanContext(now=now, timezone="UTC"))},
        {"role": "user", "content": "a quinoa bowl"},
    ]
    tools = cast(list[ChatCompletionToolUnionParam], tool_specs())
    ops: dict[str, dict[str, float]] = {}
    with Servers(workdir) as servers:
        key: str = servers.call("add_users", 1, "f")[0]
        api = servers.urls.sandbox.rstrip("/") + PREFIX
        auth = {"Authorization": f"Bearer {key}"}  # as AgentApiClient sends it

        async with new_http_client() as http:

            async def get_today() -> None:
                response = await http.get(api + "/today", headers=auth)
                response.raise_for_status()
                response.json()

            async def post_ingest() -> None:
                response = await http.post(api + "/ingest", headers=auth, json=ingest)
                assert response.is_success, response.text
                response.json()

            ops["httpx_get"] = await _per_op(get_today, warmup, runs)
            ops["httpx_post"] = await _per_op(post_ingest, warmup, runs)

        servers.call("script_openai", _food_call(day), 0.0, 2 * (warmup + runs))
        llm = openai.AsyncOpenAI(api_key="bench", base_url=servers.urls.openai, max_retries=0)
        body = {
            "model": "gpt-4o-mini",
            "messages": messages,
            "tools": tools,
            "tool_choice": "auto",
            "parallel_tool_calls": True,
        }
        try:

            async def chat() -> None:  # as the LLM planner sends it (see LlmPlanner._complete)
                completion = await llm.post("/chat/completions", body=body, cast_to=ChatCompletion)
                assert completion.choices[0].message.tool_calls, completion

            async def chat_create() -> None:  # the typed call, for comparison
                completion = await llm.chat.completions.create(
                    model="gpt-4o-mini",
                    messages=messages,
                    tools=tools,
                    tool_choice="auto",
                    parallel_tool_calls=True,
                )
                assert completion.choices[0].message.tool_calls, completion

            ops["openai_chat"] = await _per_op(chat, warmup, runs)
            ops["openai_create"] = await _per_op(chat_create, warmup, runs)
        finally:
            await llm.close()

        engine = make_engine(f"sqlite+aiosqlite:///{workdir / 'floor.db'}")
        sessionmaker = make_sessionmaker(engine)
        try:
            async with engine.begin() as connection:
                await connection.execute(
                    text("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL)")
                )

            async def write() -> None:
                async with sessionmaker.begin() as session:
                    await session.execute(text("INSERT INTO t(v) VALUES (:v)"), {"v": "x"})

            ops["sqlite_tx"] = await _per_op(write, warmup, runs)
        finally:
            await engine.dispose()

        # As build_application passes them; no AIORateLimiter.
        bot = telegram.Bot(
            token=servers.urls.telegram_token, base_url=servers.urls.telegram + "/bot"
        )
        await bot.initialize()
        try:

            async def send() -> None:
                await bot.send_message(chat_id=10_000, text="ok", parse_mode=ParseMode.HTML)

            ops["telegram_send"] = await _per_op(send, warmup, runs)
        finally:
            await bot.shutdown()
        sent = len(servers.call("telegram_sends")["chats"])
    assert sent == warmup + runs, sent
    # A message the offline planner handles: one GET /today, one POST /ingest, a store write,
    # a reply. The LLM path adds one chat request.
    core = sum(ops[name]["cpu_ms"] for name in ("httpx_get", "httpx_post", "sqlite_tx"))
    offline = core + ops["telegram_send"]["cpu_ms"]
    return {
        "path": (
            "libraries alone, one op at a time: httpx GET /today and POST /ingest, openai "
            "client post of a chat request with the real tools and prompt (and, for comparison, "
            "chat.completions.create), SQLAlchemy+aiosqlite INSERT tx, "
            "PTB Bot.send_message"
        ),
        "runs": runs,
        **{f"{name}_{figure}": value for name, op in ops.items() for figure, value in op.items()},
        "core_offline_floor_cpu_ms": core,  # what `overhead` measures: no Telegram reply
        "offline_message_floor_cpu_ms": offline,
        "llm_message_floor_cpu_ms": offline + ops["openai_chat"]["cpu_ms"],
        "concurrency_budget_cpu_ms": 1.3 * 1.1 * 1000 / 500,
        "overhead_goal_ms": 5.0,
    }


# --- 2. concurrency ------------------------------------------------------------------------------


async def concurrency(workdir: Path) -> dict[str, Any]:
    """500 people at once, each one message; LLM 1.0 s, every API request 50 ms."""
    people, llm_s, api_ms = 500, 1.0, 50
    ideal = llm_s + 2 * api_ms / 1000  # one LLM call, /ingest, /today, all waiting, nothing else
    day = dt.datetime.now(dt.UTC).date()
    with Servers(workdir, latency_ms=api_ms) as servers:
        settings = _settings(servers, workdir, **_with_llm(servers, llm_max_concurrency=people))
        assistant, ids = await _linked(servers, settings, people)
        try:

            async def burst(group: list[int]) -> float:
                servers.call("script_openai", _food_call(day), llm_s, len(group))
                t0 = time.perf_counter()
                replies = await asyncio.gather(
                    *(
                        assistant.handle_text(user_id=u, chat_id=u, text="a quinoa bowl")
                        for u in group
                    )
                )
                elapsed = time.perf_counter() - t0
                assert all("Quinoa" in r.html for r in replies), replies[0].html
                return elapsed

            single = await burst(ids[:1])
            cpu0 = time.process_time()
            everyone = await burst(ids)
            cpu = time.process_time() - cpu0
            # The default cap of 16 concurrent LLM calls, on a smaller crowd.
            assistant.resources.llm_slots = asyncio.Semaphore(16)
            capped = await burst(ids[:64])
        finally:
            await assistant.aclose()
    return {
        "path": "core: 500 x Assistant.handle_text at once (LLM planner on the real openai client)",
        "people": people,
        "llm_latency_s": llm_s,
        "api_latency_ms": api_ms,
        "llm_max_concurrency": people,
        "ideal_s": ideal,
        "one_message_alone_s": single,
        "all_replies_s": everyone,
        "ratio_to_ideal": everyone / ideal,
        "bot_cpu_s": cpu,
        "default_cap_16_people": 64,
        "default_cap_16_s": capped,
        "default_cap_16_500_people_estimate_s": capped / 4 * (-(-people // 16)),
        "peak_rss_mb": _peak_rss_mb(),
    }


# --- 3 and 4. calls per message and prompt tokens ---------------------------------------------


async def calls(workdir: Path) -> dict[str, Any]:
    """LLM and API requests per logging message, counted at the fake OpenAI server and sandbox."""
    from tests.fixtures.openai import chat_completion

    day = dt.datetime.now(dt.UTC).date().isoformat()
    slept = {"date": day, "mood": None, "energy": None, "sleepQuality": 2, "notes": None}
    oatmeal = {
        "food": "Oatmeal, 1 cup cooked",
        "calories": 158,
        "protein": 6,
        "carbs": 27,
        "fat": 3,
    }
    cases: list[tuple[str, str, list[tuple[str, Any]]]] = [
        ("food", "a quinoa bowl for lunch", [("log_food", {"date": day, "items": [oatmeal]})]),
        ("check-in (merged)", "slept badly", [("checkin_upsert", slept)]),
        (
            "food + check-in",
            "had oatmeal, slept badly",
            [("log_food", {"date": day, "items": [oatmeal]}), ("checkin_upsert", slept)],
        ),
        ("weight", "72.4 kg this morning", [("weight_log", {"date": day, "weightKg": 72.4})]),
    ]
    rows: dict[str, Any] = {}
    with Servers(workdir) as servers:
        assistant, ids = await _linked(
            servers, _settings(servers, workdir, **_with_llm(servers)), 1
        )
        user = ids[0]
        try:
            for name, text, tool_calls in cases:
                servers.call("reset")
                servers.call("script_openai", chat_completion(tool_calls=tool_calls), 0.0, 1)
                reply = await assistant.handle_text(user_id=user, chat_id=user, text=text)
                counts = servers.call("sandbox_stats")["counts"]
                requests = servers.call("openai_requests")
                rows[name] = {
                    "llm_requests": len(requests),
                    "api": counts,
                    "logged": "Logged" in reply.html or "kg" in reply.html,
                }
                if name == "food":
                    tokens = _prompt_tokens(requests[0])
        finally:
            await assistant.aclose()
    return {"messages": rows, "prompt": tokens}


def _prompt_tokens(request: dict[str, Any]) -> dict[str, Any]:
    """Tokens of one recorded chat request: messages plus tool schemas (cl100k_base)."""
    from bot.planner.prompt import TOKEN_BUDGET, count_tokens

    messages = request["messages"]
    text = sum(count_tokens(str(m.get("content") or "")) for m in messages)
    tools = count_tokens(json.dumps(request.get("tools", []), separators=(",", ":")))
    overhead = 4 * len(messages) + 3  # OpenAI's per-message framing
    return {
        "messages": len(messages),
        "message_tokens": text,
        "tool_tokens": tools,
        "tools": len(request.get("tools", [])),
        "total": text + tools + overhead,
        "budget": TOKEN_BUDGET,
    }


# --- 5. reminder fan-out -----------------------------------------------------------------------


async def fanout(workdir: Path) -> dict[str, Any]:
    """N reminders due at once through the real PTB bot, against a Bot API enforcing 30/s."""
    from bot.sync.reminders import Reminders
    from bot.telegram.app import build_application
    from bot.telegram.handlers import reminder_sender

    people = 300
    with Servers(workdir) as servers:
        servers.call("telegram_rate_limit", 30)
        assistant, _ = await _linked(servers, _settings(servers, workdir), people)
        now = dt.datetime.now(dt.UTC)
        async with assistant.sessionmaker.begin() as session:
            await session.execute(
                update(Reminder).values(next_due_at=now - dt.timedelta(minutes=1))
            )
        app = build_application(
            assistant.settings, assistant, reminder_every=None, outbox_every=None
        )
        await app.initialize()
        try:
            reminders = Reminders.from_assistant(assistant)
            cpu0, t0 = time.process_time(), time.perf_counter()
            sent = await reminders.run_due(now, reminder_sender(app.bot))
            wall, cpu = time.perf_counter() - t0, time.process_time() - cpu0
        finally:
            await app.shutdown()
            await assistant.aclose()
        telegram = servers.call("telegram_sends")
    at = sorted(telegram["at"])
    rate = (len(at) - 1) / (at[-1] - at[0]) if len(at) > 1 else 0.0
    return {
        "path": "Reminders.run_due -> PTB bot (AIORateLimiter) -> fake Bot API limited to 30/s",
        "people": people,
        "sent": sent,
        "distinct_chats": len(set(telegram["chats"])),
        "refused_429": telegram["429"],
        "wall_s": wall,
        "rate_per_s": rate,
        "ratio_to_30": rate / 30,
        "bot_cpu_s": cpu,
        "bot_cpu_ms_per_reminder": 1000 * cpu / max(sent, 1),
        "peak_rss_mb": _peak_rss_mb(),
    }


# --- 6. peak RSS with 10,000 linked accounts ------------------------------------------------------


async def rss(workdir: Path) -> dict[str, Any]:
    """`healthbot run` (polling) on a store of 10,000 linked accounts, keys rotated at start."""
    accounts, chatty = 10_000, 50
    old, new = generate_key(), generate_key()
    with Servers(workdir) as servers:
        settings = _settings(servers, workdir, bot_encryption_key=old)
        assistant, ids = await _linked(servers, settings, chatty)
        cipher = KeyCipher([old])
        now = dt.datetime.now(dt.UTC)
        rows = [
            {
                "telegram_id": 1_000_000 + i,
                "chat_id": 1_000_000 + i,
                "encrypted_key": cipher.encrypt(f"hk_{i:032d}"),
                "service_user_id": f"usr_{i}",
                "service_user_name": f"Person {i}",
                "timezone": "Europe/Berlin",
                "status": AccountStatus.ACTIVE,
                "created_at": now,
                "updated_at": now,
            }
            for i in range(accounts - chatty)
        ]
        async with assistant.sessionmaker.begin() as session:
            await session.execute(insert(Account), rows)
            await session.execute(
                insert(Reminder),
                [
                    {"telegram_id": r["telegram_id"], "next_due_at": now + dt.timedelta(hours=6)}
                    for r in rows
                ],
            )
        await assistant.aclose()
        env = {
            "PATH": os.environ.get("PATH", ""),
            "TELEGRAM_BOT_TOKEN": servers.urls.telegram_token,
            "TELEGRAM_API_BASE_URL": servers.urls.telegram + "/bot",
            "DATABASE_URL": settings.database_url,
            "AGENT_API_BASE_URL": servers.urls.sandbox,
            "BOT_ENCRYPTION_KEY": f"{new},{old}",  # every stored key is re-encrypted at start
            "LOG_LEVEL": "WARNING",
        }
        process = _start_bot(workdir, env)
        try:
            t0 = time.perf_counter()
            for user in ids:
                servers.call("push_text", user, TYPICAL)
            replies = await _until(lambda: _replied(servers, ids), 60)
            elapsed = time.perf_counter() - t0
            peak = _vm_hwm_mb(process.pid)
        finally:
            process.terminate()
            process.wait(20)
    return {
        "path": "healthbot run (polling) as a subprocess; VmHWM from /proc",
        "accounts": accounts,
        "messages_answered": replies,
        "seconds_to_answer_all": elapsed,
        "keys_rotated_at_start": accounts,
        "peak_rss_mb": peak,
    }


def _start_bot(workdir: Path, env: dict[str, str]) -> subprocess.Popen[bytes]:
    log = (workdir / "bot.log").open("wb")
    command = [sys.executable, "-m", "bot.cli", "run"]
    return subprocess.Popen(command, cwd=workdir, env=env, stdout=log, stderr=subprocess.STDOUT)


def _replied(servers: Servers, ids: list[int]) -> int:
    chats = set(servers.call("telegram_sends")["chats"])
    return sum(1 for user in ids if user in chats)


async def _until(count: Callable[[], int], limit: float) -> int:
    deadline = time.monotonic() + limit
    while True:
        value = count()
        if value >= 50 or time.monotonic() > deadline:
            return value
        await asyncio.sleep(0.2)


def _vm_hwm_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


# --- 7. catching up after an outage ---------------------------------------------------------------


async def catchup(workdir: Path) -> dict[str, Any]:
    """40 items saved during an outage: how long until they land once the service is back.

    The real PTB bot runs with its outbox job (and its probe of a service that failed) while
    one person says 40 foods to a service whose writes all fail; the outage lasts a while longer
    (backoffs grow), then the service answers again and the clock runs until the outbox is
    empty. Requests are counted at the sandbox from the moment it recovered.
    """
    from bot.telegram.app import OUTBOX_EVERY, build_application

    items, outage_s = 40, 15.0
    with Servers(workdir) as servers:
        assistant, ids = await _linked(servers, _settings(servers, workdir), 1)
        user = ids[0]
        app = build_application(assistant.settings, assistant, reminder_every=None)
        await app.initialize()
        if app.post_init is not None:
            await app.post_init(app)
        await app.start()
        try:
            servers.call("sandbox_down", True)
            down_at = time.monotonic()
            kept = 0
            for _ in range(items):
                reply = await assistant.handle_text(user_id=user, chat_id=user, text="an apple")
                kept += "Saved" in reply.html
            await asyncio.sleep(max(0.0, outage_s - (time.monotonic() - down_at)))
            sent_before = len(servers.call("telegram_sends")["chats"])
            servers.call("reset")
            servers.call("sandbox_down", False)
            recovered = time.monotonic()

            async def waiting() -> int:
                async with assistant.sessionmaker() as session:  # one at a time: SQLite
                    return len(await repo.pending_outbox(session=session, telegram_id=user))

            while await waiting():
                if time.monotonic() - recovered > 600:
                    raise TimeoutError("the outbox did not drain in 10 minutes")
                await asyncio.sleep(0.05)
            landed_s = time.monotonic() - recovered
            await asyncio.sleep(2 * OUTBOX_EVERY)  # the synced notice goes out after the pass
            counts = servers.call("sandbox_stats")["counts"]
            notices = len(servers.call("telegram_sends")["chats"]) - sent_before
        finally:
            await app.stop()
            await app.shutdown()
        return {
            "path": "healthbot's PTB app with its outbox job -> sandbox whose writes 503, then not",
            "items": items,
            "kept_during_outage": kept,
            "outage_s": outage_s,
            "landed_after_recovery_s": landed_s,
            "ingest_requests_after_recovery": counts.get("POST /ingest", 0),
            "synced_notices": notices,
            "outbox_job_every_s": OUTBOX_EVERY,
        }


CASES: dict[str, Callable[[Path], Coroutine[Any, Any, dict[str, Any]]]] = {
    "overhead": overhead,
    "floor": floor,
    "concurrency": concurrency,
    "calls": calls,
    "fanout": fanout,
    "rss": rss,
    "catchup": catchup,
}
