"""The "Logged" reply with the day's totals and /today in the person's language and units, end
to end: fake Bot API -> PTB -> handlers -> Assistant -> sandbox over HTTP, without an LLM. The
service always receives kilograms and kilocalories, whatever the person reads."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import aiohttp

from bot.agent_api.client import AgentApiClient
from tests.e2e.conftest import Harness
from tests.fixtures.sandbox import RunningSandbox

GRETA = 7501  # her Telegram app speaks German
JOE = 7502  # he weighs in pounds and counts kilojoules
NOON = dt.datetime(2026, 3, 10, 11, 0, tzinfo=dt.UTC)  # 12:00 in Berlin
# Sentences of the English replies that must not show up in another language's.
ENGLISH = ("Logged", "Today,", "Calories", "Protein", "Carbs", "Check-in: not yet", "Weight:")


async def _linked(bot: Harness, sandbox: RunningSandbox, user_id: int, name: str) -> str:
    key = await sandbox.add_user(name, "Europe/Berlin")
    await bot.say(user_id, f"/connect {key}")
    await bot.say(user_id, "/timezone Europe/Berlin")
    return key


async def _today(sandbox: RunningSandbox, key: str) -> Any:
    async with aiohttp.ClientSession() as http:
        return await AgentApiClient(sandbox.url, key, http=http).today(NOON.date())


async def test_a_german_reader_gets_the_logged_reply_and_today_in_german(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    bot: Harness = await harness_factory(
        start=NOON, agent_api_base_url=sandbox.url, outbox_every=None
    )
    bot.fake.app_languages[GRETA] = "de"
    key = await _linked(bot, sandbox, GRETA, "Greta")
    await bot.say(GRETA, "Kalorienziel 2500")

    logged = (await bot.say(GRETA, "zwei Brötchen mit Käse und ein Kaffee")).text
    assert logged.startswith("<b>Eingetragen</b>"), logged
    assert "📊 Heute, " in logged and "Kalorien: " in logged and "/ 2.500 kcal" in logged
    assert "Eiweiß " in logged and "Check-in: noch nicht" in logged
    for english in ENGLISH:
        assert english not in logged, (english, logged)
    eaten = (await _today(sandbox, key)).nutrition.totals.calories
    assert eaten and eaten > 0

    today = (await bot.say(GRETA, "/today")).text
    assert today.startswith("<b>📊 Heute, Di., 10. März</b>"), today
    assert "Gewicht: nicht eingetragen" in today
    shown = re.search(r"Kalorien: ([\d.]+) / 2\.500 kcal — noch ([\d.]+) übrig", today)
    assert shown is not None, today
    assert int(shown[1].replace(".", "")) == round(eaten)
    for english in ENGLISH:
        assert english not in today, (english, today)


async def test_a_reader_in_lb_and_kj_reads_them_while_the_service_keeps_kg_and_kcal(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    bot: Harness = await harness_factory(
        start=NOON, agent_api_base_url=sandbox.url, outbox_every=None
    )
    key = await _linked(bot, sandbox, JOE, "Joe")
    await bot.say(JOE, "/units kj")

    weighed = (await bot.say(JOE, "weight 176.4 lb")).text
    assert "⚖️ Weight: 176.4 lb" in weighed, weighed
    assert "Weight: 176.4 lb" in weighed.split("📊", 1)[1]
    account = await bot.account(JOE)
    assert account is not None and account.weight_unit == "lb"  # his first weight said lb

    logged = (await bot.say(JOE, "250 kcal banana")).text
    assert "1,046 kJ" in logged and "kcal" not in logged, logged

    today = (await bot.say(JOE, "/today")).text
    assert "Weight: 176.4 lb" in today and "kg" not in today, today
    assert "Energy: 1,046 / 8,368 kJ — 7,322 left" in today, today
    assert "kcal" not in today and "Calories" not in today, today
    view = await _today(sandbox, key)
    assert view.weight.latest.weight_kg == 80.01  # what the service keeps is kilograms
    assert view.nutrition.totals.calories == 250  # and kilocalories


async def test_a_first_weight_in_kg_keeps_kg_when_a_later_one_says_lb(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    bot: Harness = await harness_factory(
        start=NOON, agent_api_base_url=sandbox.url, outbox_every=None
    )
    await _linked(bot, sandbox, JOE, "Joe")
    assert "⚖️ Weight: 80 kg" in (await bot.say(JOE, "weight 80 kg")).text
    assert "⚖️ Weight: 80.1 kg" in (await bot.say(JOE, "weight 176.6 lb")).text
    account = await bot.account(JOE)
    assert account is not None and account.weight_unit == "kg"
