"""Markup typed by a person, end to end: "a latte & <b>cake</b>" is a latte and a cake in the
account (it was a latte and a "B cake")."""

from __future__ import annotations

import datetime as dt
from typing import Any

import aiohttp

from bot.agent_api.client import AgentApiClient
from tests.fixtures.sandbox import RunningSandbox


def _foods(names: list[str]) -> list[str]:
    return sorted(name.split(",")[0].lower() for name in names)


async def test_the_account_gets_latte_and_cake(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    """End to end: Telegram -> the bot -> the sandbox; the entries as the account lists them."""
    ada = 4343
    start = dt.datetime(2026, 3, 10, 7, 0, tzinfo=dt.UTC)  # 08:00 in Berlin
    key = await sandbox.add_user("Ada", "Europe/Berlin")
    bot = await harness_factory(start=start, agent_api_base_url=sandbox.url)
    await bot.say(ada, f"/connect {key}")
    await bot.say(ada, "/timezone Europe/Berlin")
    reply = await bot.say(ada, "a latte & <b>cake</b>")
    assert "B cake" not in reply.text and "couldn't place" not in reply.text, reply.text
    async with aiohttp.ClientSession() as http:
        day = await AgentApiClient(sandbox.url, key, http=http).nutrition(dt.date(2026, 3, 10))
    names = [entry["food"] for entry in day["entries"]]
    assert _foods(names) == ["cake", "latte"], names
