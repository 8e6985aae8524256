"""/week, /month and "how was my week?" through the real PTB application, the core and the
sandbox, to the fake Bot API: one photo, a valid PNG of the documented size, its caption
within Telegram's limit (the fake refuses anything else, as Telegram does)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from bot.agent_api.actions import CheckinUpsert, Entry, NutritionAddEntry, WeightLog
from bot.agent_api.client import AgentApiClient
from bot.insights.draw import HEIGHT_PX, WIDTH_PX
from bot.kernel.readers import DEFAULT
from bot.render import accounts
from bot.render.format import to_plain, utf16_len
from tests.fixtures.sandbox import RunningSandbox
from tests.fixtures.telegram import CAPTION_LIMIT, parse_html, png_size

ADA = 4242
# 08:00 in Berlin on Sunday 22 Nov 2026: the week is Mon 16 to Sun 22.
SUNDAY_MORNING = dt.datetime(2026, 11, 22, 7, 0, tzinfo=dt.UTC)
SUNDAY = dt.date(2026, 11, 22)


async def linked(harness_factory: Any, sandbox: RunningSandbox) -> tuple[Any, AgentApiClient]:
    key = await sandbox.add_user("Ada", "Europe/Berlin")
    bot = await harness_factory(start=SUNDAY_MORNING, agent_api_base_url=sandbox.url)
    await bot.say(ADA, f"/connect {key}")
    await bot.say(ADA, "/timezone Europe/Berlin")
    return bot, AgentApiClient(sandbox.url, key, http=bot.assistant.resources.http)


async def test_week_is_one_photo_with_a_short_caption(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    bot, client = await linked(harness_factory, sandbox)
    days = [SUNDAY - dt.timedelta(days=n) for n in range(7)]
    await client.ingest(
        [
            *(
                NutritionAddEntry(
                    date=day, entry=Entry(food="x", calories=1800, protein=90, carbs=200, fat=60)
                )
                for day in days[:5]
            ),
            WeightLog(date=days[6], weight_kg=80.0),
            WeightLog(date=days[0], weight_kg=79.0),
            CheckinUpsert(date=days[2], sleep_quality=4),
        ]
    )
    message = await bot.say(ADA, "/week")
    assert message.photo is not None
    assert png_size(message.photo) == (WIDTH_PX, HEIGHT_PX)
    assert message.parse_mode == "HTML"
    caption = parse_html(message.text)
    assert utf16_len(caption) <= CAPTION_LIMIT
    assert "1,800 kcal a day on average (on 5 of 7 days), 200 under your goal of 2,000" in caption
    assert "−1.0 kg by the trend" in caption  # 80 then 79: two weighings, the line through them
    assert "5 days in a row" in caption
    assert [c.method for c in bot.fake.calls() if c.method.startswith("send")][-1] == "sendPhoto"

    month = await bot.say(ADA, "/month")
    assert png_size(month.photo) == (WIDTH_PX, HEIGHT_PX)
    assert "on 5 of 30 days" in to_plain(month.text)

    asked = await bot.say(ADA, "how was my week?")
    assert asked.photo is not None and "on 5 of 7 days" in asked.text


async def test_a_chart_shows_what_was_just_logged(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    bot, _client = await linked(harness_factory, sandbox)
    first = await bot.say(ADA, "/week")
    assert "Nothing logged in these 7 days" in first.text
    await bot.say(ADA, "2 eggs")
    second = await bot.say(ADA, "/week")
    assert "a day on average (on 1 of 7 days)" in second.text


async def test_an_unlinked_person_is_told_to_connect(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    bot = await harness_factory(start=SUNDAY_MORNING, agent_api_base_url=sandbox.url)
    message = await bot.say(ADA, "/week")
    assert message.photo is None
    assert message.text == accounts.not_linked(DEFAULT)
