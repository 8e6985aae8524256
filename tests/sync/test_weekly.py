"""The weekly summary over the real store and the sandbox: off by default, once per person per
week (restarts and several workers included), not for an empty week, a 403 stops it."""

from __future__ import annotations

import asyncio
import datetime as dt
from dataclasses import dataclass
from typing import Any
from zoneinfo import ZoneInfo

from bot.agent_api.actions import Entry, NutritionAddEntry
from bot.agent_api.client import AgentApiClient
from bot.core.assistant import Assistant
from bot.core.scheduled import weekly_caption
from bot.kernel.readers import DEFAULT
from bot.kernel.sends import RecipientBlocked
from bot.render.accounts import CAPTION_MAX, weekly_summary_caption
from bot.store import weekly as weekly_store
from bot.store.models import Account, AccountStatus
from bot.sync.weekly import WeeklySummaries
from tests.fixtures.sandbox import RunningSandbox

ADA = 8101
BERLIN = ZoneInfo("Europe/Berlin")
WEDNESDAY = dt.datetime(2026, 11, 25, 10, 0, tzinfo=BERLIN)
SUNDAY_19 = dt.datetime(2026, 11, 29, 19, 0, tzinfo=BERLIN)
NEXT_SUNDAY_19 = SUNDAY_19 + dt.timedelta(days=7)
PNG = b"\x89PNG\r\n\x1a\n"


@dataclass
class Clock:
    now: dt.datetime

    def __call__(self) -> dt.datetime:
        return self.now


class Photos:
    """A `SendPhoto` that records what went out, or fails as told."""

    def __init__(self) -> None:
        self.sent: list[tuple[int, bytes, str]] = []
        self.fail_with: Exception | None = None

    async def __call__(self, chat_id: int, png: bytes, caption: str) -> int:
        if self.fail_with is not None:
            raise self.fail_with
        self.sent.append((chat_id, png, caption))
        return len(self.sent)


async def linked(
    assistant_factory: Any, sandbox: RunningSandbox, clock: Clock, **kwargs: Any
) -> tuple[Assistant, str]:
    assistant: Assistant = await assistant_factory(sandbox_url=sandbox.url, clock=clock, **kwargs)
    key = await sandbox.add_user("Ada", "Europe/Berlin")
    await assistant.connect(user_id=ADA, chat_id=ADA, api_key=key)
    await assistant.preferences.set_timezone(user_id=ADA, name="Europe/Berlin")
    return assistant, key


async def log_food(assistant: Assistant, key: str, day: dt.date) -> None:
    client = AgentApiClient(
        assistant.resources.settings.agent_api_base_url, key, http=assistant.resources.http
    )
    entry = Entry(food="Oatmeal, 1 cup cooked", calories=158, protein=6, carbs=27, fat=3.2)
    await client.ingest([NutritionAddEntry(date=day, entry=entry)])


async def row_of(assistant: Assistant) -> Any:
    async with assistant.resources.sessionmaker() as session:
        return await weekly_store.get_weekly(session=session, telegram_id=ADA)


async def account_of(assistant: Assistant) -> Account | None:
    async with assistant.resources.sessionmaker() as session:
        return await session.get(Account, ADA)


def worker(assistant: Assistant, clock: Clock, name: str) -> WeeklySummaries:
    summaries = WeeklySummaries.of(assistant.resources, weekly_caption, clock=clock)
    summaries.worker_id = f"{name}:1:{name}"
    return summaries


async def test_off_by_default(assistant_factory: Any, sandbox: RunningSandbox) -> None:
    clock = Clock(WEDNESDAY)
    assistant, key = await linked(assistant_factory, sandbox, clock)
    await log_food(assistant, key, dt.date(2026, 11, 25))
    photos = Photos()
    assert await worker(assistant, clock, "a").run_due(SUNDAY_19, photos) == 0
    assert await worker(assistant, clock, "a").run_due(NEXT_SUNDAY_19, photos) == 0
    assert photos.sent == [] and await row_of(assistant) is None
    account = await account_of(assistant)
    assert account is not None and account.weekly_summary is False


async def test_once_per_week_across_workers_and_restarts(
    assistant_factory: Any, sandbox: RunningSandbox
) -> None:
    clock = Clock(WEDNESDAY)
    assistant, key = await linked(assistant_factory, sandbox, clock)
    await log_food(assistant, key, dt.date(2026, 11, 25))
    await assistant.preferences.set_weekly_summary(user_id=ADA, enabled=True)
    assert (await row_of(assistant)).next_due_at == SUNDAY_19
    photos = Photos()
    # Not before Sunday 19:00 in Berlin.
    early = SUNDAY_19 - dt.timedelta(minutes=1)
    assert await worker(assistant, clock, "a").run_due(early, photos) == 0
    # Two workers (replicas) at the same moment: one sends.
    a, b = worker(assistant, clock, "a"), worker(assistant, clock, "b")
    sent = await asyncio.gather(a.run_due(SUNDAY_19, photos), b.run_due(SUNDAY_19, photos))
    assert sum(sent) == 1 and len(photos.sent) == 1
    chat_id, png, caption = photos.sent[0]
    assert chat_id == ADA and png.startswith(PNG)
    assert "Your week" in caption and "23 Nov" in caption and "29 Nov" in caption
    # A restart, a later run the same evening, or the Monday after: nothing more.
    db_url = assistant.resources.settings.database_url
    restarted = await assistant_factory(sandbox_url=sandbox.url, clock=clock, db_url=db_url)
    for later in (SUNDAY_19 + dt.timedelta(minutes=5), SUNDAY_19 + dt.timedelta(hours=14)):
        assert await worker(restarted, clock, "c").run_due(later, photos) == 0
    row = await row_of(restarted)
    assert row.last_sent_week == "2026-W48" and row.next_due_at == NEXT_SUNDAY_19
    # Turning it off and on again within the week does not send that week again.
    clock.now = SUNDAY_19 + dt.timedelta(minutes=30)
    await restarted.preferences.set_weekly_summary(user_id=ADA, enabled=False)
    await restarted.preferences.set_weekly_summary(user_id=ADA, enabled=True)
    assert await worker(restarted, clock, "c").run_due(clock.now, photos) == 0
    assert len(photos.sent) == 1


async def test_not_sent_for_an_empty_week(assistant_factory: Any, sandbox: RunningSandbox) -> None:
    clock = Clock(WEDNESDAY)
    assistant, key = await linked(assistant_factory, sandbox, clock)
    await log_food(assistant, key, dt.date(2026, 11, 20))  # the week before: not this one
    await assistant.preferences.set_weekly_summary(user_id=ADA, enabled=True)
    photos = Photos()
    assert await worker(assistant, clock, "a").run_due(SUNDAY_19, photos) == 0
    assert photos.sent == []
    row = await row_of(assistant)
    assert row.last_sent_week == "2026-W48" and row.next_due_at == NEXT_SUNDAY_19
    # The next week has a meal: that one goes out.
    await log_food(assistant, key, dt.date(2026, 12, 1))
    assert await worker(assistant, clock, "a").run_due(NEXT_SUNDAY_19, photos) == 1


async def test_a_person_who_blocked_the_bot_is_marked_and_not_retried(
    assistant_factory: Any, sandbox: RunningSandbox
) -> None:
    clock = Clock(WEDNESDAY)
    assistant, key = await linked(assistant_factory, sandbox, clock)
    await log_food(assistant, key, dt.date(2026, 11, 26))
    await assistant.preferences.set_weekly_summary(user_id=ADA, enabled=True)
    photos = Photos()
    photos.fail_with = RecipientBlocked(ADA)
    assert await worker(assistant, clock, "a").run_due(SUNDAY_19, photos) == 0
    account = await account_of(assistant)
    assert account is not None and account.status == AccountStatus.BLOCKED
    photos.fail_with = None
    later = SUNDAY_19 + dt.timedelta(minutes=10)
    assert await worker(assistant, clock, "a").run_due(later, photos) == 0
    assert photos.sent == []


async def test_a_failed_send_is_retried_and_then_sent_once(
    assistant_factory: Any, sandbox: RunningSandbox
) -> None:
    clock = Clock(WEDNESDAY)
    assistant, key = await linked(assistant_factory, sandbox, clock)
    await log_food(assistant, key, dt.date(2026, 11, 29))
    await assistant.preferences.set_weekly_summary(user_id=ADA, enabled=True)
    photos = Photos()
    photos.fail_with = TimeoutError()
    assert await worker(assistant, clock, "a").run_due(SUNDAY_19, photos) == 0
    row = await row_of(assistant)
    assert row.last_sent_week is None and row.next_due_at == SUNDAY_19 + dt.timedelta(minutes=5)
    photos.fail_with = None
    retry = SUNDAY_19 + dt.timedelta(minutes=5)
    assert await worker(assistant, clock, "a").run_due(retry, photos) == 1
    assert await worker(assistant, clock, "b").run_due(retry, photos) == 0
    assert len(photos.sent) == 1


def test_the_caption_stays_within_telegrams_limit_and_keeps_the_charts_words() -> None:
    monday, sunday = dt.date(2026, 11, 23), dt.date(2026, 11, 29)
    short = weekly_summary_caption("Avg 1,850 kcal", monday, sunday, DEFAULT)
    assert short.startswith("<b>Your week</b>, Mon 23 Nov – Sun 29 Nov\nAvg 1,850 kcal")
    assert "/settings" in short
    for length in (990, 1010, 1024):
        long = "x" * length
        caption = weekly_summary_caption(long, monday, sunday, DEFAULT)
        assert len(caption) <= CAPTION_MAX and long in caption
