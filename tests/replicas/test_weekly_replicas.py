"""Three replicas on one PostgreSQL send each opted-in person's weekly summary exactly once, and
none to a person whose week is empty (see conftest for the processes)."""

from __future__ import annotations

import asyncio
import datetime as dt
import time
from zoneinfo import ZoneInfo

import httpx
import pytest
from sqlalchemy import text

from bot.store.db import make_engine
from bot.sync.weekly import iso_week, next_summary_at, what_is_due
from tests.replicas.conftest import Cluster

pytestmark = pytest.mark.postgres

LOGGED = list(range(7001, 7041))  # 40 people with a meal in the week
EMPTY = list(range(7101, 7111))  # 10 people with nothing logged
UTC = ZoneInfo("UTC")
SETTLE_LIMIT = 90


def last_week(now: dt.datetime) -> dt.date:
    """The Sunday of the week the replicas summarise now (everyone here lives in UTC)."""
    sunday = what_is_due(tz=UTC, now=now, day_ends_at=dt.time(3), last_sent_week=None).sunday
    assert sunday is not None
    return sunday


async def opt_in(cluster_sandbox_url: str, db_url: str, keys: dict[int, str], day: dt.date) -> None:
    """Log a meal for LOGGED in the week, turn everyone's summary on and make it due now."""
    body = {
        "actions": [
            {
                "type": "nutrition.add_entry",
                "date": day.isoformat(),
                "entry": {"food": "Soup", "calories": 300, "protein": 10, "carbs": 40, "fat": 9},
            }
        ]
    }
    async with httpx.AsyncClient(base_url=cluster_sandbox_url, timeout=10) as api:
        for person in LOGGED:
            response = await api.post(
                "/ingest", json=body, headers={"Authorization": f"Bearer {keys[person]}"}
            )
            response.raise_for_status()
    engine = make_engine(db_url)
    past = dt.datetime.now(dt.UTC) - dt.timedelta(minutes=1)
    try:
        async with engine.begin() as connection:
            await connection.execute(text("UPDATE accounts SET weekly_summary = true"))
            await connection.execute(
                text(
                    "INSERT INTO weekly_summaries (telegram_id, next_due_at)"
                    " SELECT telegram_id, :due FROM accounts"
                ).bindparams(due=past)
            )
    finally:
        await engine.dispose()


async def test_each_weekly_summary_once_and_none_for_an_empty_week(
    cluster_factory: object, sandbox: object
) -> None:
    now = dt.datetime.now(dt.UTC)
    sunday = last_week(now)
    week_day = sunday - dt.timedelta(days=3)

    async def prepare(db_url: str, keys: dict[int, str]) -> None:
        await opt_in(sandbox.api_url, db_url, keys, week_day)  # type: ignore[attr-defined]

    cluster: Cluster = await cluster_factory(people=LOGGED + EMPTY, prepare=prepare)  # type: ignore[operator]

    deadline = time.monotonic() + SETTLE_LIMIT
    while missing := [p for p in LOGGED if not cluster.fake.sent(p)]:
        assert time.monotonic() < deadline, f"no summary for {missing}\n{cluster.logs()}"
        await asyncio.sleep(0.5)

    async def recorded() -> list[tuple[int, object, object, object]]:
        return await cluster.sql(
            text(
                "SELECT telegram_id, last_sent_week, next_due_at, claimed_by FROM weekly_summaries"
            )
        )

    week = iso_week(sunday)
    while any(r[1] != week or r[3] is not None for r in await recorded()):
        assert time.monotonic() < deadline, f"{await recorded()}\n{cluster.logs()}"
        await asyncio.sleep(0.5)
    await asyncio.sleep(2)  # a duplicate, if any, would land now

    for person in LOGGED:
        [photo] = cluster.fake.sent(person)
        assert photo.photo is not None and photo.photo.startswith(b"\x89PNG"), person
        assert "Your week" in photo.text
    assert all(cluster.fake.sent(p) == [] for p in EMPTY)
    assert len(cluster.fake.calls("sendPhoto")) == len(LOGGED)
    following = next_summary_at(tz=UTC, now=dt.datetime.now(dt.UTC), last_sent_week=week)
    for person, last, due, claimed in await recorded():
        assert (last, due, claimed) == (week, following, None), person
