"""The update journal: an update received but never handled is handled once after a restart."""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import time
from typing import Any

from bot.compose import compose
from tests.fixtures.sandbox import RunningSandbox

ADA = 6201
NOON = dt.datetime(2026, 3, 10, 11, 0, tzinfo=dt.UTC)


def text_update(update_id: int, user_id: int, text: str) -> dict[str, Any]:
    return {
        "update_id": update_id,
        "message": {
            "message_id": 900000 + update_id,
            "date": int(time.time()),
            "chat": {"id": user_id, "type": "private", "first_name": "Ada"},
            "from": {"id": user_id, "is_bot": False, "first_name": "Ada"},
            "text": text,
        },
    }


async def test_an_update_received_but_never_handled_is_handled_once_after_restart(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    key = await sandbox.add_user("Ada", "Europe/Berlin")
    bot = await harness_factory(
        start=NOON, agent_api_base_url=sandbox.url, outbox_claim_timeout_seconds=0.05
    )
    await bot.say(ADA, f"/connect {key}")
    await bot.stop()

    # What a crash right after PTB fetched (and so acknowledged) the update leaves behind.
    update = text_update(990001, ADA, "2 eggs")
    core = await compose(bot.settings)
    await core.journal.record(990001, json.dumps(update), ADA)
    await core.aclose()
    await asyncio.sleep(0.1)  # older than the claim timeout: nobody is handling it

    before = len(bot.fake.sent(ADA))
    await bot.start()
    reply = (await bot.fake.wait_sent(ADA, before + 1))[before]
    assert reply.text.startswith("<b>Logged") and "Eggs" in reply.text
    assert (await sandbox.counts(key))["nutrition"] == 1

    # Telegram delivering it again, or another restart, changes nothing. (Later updates get
    # higher ids, as Telegram's do: the poller only asks for ids above the last it saw.)
    bot.fake.push_raw(update)
    bot.fake.push_raw(text_update(990002, ADA, "hello"))
    await bot.fake.wait_sent(ADA, before + 2)
    await bot.stop()
    await bot.start()
    bot.fake.push_raw(text_update(990003, ADA, "thanks"))
    await bot.fake.wait_sent(ADA, before + 3)
    await asyncio.sleep(0.1)
    assert len(bot.fake.sent(ADA)) == before + 3
    assert sum(t.startswith("<b>Logged") for t in bot.fake.texts(ADA)) == 1
    assert (await sandbox.counts(key))["nutrition"] == 1
