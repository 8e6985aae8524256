"""The buttons of a person's own context through the real PTB app and the fake Bot API: the
unit of a weight said without one, and when their day ends; and the reminder's "already checked
in?" asked of the day they are still living."""

from __future__ import annotations

import datetime as dt
from typing import Any

from bot.kernel.readers import DEFAULT
from bot.render import drafts, usual
from tests.e2e.conftest import Harness
from tests.e2e.test_buttons import ADA, NOON, answers, button, linked, tap
from tests.fixtures.sandbox import RunningSandbox


async def weights(bot: Harness, key: str) -> list[float]:
    assert bot.assistant is not None
    body = await bot.assistant.resources.api(key).weight(dt.date(2026, 3, 1), dt.date(2026, 3, 12))
    return [r["weightKg"] for r in body["records"]]


async def test_a_weight_without_a_unit_is_asked_and_logged_once_on_the_tap(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    bot, key = await linked(harness_factory, sandbox)
    await bot.say(ADA, "/timezone Europe/London")  # kg and lb are both on scales there
    question = await bot.say(ADA, "weighed in at 95.4")
    assert question.text == usual.which_unit(95.4, DEFAULT)
    assert [text for row in question.buttons for text, _ in row] == ["95.4 kg", "95.4 lb"]
    kg, lb = button(question, "unit:kg:"), button(question, "unit:lb:")
    assert await weights(bot, key) == []

    assert await tap(bot, question, lb) is None
    logged = bot.fake.messages[question.message_id]
    assert "Weight: 95.4 lb" in logged.text and logged.callbacks == []
    assert await weights(bot, key) == [43.27]

    # a late tap on the other unit, from a screen that was not refreshed
    assert await tap(bot, question, kg) == drafts.draft_already_saved(DEFAULT)
    assert await weights(bot, key) == [43.27]
    assert answers(bot)[-1] == drafts.draft_already_saved(DEFAULT)


async def test_the_unit_tapped_is_the_persons_from_then_on(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    bot, _ = await linked(harness_factory, sandbox)
    await bot.say(ADA, "/timezone Europe/London")
    question = await bot.say(ADA, "weighed in at 95.4")
    assert await tap(bot, question, button(question, "unit:lb:")) is None
    assert "Weight: 95.4 lb" in (await bot.say(ADA, "/today")).text
    assert "<b>lb</b>" in (await bot.say(ADA, "/units")).text
    account = await bot.account(ADA)
    assert account is not None and account.weight_unit == "lb"


async def test_a_tap_leaves_a_unit_chosen_with_units_as_it_was(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    bot, _ = await linked(harness_factory, sandbox)
    await bot.say(ADA, "/timezone Europe/London")
    await bot.say(ADA, "/units kg")
    question = await bot.say(ADA, "weighed in at 95.4")
    assert await tap(bot, question, button(question, "unit:lb:")) is None
    assert "Weight: 43.3 kg" in bot.fake.messages[question.message_id].text
    assert "Weight: 43.3 kg" in (await bot.say(ADA, "/today")).text
    account = await bot.account(ADA)
    assert account is not None and account.weight_unit == "kg"


async def test_the_day_end_buttons_of_settings_change_it(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    bot, _ = await linked(harness_factory, sandbox)
    settings = await bot.say(ADA, "/settings")
    assert "My day ends at: 03:00" in settings.text
    day_ends = next(row for row in settings.buttons if row[0][1].startswith("settings:dayend"))
    assert ("03:00 ✅", "settings:dayend:3") in day_ends
    assert await tap(bot, settings, button(settings, "settings:dayend:5")) is None
    assert "My day ends at: 05:00" in bot.fake.messages[settings.message_id].text
    account = await bot.account(ADA)
    assert account is not None and account.day_ends_at == dt.time(5, 0)

    await bot.say(ADA, "/dayend 1:30")
    account = await bot.account(ADA)
    assert account is not None and account.day_ends_at == dt.time(1, 30)


async def test_a_check_in_of_the_evening_still_lived_skips_a_reminder_after_midnight(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    bot, _ = await linked(harness_factory, sandbox)
    await bot.say(ADA, "/remind 01:00")
    bot.clock.now = NOON + dt.timedelta(hours=11, minutes=30)  # 23:30 in Berlin
    await bot.say(ADA, "mood 4, energy 3, slept well")
    # 01:00 in Berlin: the day still lived (until 03:00) has its check-in
    assert await bot.remind(NOON + dt.timedelta(hours=13)) == 0

    await bot.say(ADA, "/dayend 00:00")  # now 01:00 is a new day, without a check-in
    assert await bot.remind(NOON + dt.timedelta(days=1, hours=13)) == 1
