"""The benchmarks of the core alone (`Assistant`, no Telegram): overhead per message, the
libraries' own floor for the same work, and calls and prompt tokens per message."""

from __future__ import annotations

import datetime as dt
import json
import resource
import statistics
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, cast

from sqlalchemy import event, text

from bench.common import TYPICAL, bench_settings, food_call, linked, pct, with_llm
from bench.e2e import GOAL_CPU_MS
from bench.servers import Servers
from bot.store.direct import Direct

# --- overhead per message -------------------------------------------------------------------------


async def overhead(workdir: Path) -> dict[str, Any]:
    """`Assistant.handle_text` with the offline planner, sandbox without latency, one at a time."""
    messages, warmup = 400, 40
    with Servers(workdir) as servers:
        assistant, ids = await linked(servers, bench_settings(servers, workdir), 40)
        statements = 0

        def count(*_: object) -> None:
            nonlocal statements
            statements += 1

        def count_direct(what: str, _sql: str) -> None:
            if what == "statement":
                count()

        event.listen(assistant.resources.engine.sync_engine, "before_cursor_execute", count)
        Direct.observers.append(count_direct)  # what bot/store/direct.py sends to the driver
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
            Direct.observers.remove(count_direct)
            await assistant.aclose()
    in_sandbox = (after["busy_seconds"] - before["busy_seconds"]) / messages
    requests = (sum(after["counts"].values()) - sum(before["counts"].values())) / messages
    return {
        "path": "core: Assistant.handle_text, offline planner, SQLite store",
        "message": TYPICAL,
        "messages": messages,
        "p50_ms": 1000 * pct(walls, 0.5),
        "p99_ms": 1000 * pct(walls, 0.99),
        "bot_p50_ms": 1000 * pct(own, 0.5),
        "bot_p99_ms": 1000 * pct(own, 0.99),
        "mean_ms": 1000 * statistics.fmean(walls),
        "bot_cpu_ms_per_message": 1000 * cpu / messages,
        "sandbox_ms_per_message": 1000 * in_sandbox,
        "api_requests_per_message": requests,
        "sql_statements_per_message": statements / messages,
    }


# --- floor: the libraries alone -------------------------------------------------------------------


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
    """What aiohttp, openai, SQLAlchemy + aiosqlite and PTB cost per operation, no bot code.

    Each operation a message needs, alone in a loop, against the same loopback third parties
    as `overhead` (and, with latency, `e2e`); what the bot spends above their sum is its own.
    The floor bot of `e2e` is the same question asked of a whole bot on lighter libraries.
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
    from bot.planner.client import llm_http_client
    from bot.planner.prompt import render_system_prompt
    from bot.planner.tool_schemas import tool_specs
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
                async with http.get(api + "/today", headers=auth) as response:
                    response.raise_for_status()
                    json.loads(await response.read())

            async def post_ingest() -> None:
                async with http.post(api + "/ingest", headers=auth, json=ingest) as response:
                    assert response.status == 200, await response.text()
                    json.loads(await response.read())

            ops["api_get"] = await _per_op(get_today, warmup, runs)
            ops["api_post"] = await _per_op(post_ingest, warmup, runs)

        servers.call("script_openai", food_call(day), 0.0, 2 * (warmup + runs))
        llm = openai.AsyncOpenAI(
            api_key="bench",
            base_url=servers.urls.openai,
            max_retries=0,
            http_client=llm_http_client(),
        )
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
    core = sum(ops[name]["cpu_ms"] for name in ("api_get", "api_post", "sqlite_tx"))
    offline = core + ops["telegram_send"]["cpu_ms"]
    return {
        "path": (
            "libraries alone, one op at a time: aiohttp GET /today and POST /ingest, openai "
            "client post of a chat request with the real tools and prompt (and, for comparison, "
            "chat.completions.create), SQLAlchemy+aiosqlite INSERT tx, "
            "PTB Bot.send_message"
        ),
        "runs": runs,
        **{f"{name}_{figure}": value for name, op in ops.items() for figure, value in op.items()},
        "core_offline_floor_cpu_ms": core,  # what `overhead` measures: no Telegram reply
        "offline_message_floor_cpu_ms": offline,
        "llm_message_floor_cpu_ms": offline + ops["openai_chat"]["cpu_ms"],
        "e2e_goal_cpu_ms": GOAL_CPU_MS,
        "overhead_goal_ms": 5.0,
    }


# --- calls per message and prompt tokens ----------------------------------------------------------


async def calls(workdir: Path) -> dict[str, Any]:
    """LLM and API requests per logging message, counted at the fake OpenAI server and sandbox."""
    from tests.fixtures.core import persons_today
    from tests.fixtures.openai import chat_completion

    day = persons_today().isoformat()  # the day the bot dates a message sent now
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
        assistant, ids = await linked(
            servers, bench_settings(servers, workdir, **with_llm(servers)), 1
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
