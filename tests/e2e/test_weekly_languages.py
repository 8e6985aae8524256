"""The Sunday photo in the person's language: its caption through `sendPhoto`, worded from
what their account keeps (the language Telegram last said their app speaks)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from tests.e2e.test_weekly import ADA, SUNDAY_19, start, summaries, tap
from tests.fixtures.sandbox import RunningSandbox


async def test_a_german_readers_weekly_summary_is_captioned_in_german(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    bot = await start(harness_factory, sandbox)
    bot.fake.app_languages[ADA] = "de"
    settings = await bot.say(ADA, "/settings")
    await tap(bot, settings, "settings:weekly:on")
    bot.clock.now = SUNDAY_19 - dt.timedelta(days=2)
    await bot.say(ADA, "had oatmeal")

    assert await summaries(bot, SUNDAY_19) == 1
    photo = bot.fake.last(ADA)
    assert photo.photo is not None
    assert photo.text.startswith("<b>Deine Woche</b>, Mo., 23. Nov. – So., 29. Nov.\n🍽 <b>")
    assert "pro Tag im Schnitt (an 1 von 7 Tagen)" in photo.text
    assert photo.text.endswith("<i>Wochenrückblicke: /settings</i>")
    assert "Your week" not in photo.text and "a day on average" not in photo.text
