"""`healthbot doctor`: check each setting and dependency in turn and say how to fix it.

Each check returns (ok, message); the messages come from bot/render/ops.py. The bot token and keys
are never printed: only whether they are set and whether the other side accepted them.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Awaitable, Callable
from pathlib import Path

import aiohttp

from bot.agent_api.client import AgentApiClient, new_http_client
from bot.agent_api.errors import AgentApiError, BadKey
from bot.config import Settings
from bot.render import format as fmt
from bot.render import ops
from bot.store.crypto import (
    GENERATE_HINT,
    EncryptionError,
    InvalidEncryptionKey,
    KeyCipher,
    MissingEncryptionKey,
)
from bot.telegram.probe import probe_telegram

Check = tuple[bool | None, str]  # None: skipped / informational


async def check_encryption(settings: Settings) -> Check:
    try:
        KeyCipher(settings.encryption_keys())
    except MissingEncryptionKey:
        return False, ops.doctor_encryption_missing(GENERATE_HINT)
    except InvalidEncryptionKey as exc:
        return False, ops.doctor_encryption_invalid(exc.position, GENERATE_HINT)
    except EncryptionError as exc:
        return False, ops.doctor_encryption_bad(str(exc))
    return True, ops.doctor_encryption_ok(len(settings.encryption_keys()))


async def check_telegram(settings: Settings) -> Check:
    if settings.telegram_bot_token is None:
        return False, ops.doctor_telegram_missing()
    probe = await probe_telegram(settings, settings.telegram_bot_token.get_secret_value())
    if probe.username is not None:
        return True, ops.doctor_telegram_ok(probe.username)
    if probe.refused is not None:
        return False, ops.doctor_telegram_refused(probe.refused)
    return False, ops.doctor_telegram_unreachable(
        settings.telegram_api_base_url, probe.unreachable or "?"
    )


# Tokens a context must hold beyond the probe's prompt: remembered turns, the message, the
# tool calls or answer. Less than this and long messages fail for want of room.
CONTEXT_ROOM_TOKENS = 1024
# The least context a server is told to run with when it needs more (llama.cpp's default is
# 4,096, which the bot's prompt leaves little room in).
SUGGESTED_CONTEXT_TOKENS = 8192


async def check_llm(settings: Settings) -> Check:
    """The bot's own first request for a realistic message; see bot/ops/llm_probe.py.

    The advice names what to change and never a setting that already holds what it would
    suggest: OPENAI_MODEL only while it is unset, LLM_CONTEXT_TOKENS only with another value.
    """
    if not settings.llm_enabled:
        return None, ops.doctor_llm_off()
    from bot.kernel.days import day_end
    from bot.ops.llm_probe import PROBE_MESSAGE, probe_llm
    from bot.planner.base import PlannerError
    from bot.planner.client import openai_client
    from bot.planner.llm import build_llm_planner

    model = settings.openai_model
    model_set = "openai_model" in settings.model_fields_set
    try:
        async with openai_client(settings) as client:
            planner = build_llm_planner(settings, client)
            result = await probe_llm(planner, day_ends_at=day_end(None, settings.day_ends_at))
    except PlannerError as exc:  # worded for an operator, the key already taken out
        return False, ops.doctor_llm_failed(model, str(exc))
    except Exception as exc:  # the probe's whole point is to report any failure
        return False, ops.doctor_llm_failed(model, type(exc).__name__)
    tokens = ops.doctor_llm_tokens(
        result.server_prompt_tokens, result.estimated_prompt_tokens, result.context_tokens
    )
    if result.invalid:
        verdict = ops.doctor_llm_invalid_calls(model, PROBE_MESSAGE, result.invalid, model_set)
        return False, f"{verdict} {tokens}"
    if not result.valid:
        return False, f"{ops.doctor_llm_no_tool_call(model, PROBE_MESSAGE, model_set)} {tokens}"
    if not result.recognised:
        misread = ops.doctor_llm_misread(model, PROBE_MESSAGE, result.understood, model_set)
        return False, f"{misread} {tokens}"
    verdict = ops.doctor_llm_tools_ok(model, PROBE_MESSAGE, result.valid, result.understood)
    prompt = result.server_prompt_tokens or result.estimated_prompt_tokens
    ok, advice = _context_advice(settings, prompt, result.context_tokens)
    return ok, " ".join([verdict, tokens, *([advice] if advice else [])])


def _context_advice(settings: Settings, prompt: int, context: int | None) -> tuple[bool, str]:
    """Whether the context the server runs with (or, when it does not say, the one the bot
    assumes) holds the prompt and a conversation, and whether LLM_CONTEXT_TOKENS matches it."""
    limit = settings.llm_context_limit
    limit_set = settings.llm_context_tokens != 0
    runs = context if context is not None else limit
    if runs - prompt < CONTEXT_ROOM_TOKENS:
        size = _larger_context(prompt, runs)
        # the bot must be told the new size too, unless it is told so already
        tell = size if limit != size else None
        if context is None:
            return False, ops.doctor_llm_limit_small(limit, limit_set, prompt, size)
        return False, ops.doctor_llm_context_small(context, prompt, CONTEXT_ROOM_TOKENS, size, tell)
    if context is None or context == limit:
        return True, ""
    if limit > context:  # the bot would send conversations the server refuses
        return False, ops.doctor_llm_limit_over(limit, limit_set, context)
    return True, ops.doctor_llm_limit_under(limit, limit_set, context)


def _larger_context(prompt: int, runs: int) -> int:
    """A context to suggest: a power of two holding the prompt and a conversation, at least
    `SUGGESTED_CONTEXT_TOKENS`, and more than the server runs with now."""
    size = SUGGESTED_CONTEXT_TOKENS
    while size < prompt + CONTEXT_ROOM_TOKENS or size <= runs:
        size *= 2
    return size


async def check_prompt_size(settings: Settings) -> Check:
    from bot.planner.prompt import TOKEN_BUDGET, prompt_budget

    budget = prompt_budget()
    return budget["total"] <= TOKEN_BUDGET, ops.doctor_prompt_size(budget)


async def check_service(settings: Settings, key: str | None) -> Check:
    if key is None:
        return None, ops.doctor_service_no_key(settings.agent_api_base_url)
    async with new_http_client(timeout_seconds=settings.agent_api_timeout_seconds) as http:
        try:
            me = await AgentApiClient(settings.agent_api_base_url, key, http=http).me()
        except BadKey:
            return False, ops.doctor_service_bad_key()
        except AgentApiError as exc:
            return False, ops.doctor_service_down(settings.agent_api_base_url, str(exc))
    return True, ops.doctor_service_ok(settings.agent_api_base_url, me.name)


async def check_database(settings: Settings) -> Check:
    """Reach the database and compare its schema with the code's; a check creates nothing.

    A SQLite file that is not there yet is fine (the bot makes it at start) as long as its
    folder is writable; the engine is plain, without the bot's pragmas (which switch a
    SQLite file to WAL mode), and nothing is migrated.
    """
    from sqlalchemy.ext.asyncio import create_async_engine

    from bot.store.db import async_url
    from bot.store.migrate import head_revision, schema_revision

    url = async_url(settings.database_url)
    backend = url.get_backend_name()
    if backend == "sqlite" and url.database not in (None, "", ":memory:"):
        absent = _absent_sqlite_file(Path(str(url.database).removeprefix("file:")))
        if absent is not None:
            return absent
    engine = create_async_engine(url)
    try:
        revision = await schema_revision(engine)
    except Exception as exc:  # report any driver/connection failure plainly
        return False, ops.doctor_db_failed(type(exc).__name__)
    finally:
        await engine.dispose()
    if revision != head_revision():
        return True, ops.doctor_db_behind(backend)
    return True, ops.doctor_db_ok(backend)


def _absent_sqlite_file(path: Path) -> Check | None:
    """What to say of a SQLite file that is not there yet; None when it is."""
    if path.exists():
        return None
    if not os.access(path.parent, os.W_OK | os.X_OK):
        return False, ops.doctor_db_unwritable(str(path))
    return None, ops.doctor_db_absent(str(path))


async def check_receiver(settings: Settings) -> Check:
    """Ask a running bot's `/healthz` whether it still receives updates."""
    from bot.telegram.liveness import health_url

    if not settings.health_port:
        return None, ops.doctor_receiver_off()
    url = health_url(settings.health_listen, settings.health_port)
    try:
        async with new_http_client(timeout_seconds=5) as http, http.get(url) as response:
            status, text = response.status, (await response.text()).strip()
    except (TimeoutError, aiohttp.ClientError):
        return None, ops.doctor_receiver_not_running(url)
    why = text.partition(": ")[2] or text
    if status == 200:
        return True, ops.doctor_receiver_ok(why)
    return False, ops.doctor_receiver_stuck(why)


async def _run(settings: Settings, key: str | None, out: Callable[[str], None]) -> int:
    checks: list[Callable[[], Awaitable[Check]]] = [
        lambda: check_encryption(settings),
        lambda: check_database(settings),
        lambda: check_telegram(settings),
        lambda: check_llm(settings),
        lambda: check_prompt_size(settings),
        lambda: check_service(settings, key),
        lambda: check_receiver(settings),
    ]
    failed = 0
    for check in checks:
        ok, message = await check()
        out(fmt.to_plain(ops.doctor_line(ok, message)))
        failed += ok is False
    out(fmt.to_plain(ops.doctor_summary(failed)))
    return 1 if failed else 0


def run_doctor(settings: Settings, *, key: str | None, out: Callable[[str], None] = print) -> int:
    return asyncio.run(_run(settings, key, out))
