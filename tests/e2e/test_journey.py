"""A person's whole journey, through the real PTB application, the core and the sandbox."""

from __future__ import annotations

import datetime as dt
from typing import Any

from bot.agent_api.client import AgentApiClient
from bot.kernel.readers import DEFAULT
from bot.render import accounts
from bot.store.models import AccountStatus
from tests.fixtures.openai import FakeOpenAI
from tests.fixtures.sandbox import RunningSandbox

ADA = 4242
BERLIN_MORNING = dt.datetime(2026, 3, 10, 7, 0, tzinfo=dt.UTC)  # 08:00 in Berlin
DAY = "2026-03-10"
REMINDER_AT = dt.datetime(2026, 3, 10, 20, 30, tzinfo=dt.UTC)  # 21:30 in Berlin (CET)


def oatmeal_and_bad_sleep(fake_openai: FakeOpenAI) -> None:
    """What a model answers to "had oatmeal, slept badly"."""
    food = {"food": "Oatmeal, 1 cup cooked", "calories": 158, "protein": 6, "carbs": 27, "fat": 3}
    checkin = {"date": DAY, "mood": None, "energy": None, "sleepQuality": 2, "notes": None}
    fake_openai.reply_tool_calls(
        [("log_food", {"date": DAY, "items": [food]}), ("checkin_upsert", checkin)]
    )


async def checkin_of(sandbox: RunningSandbox, key: str, http: Any) -> Any:
    client = AgentApiClient(sandbox.url, key, http=http)
    return (await client.checkin_of(dt.date(2026, 3, 10))).checkin


async def test_the_whole_journey(
    harness_factory: Any, sandbox: RunningSandbox, fake_openai: FakeOpenAI
) -> None:
    key = await sandbox.add_user("Ada Lovelace", "Europe/Berlin")
    bot = await harness_factory(
        start=BERLIN_MORNING,
        agent_api_base_url=sandbox.url,
        openai_api_key="test-key",
        openai_base_url=fake_openai.base_url,
        offline_fast_path=False,
    )
    fake = bot.fake

    # /start explains how to link
    reply = await bot.say(ADA, "/start")
    assert "/connect" in reply.text

    # a bad key: clear message, message deleted, nothing stored
    reply = await bot.say(ADA, "/connect not-a-real-key")
    assert reply.text == accounts.connect_bad_key(DEFAULT)
    account = await bot.account(ADA)
    assert account is None or account.encrypted_key is None
    assert len(fake.calls("deleteMessage")) == 1

    # the good key: message deleted, greeted by name, asked for a timezone
    reply = await bot.say(ADA, f"/connect {key}")
    assert "Ada Lovelace" in reply.text
    assert len(fake.calls("deleteMessage")) == 2
    deleted = fake.calls("deleteMessage")[-1].params
    assert deleted["chat_id"] == ADA
    account = await bot.account(ADA)
    assert account is not None and account.encrypted_key is not None
    assert key.encode() not in account.encrypted_key  # stored encrypted

    reply = await bot.say(ADA, "/timezone Europe/Berlin")
    assert "Europe/Berlin" in reply.text
    reply = await bot.say(ADA, "/remind 21:30")
    assert "21:30" in reply.text

    # free text -> one ingest -> the reply names both and shows today's totals
    oatmeal_and_bad_sleep(fake_openai)
    reply = await bot.say(ADA, "had oatmeal, slept badly")
    assert "Oatmeal" in reply.text and "sleep 2/5" in reply.text
    assert "158" in reply.text  # today's calories
    assert len(fake_openai.chat_requests) >= 1  # understood by the (fake) model
    counts = await sandbox.counts(key)
    assert counts["nutrition"] == 1 and counts["checkins"] == 1

    # the reminder: nothing before its time, then once at 21:30 Berlin
    reminder = await bot.reminder(ADA)
    assert reminder is not None and reminder.next_due_at == REMINDER_AT
    assert await bot.remind(REMINDER_AT - dt.timedelta(minutes=1)) == 0
    assert await bot.remind(REMINDER_AT) == 1
    message = fake.last(ADA)
    assert "check-in" in message.text
    # sleep was already rated this morning: only mood and energy are asked
    assert {c.split(":")[1] for c in message.callbacks if c.startswith("rate:")} == {
        "mood",
        "energy",
    }
    assert await bot.remind(REMINDER_AT + dt.timedelta(minutes=5)) == 0

    # tapping mood 4 saves it, merged with the sleep value, and edits the message
    fake.push_callback(ADA, "rate:mood:4", message.message_id)
    await fake.wait_for(lambda: fake.messages[message.message_id].edits >= 1)
    edited = fake.messages[message.message_id]
    assert "Mood 4/5" in edited.text
    assert any(c.startswith("rate:energy") for c in edited.callbacks)
    assert not any(c.startswith("rate:mood") for c in edited.callbacks)
    assert bot.assistant is not None
    checkin = await checkin_of(sandbox, key, bot.assistant.resources.http)
    assert checkin.mood == 4 and checkin.sleep_quality == 2
    assert (await sandbox.counts(key))["checkins"] == 1

    # a restart on the same database keeps the link and the reminder, and sends nothing twice
    await bot.stop()
    await bot.start()
    reply = await bot.say(ADA, "/settings")
    assert "Ada Lovelace" in reply.text and "21:30" in reply.text
    sent_before = len(fake.sent(ADA))
    assert await bot.remind(REMINDER_AT + dt.timedelta(minutes=30)) == 0
    assert len(fake.sent(ADA)) == sent_before
    tomorrow = REMINDER_AT + dt.timedelta(days=1)
    assert await bot.remind(tomorrow) == 1
    account = await bot.account(ADA)
    assert account is not None and account.status == AccountStatus.ACTIVE
