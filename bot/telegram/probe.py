"""Whether the Bot API answers for this token, asked before anything else is started.

`healthbot run` asks it at start (and tries again while Telegram is out of reach);
`healthbot doctor` reports it.
"""

from __future__ import annotations

from dataclasses import dataclass

import aiohttp
import orjson

from bot.agent_api.client import new_http_client
from bot.config import Settings

TELEGRAM_TIMEOUT_SECONDS = 10.0


@dataclass(frozen=True)
class TelegramProbe:
    """What `getMe` said: the bot's name, a refusal of the token, or why it was not reached."""

    username: str | None = None
    refused: int | None = None  # the HTTP status of a refusal
    unreachable: str | None = None  # the error's name (never its text: the URL holds the token)


async def probe_telegram(settings: Settings, token: str) -> TelegramProbe:
    """Ask the Bot API who the bot is; 5xx and 429 count as not reached (worth trying again)."""
    url = f"{settings.telegram_api_base_url}{token}/getMe"
    try:
        async with (
            new_http_client(timeout_seconds=TELEGRAM_TIMEOUT_SECONDS) as http,
            http.get(url) as response,
        ):
            status, raw = response.status, await response.read()
        body = orjson.loads(raw)
    except (TimeoutError, aiohttp.ClientError, ValueError) as exc:
        return TelegramProbe(unreachable=type(exc).__name__)
    if status == 200 and isinstance(body, dict) and body.get("ok"):
        result = body.get("result")
        username = result.get("username") if isinstance(result, dict) else None
        return TelegramProbe(username=str(username or "?"))
    if status >= 500 or status == 429:
        return TelegramProbe(unreachable=f"HTTP {status}")
    return TelegramProbe(refused=status)
