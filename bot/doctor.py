"""`healthbot doctor`: check each setting and dependency in turn and say how to fix it.

Each check returns (ok, message); the messages come from render.py. The bot token and keys
are never printed: only whether they are set and whether the other side accepted them.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import httpx

from bot import render
from bot.agent_api.client import AgentApiClient, new_http_client
from bot.agent_api.errors import AgentApiError, BadKey
from bot.config import Settings
from bot.store.crypto import EncryptionError, KeyCipher

Check = tuple[bool | None, str]  # None: skipped / informational


async def check_encryption(settings: Settings) -> Check:
    try:
        KeyCipher(settings.encryption_keys())
    except EncryptionError as exc:
        return False, render.doctor_encryption_bad(str(exc))
    return True, render.doctor_encryption_ok(len(settings.encryption_keys()))


async def check_telegram(settings: Settings) -> Check:
    if settings.telegram_bot_token is None:
        return False, render.doctor_telegram_missing()
    token = settings.telegram_bot_token.get_secret_value()
    url = f"{settings.telegram_api_base_url}{token}/getMe"
    try:
        async with httpx.AsyncClient(timeout=10) as http:
            response = await http.get(url)
        body = response.json()
    except (httpx.HTTPError, ValueError) as exc:
        return False, render.doctor_telegram_unreachable(
            settings.telegram_api_base_url, type(exc).__name__
        )
    if response.status_code == 200 and body.get("ok"):
        return True, render.doctor_telegram_ok(str(body["result"].get("username", "?")))
    return False, render.doctor_telegram_refused(response.status_code)


async def check_llm(settings: Settings) -> Check:
    if not settings.llm_enabled:
        return None, render.doctor_llm_off()
    from bot.planner.llm import build_llm_planner, probe

    planner = build_llm_planner(settings)
    try:
        result = await probe(planner.client, settings.openai_model)
    except Exception as exc:  # the probe's whole point is to report any failure
        return False, render.doctor_llm_failed(settings.openai_model, type(exc).__name__)
    return True, render.doctor_llm_ok(settings.openai_model, result)


async def check_prompt_size(settings: Settings) -> Check:
    from bot.planner.prompt import TOKEN_BUDGET, prompt_budget

    budget = prompt_budget()
    return budget["total"] <= TOKEN_BUDGET, render.doctor_prompt_size(budget)


async def check_service(settings: Settings, key: str | None) -> Check:
    if key is None:
        return None, render.doctor_service_no_key(settings.agent_api_base_url)
    async with new_http_client(timeout_seconds=settings.agent_api_timeout_seconds) as http:
        try:
            me = await AgentApiClient(settings.agent_api_base_url, key, http=http).me()
        except BadKey:
            return False, render.doctor_service_bad_key()
        except AgentApiError as exc:
            return False, render.doctor_service_down(settings.agent_api_base_url, str(exc))
    return True, render.doctor_service_ok(settings.agent_api_base_url, me.name)


async def check_database(settings: Settings) -> Check:
    from bot.store.db import make_engine
    from bot.store.migrate import migrate

    engine = make_engine(settings.database_url)
    try:
        await migrate(engine)
    except Exception as exc:  # report any driver/connection failure plainly
        return False, render.doctor_db_failed(type(exc).__name__)
    finally:
        await engine.dispose()
    return True, render.doctor_db_ok(engine.url.get_backend_name())


async def check_receiver(settings: Settings) -> Check:
    """Ask a running bot's `/healthz` whether it still receives updates."""
    from bot.telegram.liveness import health_url

    if not settings.health_port:
        return None, render.doctor_receiver_off()
    url = health_url(settings.health_listen, settings.health_port)
    try:
        async with httpx.AsyncClient(timeout=5) as http:
            response = await http.get(url)
    except httpx.HTTPError:
        return None, render.doctor_receiver_not_running(url)
    why = response.text.strip().partition(": ")[2] or response.text.strip()
    if response.status_code == 200:
        return True, render.doctor_receiver_ok(why)
    return False, render.doctor_receiver_stuck(why)


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
        out(render.to_plain(render.doctor_line(ok, message)))
        failed += ok is False
    out(render.to_plain(render.doctor_summary(failed)))
    return 1 if failed else 0


def run_doctor(settings: Settings, *, key: str | None, out: Callable[[str], None] = print) -> int:
    return asyncio.run(_run(settings, key, out))
