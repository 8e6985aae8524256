"""A key or the bot token never reaches a log line, a reply, an exception text or the disk.

Every logger is captured at DEBUG (aiohttp, httpx, telegram, sqlalchemy, uvicorn included)
during a whole Telegram journey with its error paths, set up as `healthbot run` sets up logging.
"""

from __future__ import annotations

import datetime as dt
import io
import traceback
from typing import Any

import pytest
from sqlalchemy import select

from bot.agent_api.client import AgentApiClient, new_http_client
from bot.agent_api.errors import AgentApiError
from bot.kernel.readers import DEFAULT
from bot.render import conversation
from bot.render import format as fmt
from bot.store.db import make_engine
from bot.store.models import Base
from sandbox.faults import WriteFault
from tests.core.test_assistant import _revoke_all_keys
from tests.fixtures.sandbox import RunningSandbox
from tests.reliability.support import script_faults

ADA = 6101
NOON = dt.datetime(2026, 3, 10, 11, 0, tzinfo=dt.UTC)  # 12:00 in Berlin
EVENING = dt.datetime(2026, 3, 10, 20, 0, tzinfo=dt.UTC)  # 21:00 in Berlin: reminder time


def secret_parts(token: str) -> list[str]:
    """The token, and its secret half alone (the part after the bot id)."""
    return [token, token.split(":", 1)[1]]


async def test_a_whole_journey_logs_neither_the_key_nor_the_token(
    harness_factory: Any, sandbox: RunningSandbox, all_logs: io.StringIO
) -> None:
    key = await sandbox.add_user("Ada", "Europe/Berlin")
    # No background outbox job: the journey checks what the next message says about an
    # earlier failed write, and a timer-driven sync could take that item first.
    bot = await harness_factory(start=NOON, agent_api_base_url=sandbox.url, outbox_every=None)
    fake = bot.fake

    assert "/connect" in (await bot.say(ADA, "/start")).text
    assert "Ada" in (await bot.say(ADA, f"/connect {key}")).text
    await bot.say(ADA, "/timezone Europe/Berlin")
    assert "Eggs" in (await bot.say(ADA, "2 eggs and a coffee")).text

    # the evening reminder, and a tap on one of its buttons
    assert await bot.remind(EVENING) == 1
    reminder = fake.last(ADA)
    fake.push_callback(ADA, "rate:mood:4", reminder.message_id)
    await fake.wait_for(lambda: fake.messages[reminder.message_id].edits >= 1)

    # the service fails a write (503 after applying it), then the key is revoked (401)
    script_faults(sandbox, WriteFault.AFTER)
    assert "Saved" in (await bot.say(ADA, "an apple")).text
    bot.clock.now = EVENING + dt.timedelta(minutes=5)  # past the retry's backoff
    assert "Also synced" in (await bot.say(ADA, "a banana")).text
    await _revoke_all_keys(sandbox)
    assert "/connect" in (await bot.say(ADA, "72.4 kg")).text
    assert "Waiting to sync" in (await bot.say(ADA, "/status")).text
    await bot.stop()

    logged = all_logs.getvalue()
    assert "getUpdates" in logged and "sendMessage" in logged  # the capture saw the traffic
    assert "/ingest" in logged  # and the service calls
    for secret in [key, *secret_parts(fake.token)]:
        assert secret not in logged
        assert all(secret not in text for text in fake.texts())
    # at rest, the key and the /connect message are only stored encrypted
    stored = await everything_stored(bot.settings.database_url)
    assert "Eggs" in stored  # the check sees the data (the conversation turns)
    assert key not in stored


async def everything_stored(database_url: str) -> str:
    """Every row of every table of the bot's store, as text (bytes decoded leniently)."""
    engine = make_engine(database_url)
    try:
        async with engine.connect() as conn:
            rows = [
                row
                for table in Base.metadata.sorted_tables
                for row in (await conn.execute(select(table))).all()
            ]
    finally:
        await engine.dispose()
    return "\n".join(
        " ".join(v.decode("utf-8", "replace") if isinstance(v, bytes) else str(v) for v in row)
        for row in rows
    )


async def test_client_and_errors_never_show_the_key(sandbox: RunningSandbox) -> None:
    key = await sandbox.add_user("Bo")
    wrong = key[:-4] + "abcd"
    async with new_http_client() as http:
        for api_key, base in ((wrong, sandbox.url), (key, "http://127.0.0.1:9")):
            client = AgentApiClient(base, api_key, http=http)
            assert api_key not in repr(client) and api_key not in str(client)
            with pytest.raises(AgentApiError) as caught:
                await client.me()
            error = caught.value
            shown = [str(error), repr(error), *traceback.format_exception(error)]
            assert all(api_key not in text for text in shown), shown
            assert api_key not in fmt.to_plain(conversation.service_unavailable(True, DEFAULT))
