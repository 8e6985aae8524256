"""The weekly summary end to end: the /settings toggle through the real PTB application, and
the Sunday photo through `sendPhoto` to the fake Bot API."""

from __future__ import annotations

import datetime as dt
from typing import Any
from zoneinfo import ZoneInfo

from bot.core.scheduled import weekly_caption
from bot.kernel.readers import DEFAULT
from bot.render import keyboards
from bot.render.accounts import weekly_summary_line
from bot.sync.weekly import WeeklySummaries
from bot.telegram.handlers.jobs import photo_sender
from tests.e2e.conftest import Harness
from tests.fixtures.sandbox import RunningSandbox
from tests.fixtures.telegram import SentMessage

ADA = 7301
BERLIN = ZoneInfo("Europe/Berlin")
WEDNESDAY = dt.datetime(2026, 11, 25, 12, 0, tzinfo=BERLIN)
SUNDAY_19 = dt.datetime(2026, 11, 29, 19, 0, tzinfo=BERLIN)


async def start(harness_factory: Any, sandbox: RunningSandbox) -> Harness:
    bot: Harness = await harness_factory(start=WEDNESDAY, agent_api_base_url=sandbox.url)
    key = await sandbox.add_user("Ada", "Europe/Berlin")
    assert "Ada" in (await bot.say(ADA, f"/connect {key}")).text
    await bot.say(ADA, "/timezone Europe/Berlin")
    return bot


async def tap(bot: Harness, message: SentMessage, data: str) -> SentMessage:
    assert data in message.callbacks, message.buttons
    edits = bot.fake.messages[message.message_id].edits
    bot.fake.push_callback(ADA, data, message.message_id)
    await bot.fake.wait_for(lambda: bot.fake.messages[message.message_id].edits > edits)
    return bot.fake.messages[message.message_id]


def labels(message: SentMessage) -> dict[str, str]:
    return {text: data for row in message.buttons for text, data in row}


async def summaries(bot: Harness, now: dt.datetime) -> int:
    assert bot.assistant is not None
    weekly = WeeklySummaries.of(bot.assistant.resources, weekly_caption, clock=bot.clock)
    return await weekly.run_due(now, photo_sender(bot.app.bot))


async def test_the_settings_toggle_turns_the_sunday_photo_on_and_off(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    bot = await start(harness_factory, sandbox)
    assert "Oatmeal" in (await bot.say(ADA, "had oatmeal")).text

    settings = await bot.say(ADA, "/settings")
    assert weekly_summary_line(False, True, DEFAULT) in settings.text
    assert labels(settings)["Weekly summary: off — turn on"] == "settings:weekly:on"
    # Off by default: Sunday evening comes and goes without a photo.
    assert await summaries(bot, SUNDAY_19) == 0 and not bot.fake.calls("sendPhoto")

    bot.clock.now = SUNDAY_19 + dt.timedelta(hours=1)  # turned on after this week's moment
    turned_on = await tap(bot, settings, "settings:weekly:on")
    assert weekly_summary_line(True, True, DEFAULT) in turned_on.text
    assert (
        labels(turned_on)[keyboards.weekly_summary_button(True, DEFAULT)] == "settings:weekly:off"
    )
    assert "settings:weekly:on" not in turned_on.callbacks

    next_sunday = SUNDAY_19 + dt.timedelta(days=7)
    bot.clock.now = next_sunday - dt.timedelta(days=2)
    assert "Oatmeal" in (await bot.say(ADA, "had oatmeal")).text
    assert await summaries(bot, next_sunday - dt.timedelta(minutes=1)) == 0
    assert await summaries(bot, next_sunday) == 1
    assert await summaries(bot, next_sunday + dt.timedelta(minutes=1)) == 0
    [call] = bot.fake.calls("sendPhoto")
    assert call.params["chat_id"] == ADA and call.params["parse_mode"] == "HTML"
    photo = bot.fake.last(ADA)
    assert photo.photo is not None and photo.photo.startswith(b"\x89PNG\r\n\x1a\n")
    assert "Your week" in photo.text and "30 Nov" in photo.text and "Sun 6 Dec" in photo.text

    settings = await bot.say(ADA, "/settings")
    turned_off = await tap(bot, settings, "settings:weekly:off")
    assert weekly_summary_line(False, True, DEFAULT) in turned_off.text
    assert "settings:weekly:on" in turned_off.callbacks
    assert await summaries(bot, next_sunday + dt.timedelta(days=7)) == 0
    assert len(bot.fake.calls("sendPhoto")) == 1
