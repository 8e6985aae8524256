"""Whether the Bot API answers for this token, asked before anything else is started.

`healthbot run` asks it at start (and tries again while Telegram is out of reach);
`healthbot doctor` reports it.
"""

from __future__ import annotations

from dataclasses import dataclass

import httpx

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
        async with httpx.AsyncClient(timeout=TELEGRAM_TIMEOUT_SECONDS) as http:
            response = await http.get(url)
        body = response.json()
    except (httpx.HTTPError, ValueError) as exc:
        return TelegramProbe(unreachable=type(exc).__name__)
    if response.status_code == 200 and isinstance(body, dict) and body.get("ok"):
        result = body.get("result")
        username = result.get("username") if isinstance(result, dict) else None
        return TelegramProbe(username=str(username or "?"))
    if response.status_code >= 500 or response.status_code == 429:
        return TelegramProbe(unreachable=f"HTTP {response.status_code}")
    return TelegramProbe(refused=response.status_code)
