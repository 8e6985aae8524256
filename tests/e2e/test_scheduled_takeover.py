"""A worker that dies while sending reminders or weekly summaries leaves nobody without theirs.

The dying worker claims everyone due and starts sending, and its sends never finish (the
process is gone: its task is cancelled mid-send, no clean-up runs). After the lease another
worker of the same bot sends them, through the real PTB application to the fake Bot API:
everyone gets that day's reminder, that week's summary, at least once ("a missed reminder is
worse than a rare double", bot/sync/reminders.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
from collections.abc import Callable, Coroutine
from typing import Any

from bot.core.scheduled import reminder_reply, weekly_caption
from bot.sync.due import PARALLEL_SENDS
from bot.sync.reminders import Reminders
from bot.sync.weekly import WeeklySummaries
from bot.telegram.handlers.jobs import photo_sender
from tests.e2e.conftest import Harness
from tests.fixtures.sandbox import RunningSandbox

PEOPLE = list(range(8101, 8101 + PARALLEL_SENDS + 4))  # more than the dying worker sends at once
WEDNESDAY = dt.datetime(2026, 11, 25, 11, 0, tzinfo=dt.UTC)  # 12:00 in Berlin
EVENING = dt.datetime(2026, 11, 25, 20, 0, tzinfo=dt.UTC)  # 21:00 in Berlin, the default time
SUNDAY = dt.datetime(2026, 11, 29, 18, 0, tzinfo=dt.UTC)  # 19:00 in Berlin


async def linked_crowd(harness_factory: Any, sandbox: RunningSandbox) -> Harness:
    bot: Harness = await harness_factory(
        start=WEDNESDAY, agent_api_base_url=sandbox.url, outbox_every=None
    )
    for user_id in PEOPLE:
        key = await sandbox.add_user(f"P{user_id}", "Europe/Berlin")
        assert f"P{user_id}" in (await bot.say(user_id, f"/connect {key}")).text
        await bot.say(user_id, "/timezone Europe/Berlin")
    return bot


# How long the dying worker may take to start its parallel sends. Each is a week's reads and
# a chart: milliseconds on an idle machine, seconds on a loaded one. The wait ends as soon as
# they started (or the run ended without them, which fails at once); the bound is only
# reached if they never start, and is not a measure of speed.
PATIENCE = 120.0


async def dies_while_sending(run: Callable[[Any], Coroutine[Any, Any, int]]) -> set[int]:
    """Run `run(send)` with a send that never returns, and kill it once every parallel send
    started; whom it was sending to."""
    sending: set[int] = set()
    never = asyncio.Event()
    all_started = asyncio.Event()

    async def send(chat_id: int, *_: Any) -> int:
        sending.add(chat_id)
        if len(sending) == PARALLEL_SENDS:
            all_started.set()
        await never.wait()
        return 0

    task = asyncio.create_task(run(send))
    started = asyncio.create_task(all_started.wait())
    # Whichever comes first: every parallel send started, or the run ended without that (its
    # sends never return, so a run that ends never started them all: it fails below).
    await asyncio.wait({task, started}, timeout=PATIENCE, return_when=asyncio.FIRST_COMPLETED)
    started.cancel()
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task  # a run that failed raises here
    assert len(sending) == PARALLEL_SENDS, sorted(sending)
    return sending


def texts_since(bot: Harness, before: dict[int, int], user_id: int) -> list[str]:
    return [m.text for m in bot.fake.sent(user_id)[before[user_id] :]]


async def test_reminders_a_dying_worker_claimed_are_sent_after_its_lease(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    bot = await linked_crowd(harness_factory, sandbox)
    assert bot.assistant is not None and bot.reminders is not None
    before = {user_id: len(bot.fake.sent(user_id)) for user_id in PEOPLE}
    dying = Reminders.of(bot.assistant.resources, reminder_reply, worker_id="dying")

    async def reminders_of_the_dying(send: Any) -> int:
        return await dying.run_due(EVENING, send)

    await dies_while_sending(reminders_of_the_dying)
    lease = bot.reminders.claim_timeout
    # Its claims hold while its lease lasts: nobody else sends meanwhile.
    assert await bot.remind(EVENING + lease - dt.timedelta(seconds=1)) == 0
    assert all(not texts_since(bot, before, user_id) for user_id in PEOPLE)

    assert await bot.remind(EVENING + lease + dt.timedelta(seconds=1)) == len(PEOPLE)
    for user_id in PEOPLE:
        [reminder] = bot.fake.sent(user_id)[before[user_id] :]
        assert "snooze" in reminder.callbacks, reminder  # the reminder, with its buttons
    # Sent once: the day is recorded with it.
    assert await bot.remind(EVENING + lease + dt.timedelta(minutes=10)) == 0


async def test_weekly_summaries_a_dying_worker_claimed_are_sent_after_its_lease(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    bot = await linked_crowd(harness_factory, sandbox)
    assert bot.assistant is not None
    for user_id in PEOPLE:
        await bot.say(user_id, "had oatmeal")
        settings = await bot.say(user_id, "/settings")
        assert "settings:weekly:on" in settings.callbacks
        edits = bot.fake.messages[settings.message_id].edits
        bot.fake.push_callback(user_id, "settings:weekly:on", settings.message_id)
        await bot.fake.wait_for(
            lambda m=settings.message_id, e=edits: bot.fake.messages[m].edits > e
        )
    dying = WeeklySummaries.of(
        bot.assistant.resources, weekly_caption, clock=bot.clock, worker_id="dying"
    )
    alive = WeeklySummaries.of(bot.assistant.resources, weekly_caption, clock=bot.clock)

    async def summaries_of_the_dying(send: Any) -> int:
        return await dying.run_due(SUNDAY, send)

    await dies_while_sending(summaries_of_the_dying)
    lease = alive.claim_timeout
    send = photo_sender(bot.app.bot)
    assert await alive.run_due(SUNDAY + lease - dt.timedelta(seconds=1), send) == 0
    assert not bot.fake.calls("sendPhoto")

    assert await alive.run_due(SUNDAY + lease + dt.timedelta(seconds=1), send) == len(PEOPLE)
    photos = {call.params["chat_id"] for call in bot.fake.calls("sendPhoto")}
    assert photos == set(PEOPLE)
    assert len(bot.fake.calls("sendPhoto")) == len(PEOPLE)
    # Sent once: the week is recorded with it.
    assert await alive.run_due(SUNDAY + lease + dt.timedelta(minutes=10), send) == 0
