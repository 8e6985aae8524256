"""/forget leaves nothing of the person: no row holds their id, and the text they wrote is gone
from the database files too (SQLite keeps deleted pages in its write-ahead log until a
checkpoint), while the bot keeps running. Other people's rows are left as they were.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

from sqlalchemy import inspect, make_url, select, table, text

from bot.store.db import make_engine
from tests.e2e.conftest import Harness
from tests.fixtures.core import store_on_postgres
from tests.fixtures.sandbox import RunningSandbox

ADA = 7_345_918_263  # long enough not to turn up by chance inside another value
BO = 7_345_918_264
NOON = dt.datetime(2026, 3, 10, 11, 0, tzinfo=dt.UTC)
WORD = "Quokkaberry"  # what Ada writes, and must not be found anywhere afterwards


async def say(bot: Harness, user_id: int, text: str) -> tuple[int, str]:
    """Send as `user_id`; the update's id and the bot's reply."""
    before = len(bot.fake.sent(user_id))
    update_id = bot.fake.push_text(user_id, text)
    return update_id, (await bot.fake.wait_sent(user_id, before + 1))[before].text


async def rows_holding(database_url: str, needle: int) -> list[tuple[str, tuple[Any, ...]]]:
    """Every row of every table in the store (reflected, not only the models') with a column
    that is `needle` or holds it as text."""
    engine = make_engine(database_url)
    found = []
    try:
        async with engine.connect() as conn:
            names = await conn.run_sync(lambda sync: inspect(sync).get_table_names())
            for name in names:
                columns = await conn.run_sync(
                    lambda sync, name=name: inspect(sync).get_columns(name)
                )
                query = select(*[text(f'"{c["name"]}"') for c in columns]).select_from(table(name))
                for row in (await conn.execute(query)).all():
                    if any(_holds(value, needle) for value in row):
                        found.append((name, tuple(row)))
    finally:
        await engine.dispose()
    return found


def _holds(value: object, needle: int) -> bool:
    if isinstance(value, bytes | memoryview):
        value = bytes(value).decode("latin-1")
    return value == needle or str(needle) in str(value)


def database_files(database_url: str) -> dict[str, bytes]:
    path = Path(str(make_url(database_url).database))
    files = [path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")]
    return {f.name: f.read_bytes() for f in files if f.exists()}


async def test_forget_leaves_no_row_with_the_persons_id_and_no_trace_of_their_words(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    bot = await harness_factory(start=NOON, agent_api_base_url=sandbox.url, outbox_every=None)
    keys: dict[int, str] = {}
    for who, name in ((ADA, "Ada"), (BO, "Bo")):
        keys[who] = await sandbox.add_user(name, "Europe/Berlin")
        await say(bot, who, f"/connect {keys[who]}")
        await say(bot, who, "/timezone Europe/Berlin")
    logged = [
        await say(bot, ADA, f"2 eggs and a coffee, {WORD} on the side"),
        await say(bot, ADA, f"{WORD} smoothie 300 kcal"),
        await say(bot, ADA, f"{WORD} {WORD} {WORD}, felt great"),
        await say(bot, ADA, "72.4 kg"),
    ]
    bo_update, bo_reply = await say(bot, BO, "an apple")
    assert "Apple" in bo_reply
    url = bot.settings.database_url
    assert await rows_holding(url, ADA)  # the scan sees the person's rows before
    if not store_on_postgres():
        assert any(WORD.encode() in data for data in database_files(url).values())

    await say(bot, ADA, "/forget")
    question = bot.fake.last(ADA)
    [yes] = [data for data in question.callbacks if data == "forget:yes"]
    edits = question.edits
    bot.fake.push_callback(ADA, yes, question.message_id)
    await bot.fake.wait_for(lambda: bot.fake.messages[question.message_id].edits > edits)
    assert "deleted" in bot.fake.messages[question.message_id].text
    answered = len(bot.fake.sent(ADA))
    ada_writes = await sandbox.counts(keys[ADA])

    # Telegram delivering one of Ada's earlier messages again brings nothing back.
    bot.fake.redeliver(logged[0][0])
    # Bo's rows keep their guarantee: his message delivered again is not handled twice.
    bot.fake.redeliver(bo_update)
    await say(bot, BO, "/status")  # answered after both redeliveries were fetched

    assert bot.running
    assert await rows_holding(url, ADA) == []
    assert await rows_holding(url, BO)  # Bo's data is untouched
    assert (await sandbox.counts(keys[BO]))["nutrition"] == 1
    if not store_on_postgres():
        for name, data in database_files(url).items():
            assert WORD.encode() not in data, name
            assert WORD.lower().encode() not in data.lower(), name

    # A person's updates are handled in order: had the redelivered one been let through, it
    # would be answered before this one.
    _, reply = await say(bot, ADA, "hello")
    assert len(bot.fake.sent(ADA)) == answered + 1 and "/connect" in reply
    assert await sandbox.counts(keys[ADA]) == ada_writes
