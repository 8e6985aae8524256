"""The bot's other paths (commands, reminders, failures), each end to end over the real core
and sandbox."""

from __future__ import annotations

import asyncio
import datetime as dt
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from pydantic import SecretStr

from bot.compose import compose
from bot.kernel.readers import DEFAULT
from bot.render import checkins
from bot.render import telegram as render_telegram
from bot.store.models import AccountStatus
from bot.telegram.app import build_application, webhook_options
from tests.e2e.conftest import harness_settings
from tests.fixtures.sandbox import RunningSandbox
from tests.fixtures.telegram import FakeTelegram, deliver_webhook, free_port

ADA, BOB = 5001, 5002
NOON = dt.datetime(2026, 3, 10, 11, 0, tzinfo=dt.UTC)  # 12:00 in Berlin
EVENING = dt.datetime(2026, 3, 10, 20, 0, tzinfo=dt.UTC)  # 21:00 in Berlin


async def linked(bot: Any, sandbox: RunningSandbox, user_id: int, name: str) -> str:
    key = await sandbox.add_user(name, "Europe/Berlin")
    reply = await bot.say(user_id, f"/connect {key}")
    assert name in reply.text
    await bot.say(user_id, "/timezone Europe/Berlin")
    return key


async def test_a_group_connect_is_refused_deleted_and_stores_nothing(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    bot = await harness_factory(start=NOON, agent_api_base_url=sandbox.url)
    key = await sandbox.add_user("Ada", "Europe/Berlin")
    group = -1009001
    reply = await bot.say(ADA, f"/connect {key}", chat_id=group)
    assert reply.text == render_telegram.connect_in_group(DEFAULT)
    [delete] = bot.fake.calls("deleteMessage")
    assert delete.params["chat_id"] == group
    assert await bot.account(ADA) is None
    assert key not in "".join(m.text for m in bot.fake.sent())


async def test_two_people_writing_at_once_each_get_their_own_answer(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    bot = await harness_factory(start=NOON, agent_api_base_url=sandbox.url)
    ada_key = await linked(bot, sandbox, ADA, "Ada")
    bob_key = await linked(bot, sandbox, BOB, "Bob")
    before = {u: len(bot.fake.sent(u)) for u in (ADA, BOB)}
    bot.fake.push_text(ADA, "72.4 kg")
    bot.fake.push_text(BOB, "81.5 kg")
    await bot.fake.wait_sent(ADA, before[ADA] + 1)
    await bot.fake.wait_sent(BOB, before[BOB] + 1)
    ada_reply, bob_reply = bot.fake.last(ADA).text, bot.fake.last(BOB).text
    assert "72.4" in ada_reply and "81.5" not in ada_reply
    assert "81.5" in bob_reply and "72.4" not in bob_reply
    assert (await sandbox.counts(ada_key))["weights"] == 1
    assert (await sandbox.counts(bob_key))["weights"] == 1


async def test_an_update_delivered_twice_is_logged_once(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    bot = await harness_factory(start=NOON, agent_api_base_url=sandbox.url)
    key = await linked(bot, sandbox, ADA, "Ada")
    before = len(bot.fake.sent(ADA))
    update_id = bot.fake.push_text(ADA, "72.4 kg")
    await bot.fake.wait_sent(ADA, before + 1)
    bot.fake.redeliver(update_id)
    await bot.say(ADA, "/settings")  # processed after the redelivered update, in order
    await asyncio.sleep(0.05)
    assert len(bot.fake.sent(ADA)) == before + 2
    assert (await sandbox.counts(key))["weights"] == 1


async def test_a_person_who_blocked_the_bot_is_marked_and_not_retried(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    bot = await harness_factory(start=NOON, agent_api_base_url=sandbox.url)
    await linked(bot, sandbox, ADA, "Ada")
    bot.fake.block(ADA)
    attempts = len(bot.fake.calls("sendMessage"))
    assert await bot.remind(EVENING) == 0
    assert len(bot.fake.calls("sendMessage")) == attempts + 1  # tried once, got 403
    account = await bot.account(ADA)
    assert account is not None and account.status == AccountStatus.BLOCKED
    for days in (1, 2):
        assert await bot.remind(EVENING + dt.timedelta(days=days)) == 0
    assert len(bot.fake.calls("sendMessage")) == attempts + 1

    # writing again means they unblocked the bot: reminders resume
    bot.fake.blocked_chats.clear()
    await bot.say(ADA, "/settings")
    account = await bot.account(ADA)
    assert account is not None and account.status == AccountStatus.ACTIVE
    assert await bot.remind(EVENING + dt.timedelta(days=3)) == 1


async def test_later_snoozes_the_reminder_for_an_hour(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    bot = await harness_factory(start=NOON, agent_api_base_url=sandbox.url)
    await linked(bot, sandbox, ADA, "Ada")
    assert await bot.remind(EVENING) == 1
    message = bot.fake.last(ADA)
    assert "snooze" in message.callbacks
    bot.fake.push_callback(ADA, "snooze", message.message_id)
    await bot.fake.wait_for(lambda: bot.fake.messages[message.message_id].edits == 1)
    later = (EVENING + dt.timedelta(hours=1)).astimezone(ZoneInfo("Europe/Berlin"))
    assert bot.fake.messages[message.message_id].text == checkins.snoozed(later, DEFAULT)
    assert await bot.remind(EVENING + dt.timedelta(minutes=59)) == 0
    assert await bot.remind(EVENING + dt.timedelta(hours=1)) == 1
    assert await bot.remind(EVENING + dt.timedelta(hours=2)) == 0


async def test_the_webhook_refuses_a_wrong_secret(
    fake_telegram: FakeTelegram, sandbox: RunningSandbox, tmp_path: Path
) -> None:
    port = free_port()
    settings = harness_settings(
        fake_telegram,
        tmp_path,
        agent_api_base_url=sandbox.url,
        webhook_url=f"https://bot.example.org:{port}",
        webhook_listen="127.0.0.1",
        webhook_port=port,
        webhook_secret_token=SecretStr("right-secret"),
    )
    house = await compose(settings)
    assistant = house.assistant
    app = build_application(settings, house, reminder_every=None)
    url = f"http://127.0.0.1:{port}/telegram"

    def start_command(update_id: int) -> dict[str, Any]:
        user = {"id": ADA, "is_bot": False, "first_name": "Ada"}
        chat = {"id": ADA, "type": "private", "first_name": "Ada"}
        entities = [{"type": "bot_command", "offset": 0, "length": 6}]
        message = {"message_id": update_id, "date": 0, "chat": chat, "from": user}
        return {
            "update_id": update_id,
            "message": {**message, "text": "/start", **{"entities": entities}},
        }

    async with app:
        assert app.updater is not None
        await app.updater.start_webhook(**webhook_options(settings))
        await app.start()
        try:
            assert fake_telegram.webhook is not None
            assert fake_telegram.webhook["secret_token"] == "right-secret"
            assert await deliver_webhook(url, start_command(1), "wrong-secret") == 403
            assert await deliver_webhook(url, start_command(2), None) == 403
            await asyncio.sleep(0.1)
            assert fake_telegram.sent(ADA) == []
            assert await deliver_webhook(url, start_command(3), "right-secret") == 200
            [reply] = await fake_telegram.wait_sent(ADA, 1)
            assert "/connect" in reply.text
        finally:
            await app.updater.stop()
            await app.stop()
    await assistant.aclose()
