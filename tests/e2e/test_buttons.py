"""Inline buttons end to end: a keyboard ends with its action, and a tap never un-says one.

Taps are pushed as Telegram sends them: with the message as it is at that moment, so a tap
pushed before the bot edited the message still carries the old keyboard (a double tap), and
one pushed after carries none (a late tap from a screen that was not refreshed).
"""

from __future__ import annotations

import datetime as dt
import logging
from typing import Any

import pytest

from bot.kernel.readers import DEFAULT
from bot.render import accounts, conversation, drafts
from tests.e2e.conftest import Harness
from tests.fixtures.sandbox import RunningSandbox
from tests.fixtures.telegram import SentMessage

ADA = 5101
NOON = dt.datetime(2026, 3, 10, 11, 0, tzinfo=dt.UTC)  # 12:00 in Berlin
EVENING = dt.datetime(2026, 3, 10, 20, 0, tzinfo=dt.UTC)  # 21:00 in Berlin

FORGED = [
    "draft:save:99999999999999999999999",  # past any id column
    "draft:save:²",  # str.isdigit() says yes
    "rate:mood:³",
    "rate:mood:9",
    "rate:mood:4:extra",
    "draft:save:-1",
    "draft:explode:1",
    "forget:maybe",
    "",
    "draft:save:" + "1" * 60,  # over Telegram's 64 bytes
    "no such button",
]


async def linked(harness_factory: Any, sandbox: RunningSandbox) -> tuple[Harness, str]:
    bot = await harness_factory(start=NOON, agent_api_base_url=sandbox.url)
    key = await sandbox.add_user("Ada", "Europe/Berlin")
    assert "Ada" in (await bot.say(ADA, f"/connect {key}")).text
    await bot.say(ADA, "/timezone Europe/Berlin")
    return bot, key


def answers(bot: Harness) -> list[str | None]:
    """The toast of every answered tap so far (None: answered without one)."""
    return [call.params.get("text") for call in bot.fake.calls("answerCallbackQuery")]


async def tap(bot: Harness, message: SentMessage, data: str) -> str | None:
    """Tap `data` on `message` as it is now; the toast the tap was answered with.

    A tap answered without a toast edits the message: that edit is waited for too.
    """
    before = len(answers(bot))
    edits = bot.fake.messages[message.message_id].edits
    bot.fake.push_callback(ADA, data, message.message_id)
    await bot.fake.wait_for(lambda: len(answers(bot)) > before)
    toast = answers(bot)[before]
    if toast is None:
        await bot.fake.wait_for(lambda: bot.fake.messages[message.message_id].edits > edits)
    return toast


def button(message: SentMessage, prefix: str) -> str:
    [data] = [c for c in message.callbacks if c.startswith(prefix)]
    return data


async def test_cancelled_forget_loses_its_keyboard_and_a_late_yes_deletes_nothing(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    bot, _ = await linked(harness_factory, sandbox)
    question = await bot.say(ADA, "/forget")
    yes, no = button(question, "forget:yes"), button(question, "forget:no")

    assert await tap(bot, question, no) is None
    cancelled = bot.fake.messages[question.message_id]
    assert cancelled.text == accounts.forget_cancelled(DEFAULT) and cancelled.callbacks == []

    assert await tap(bot, question, yes) == conversation.button_inactive(DEFAULT)
    assert bot.fake.messages[question.message_id].text == accounts.forget_cancelled(DEFAULT)
    account = await bot.account(ADA)
    assert account is not None and account.encrypted_key is not None


async def test_a_double_tapped_save_saves_once_and_still_says_logged(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    bot, key = await linked(harness_factory, sandbox)
    draft = await bot.say(ADA, "protein bar 6000 kcal")  # implausible: shown as a draft
    save = button(draft, "draft:save")
    before = len(answers(bot))
    bot.fake.push_callback(ADA, save, draft.message_id)  # both taps carry the keyboard
    bot.fake.push_callback(ADA, save, draft.message_id)
    await bot.fake.wait_for(lambda: len(answers(bot)) == before + 2)

    logged = bot.fake.messages[draft.message_id]
    assert "Protein bar" in logged.text and "Calories:" in logged.text
    assert logged.callbacks == [] and logged.edits == 1
    assert answers(bot)[before:] == [None, drafts.draft_already_saved(DEFAULT)]
    assert (await sandbox.counts(key))["nutrition"] == 1

    # a tap that comes later still, from a screen that was not refreshed
    assert await tap(bot, draft, save) == drafts.draft_already_saved(DEFAULT)
    assert bot.fake.messages[draft.message_id].text == logged.text
    assert (await sandbox.counts(key))["nutrition"] == 1


async def test_a_dropped_draft_loses_its_keyboard_and_a_late_save_writes_nothing(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    bot, key = await linked(harness_factory, sandbox)
    draft = await bot.say(ADA, "protein bar 6000 kcal")
    save, drop = button(draft, "draft:save"), button(draft, "draft:drop")

    assert await tap(bot, draft, drop) is None
    dropped = bot.fake.messages[draft.message_id]
    assert dropped.text == drafts.draft_dropped(DEFAULT) and dropped.callbacks == []

    assert await tap(bot, draft, save) == conversation.button_inactive(DEFAULT)
    assert bot.fake.messages[draft.message_id].text == drafts.draft_dropped(DEFAULT)
    assert (await sandbox.counts(key))["nutrition"] == 0


@pytest.mark.parametrize("data", FORGED)
async def test_forged_button_data_is_no_longer_active_and_logs_no_error(
    harness_factory: Any, sandbox: RunningSandbox, caplog: pytest.LogCaptureFixture, data: str
) -> None:
    bot, key = await linked(harness_factory, sandbox)
    draft = await bot.say(ADA, "protein bar 6000 kcal")
    sent = len(bot.fake.sent(ADA))
    with caplog.at_level(logging.WARNING):
        assert await tap(bot, draft, data) == conversation.button_inactive(DEFAULT)
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []
    assert len(bot.fake.sent(ADA)) == sent  # no "something went wrong" message
    assert bot.fake.messages[draft.message_id].edits == 0
    assert (await sandbox.counts(key))["nutrition"] == 0


async def test_later_stays_while_a_rating_is_left(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    bot, key = await linked(harness_factory, sandbox)
    assert await bot.remind(EVENING) == 1
    reminder = bot.fake.last(ADA)
    assert "snooze" in reminder.callbacks

    assert await tap(bot, reminder, "rate:mood:4") is None
    after_mood = bot.fake.messages[reminder.message_id]
    assert "Mood 4/5" in after_mood.text
    assert "snooze" in after_mood.callbacks
    assert not any(c.startswith("rate:mood") for c in after_mood.callbacks)

    assert await tap(bot, after_mood, "rate:energy:3") is None
    assert "snooze" in bot.fake.messages[reminder.message_id].callbacks

    assert await tap(bot, after_mood, "rate:sleep:2") is None
    assert bot.fake.messages[reminder.message_id].callbacks == []  # nothing left to rate
    assert await tap(bot, after_mood, "snooze") == conversation.button_inactive(DEFAULT)
    assert (await sandbox.counts(key))["checkins"] == 1
