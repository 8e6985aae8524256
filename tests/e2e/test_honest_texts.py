"""What a person reads in Telegram is true and meant for them, end to end.

Path: fake Bot API -> PTB -> handlers -> Assistant -> sandbox over HTTP, without an LLM
unless a test says otherwise. Each test reads the words a person would see.
"""

from __future__ import annotations

import datetime as dt
import logging
from typing import Any

import pytest

from bot.kernel.readers import DEFAULT
from bot.render import accounts, conversation, media
from tests.e2e.conftest import Harness
from tests.e2e.test_media import photo, reply_to, voice
from tests.fixtures.sandbox import RunningSandbox, SandboxFactory

ADA = 7001  # the id tests/e2e/test_media.py's photo and voice helpers send as
NOON = dt.datetime(2026, 3, 10, 11, 0, tzinfo=dt.UTC)  # 12:00 in Berlin
OPERATOR_WORDS = ("OPENAI", "API_KEY", ".env", "LLM")


async def linked(harness_factory: Any, sandbox: RunningSandbox) -> tuple[Harness, str]:
    """A running bot without an LLM and without the outbox job, with Ada linked (Berlin)."""
    bot: Harness = await harness_factory(
        start=NOON, agent_api_base_url=sandbox.url, outbox_every=None
    )
    key = await sandbox.add_user("Ada", "Europe/Berlin")
    assert "Ada" in (await bot.say(ADA, f"/connect {key}")).text
    await bot.say(ADA, "/timezone Europe/Berlin")
    return bot, key


def no_operator_advice(text: str) -> None:
    for word in OPERATOR_WORDS:
        assert word not in text, text


# --- operator advice stays with the operator ----------------------------------------------


async def test_a_person_without_an_llm_is_told_what_they_can_do_not_what_to_configure(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    bot, _ = await linked(harness_factory, sandbox)
    for text in (
        "the usual from that place downtown",
        "2 eggs and a dragonfruit smoothie bowl thing",
        "save a recipe: overnight oats, 2 servings",
        "actually it was 2 eggs",
        "what's my resting heart rate?",
        "help",
    ):
        reply = (await bot.say(ADA, text)).text
        no_operator_advice(reply)
    assert "2 eggs and toast" in (await bot.say(ADA, "the usual from that place downtown")).text
    no_operator_advice((await reply_to(bot, voice(bot))).text)
    refusal = (await reply_to(bot, photo(bot))).text
    no_operator_advice(refusal)
    assert "tell me what you ate" in refusal.lower()


async def test_a_photo_caption_is_logged_as_text_when_no_vision_model_is_set_up(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    bot, key = await linked(harness_factory, sandbox)
    reply = (await reply_to(bot, photo(bot, caption="lunch: 2 eggs"))).text
    assert media.photo_caption_only(DEFAULT) in reply
    assert "Eggs, 2" in reply and "Logged" in reply
    no_operator_advice(reply)
    # downloaded only to look for a barcode; no model saw it
    assert len(bot.fake.calls("getFile")) == 1
    assert (await sandbox.counts(key))["nutrition"] == 1


# --- linking and settings say what is true ------------------------------------------------


async def test_status_and_disconnect_when_never_linked_say_so(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    bot = await harness_factory(start=NOON, agent_api_base_url=sandbox.url, outbox_every=None)
    status = (await bot.say(ADA, "/status")).text
    assert "in your account" not in status and "not linked" in status
    gone = (await bot.say(ADA, "/disconnect")).text
    assert "deleted your API key" not in gone
    assert gone == accounts.disconnect_not_linked(DEFAULT)


async def test_status_after_unlinking_lists_what_waits_and_says_it_is_not_linked(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    bot, _ = await linked(harness_factory, sandbox)
    sandbox.stop()
    assert "Eggs, 2" in (await bot.say(ADA, "2 eggs")).text  # kept, waiting to sync
    assert "deleted your API key" in (await bot.say(ADA, "/disconnect")).text
    status = (await bot.say(ADA, "/status")).text
    assert "Eggs, 2" in status and "not linked" in status
    assert "in your account" not in status and "I retry automatically" not in status


async def test_remind_and_settings_before_linking_say_reminders_start_once_linked(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    bot = await harness_factory(start=NOON, agent_api_base_url=sandbox.url, outbox_every=None)
    assert "remind you" not in (await bot.say(ADA, "/timezone Europe/Berlin")).text
    remind = (await bot.say(ADA, "/remind 21:30")).text
    assert "I'll remind you" not in remind and "once you link" in remind
    settings = (await bot.say(ADA, "/settings")).text
    assert "Daily reminder: 21:30" in settings and "once you link" in settings


async def test_remind_accepts_twelve_hour_and_dotted_times(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    bot, _ = await linked(harness_factory, sandbox)
    for spec, shown in (
        ("9pm", "21:00"),
        ("9 pm", "21:00"),
        ("7:30pm", "19:30"),
        ("7.30pm", "19:30"),
        ("7.30 p.m.", "19:30"),
        ("21h", "21:00"),
        ("21.30", "21:30"),
        ("6am", "06:00"),
        ("12am", "00:00"),
        ("12pm", "12:00"),
        ("21:30", "21:30"),
        ("9", "09:00"),
    ):
        reply = (await bot.say(ADA, f"/remind {spec}")).text
        assert f"every day at {shown}" in reply, (spec, reply)
        account = await bot.account(ADA)
        assert account is not None and f"{account.reminder_time:%H:%M}" == shown
    for nonsense in ("25:00", "13pm", "9:75", "soon", "0pm"):
        reply = (await bot.say(ADA, f"/remind {nonsense}")).text
        assert reply == accounts.remind_not_a_time(nonsense, DEFAULT), reply
    account = await bot.account(ADA)
    assert account is not None and f"{account.reminder_time:%H:%M}" == "09:00"  # unchanged


# --- reads are worded as reads ------------------------------------------------------------


async def test_today_while_the_service_is_down_says_it_cannot_show_the_day(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    bot, _ = await linked(harness_factory, sandbox)
    sandbox.stop()
    today = (await bot.say(ADA, "/today")).text
    assert "Nothing was saved" not in today and "send that again" not in today
    assert today == conversation.today_unavailable(DEFAULT, busy=False)
    await bot.say(ADA, "2 eggs")  # kept, waiting to sync
    today = (await bot.say(ADA, "/today")).text
    assert "Nothing was saved" not in today
    assert conversation.today_waiting(1, DEFAULT) in today


async def test_today_under_a_rate_limit_says_when_to_look_again(
    harness_factory: Any, sandbox_factory: SandboxFactory
) -> None:
    busy = sandbox_factory(rate_limit=1)  # /connect's GET /me uses the minute's one request
    bot, _ = await linked(harness_factory, busy)
    before = len(bot.fake.sent(ADA))
    bot.fake.push_text(ADA, "/today")
    # the client waits out two short retries of the read first
    today = (await bot.fake.wait_sent(ADA, before + 1, timeout=60))[before].text
    assert "Nothing was saved" not in today and "send that again" not in today
    assert "busy" in today and "/today" in today


# --- a person who blocked the bot -----------------------------------------------------------


async def test_a_reply_to_a_person_who_blocked_the_bot_is_one_warning_line(
    harness_factory: Any, sandbox: RunningSandbox, caplog: pytest.LogCaptureFixture
) -> None:
    bot, _ = await linked(harness_factory, sandbox)
    bot.fake.block(ADA)
    attempts = len(bot.fake.calls("sendMessage"))
    with caplog.at_level(logging.INFO):
        bot.fake.push_text(ADA, "/settings")
        await bot.fake.wait_for(lambda: len(bot.fake.calls("sendMessage")) > attempts)
        await bot.fake.wait_for(
            lambda: any(
                r.name == "bot.telegram.handlers.errors" and r.levelno >= logging.WARNING
                for r in caplog.records
            )
        )
    assert [r for r in caplog.records if r.levelno >= logging.ERROR] == []
    [warning] = [r for r in caplog.records if "blocked" in r.getMessage()]
    assert warning.levelno == logging.WARNING and "\n" not in warning.getMessage()
    assert warning.exc_info is None
