"""The /week and /month report read from a seeded sandbox account over real HTTP: the series
the chart plots, its gaps, the weight trend, the caption and the picture itself."""

from __future__ import annotations

import datetime as dt
import statistics
import struct
from collections.abc import AsyncIterator
from zoneinfo import ZoneInfo

import aiohttp
import pytest

from bot.agent_api.actions import (
    CheckinUpsert,
    Entry,
    NutritionAddEntry,
    NutritionSetGoals,
    SupplementAddItem,
    SupplementMarkTaken,
    WeightLog,
    WeightSetGoal,
)
from bot.agent_api.client import AgentApiClient, new_http_client
from bot.insights.draw import HEIGHT_PX, WIDTH_PX
from bot.insights.report import build_report, streak_of
from bot.kernel.readers import DEFAULT
from bot.render.charts import CAPTION_LIMIT
from bot.render.format import to_plain, utf16_len
from tests.fixtures.sandbox import RunningSandbox

LAST = dt.date(2026, 11, 22)
ZONE = ZoneInfo("Europe/Berlin")


def day(n: int) -> dt.date:
    """Day n of the 10-day range (0 = the first)."""
    return LAST - dt.timedelta(days=9 - n)


def food(n: int, kcal: float, protein: float = 10, carbs: float = 20, fat: float = 5):
    return NutritionAddEntry(
        date=day(n), entry=Entry(food="x", calories=kcal, protein=protein, carbs=carbs, fat=fat)
    )


def png_size(png: bytes) -> tuple[int, int]:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert png[12:16] == b"IHDR"
    width, height = struct.unpack(">II", png[16:24])
    return width, height


@pytest.fixture
async def http() -> AsyncIterator[aiohttp.ClientSession]:
    async with new_http_client(timeout_seconds=5) as client:
        yield client


async def client_for(sandbox: RunningSandbox, http: aiohttp.ClientSession) -> AgentApiClient:
    key = await sandbox.add_user("Ann", "Europe/Berlin")
    return AgentApiClient(sandbox.url, key, http=http)


async def test_ten_days_plot_the_per_day_sums_with_gaps_and_the_documented_trend(
    shared_sandbox: RunningSandbox, http: aiohttp.ClientSession
) -> None:
    client = await client_for(shared_sandbox, http)
    weights = {0: 80.0, 2: 79.0, 3: 81.5, 6: 78.0, 9: 78.4}
    await client.ingest(
        [
            NutritionSetGoals(calories=2000),
            WeightSetGoal(goal_kg=75),
            SupplementAddItem(name="Vitamin D"),
            # day 0: two meals; day 1: one; days 2, 4, 5, 7 nothing eaten; day 9 three.
            food(0, 500, 20, 60, 10),
            food(0, 700.5, 30, 80, 20),
            food(1, 1800),
            food(3, 2200),
            food(6, 1500),
            food(8, 2100),
            food(9, 300),
            food(9, 400),
            food(9, 900),
            *(WeightLog(date=day(n), weight_kg=kg) for n, kg in weights.items()),
            WeightLog(date=day(9), weight_kg=78.0),  # a second weighing that day: it wins
            CheckinUpsert(date=day(1), mood=4, energy=3, sleep_quality=2),
            CheckinUpsert(date=day(5), sleep_quality=5),
            SupplementMarkTaken(date=day(2), name="Vitamin D"),
            SupplementMarkTaken(date=day(7), name="Vitamin D"),
            SupplementMarkTaken(date=day(8), name="Vitamin D"),
        ]
    )
    report = await build_report(client, zone=ZONE, last_day=LAST, days=10, reader=DEFAULT)
    s = report.series

    assert s.days == tuple(day(n) for n in range(10))
    assert s.calories == (1200.5, 1800, None, 2200, None, None, 1500, None, 2100, 1600)
    assert s.protein == (50, 10, None, 10, None, None, 10, None, 10, 30)
    assert s.calorie_goal == 2000 and s.weight_goal == 75
    assert s.weight == (80.0, None, 79.0, 81.5, None, None, 78.0, None, None, 78.0)
    # Five weighings are too few for the smoothed average: the trend is the line through them.
    days, kgs = zip(*((n, kg) for n, kg in enumerate(s.weight) if kg is not None), strict=True)
    slope, intercept = statistics.linear_regression(days, kgs)
    assert s.trend == pytest.approx([intercept + slope * n for n in range(10)])
    assert s.sleep == (None, 2, None, None, None, 5, None, None, None, None)
    assert s.mood == (None, 4, None, None, None, None, None, None, None, None)
    assert s.supplements == (("Vitamin D", 3),)
    # every day has something but day 4 (nothing at all)
    assert s.logged == tuple(n != 4 for n in range(10))
    assert report.logged_days == 9
    assert streak_of(s) == 5

    assert png_size(report.png) == (WIDTH_PX, HEIGHT_PX)
    plain = to_plain(report.caption)
    assert utf16_len(plain) <= CAPTION_LIMIT
    assert 3 <= len(plain.splitlines()) <= 4
    assert plain.startswith("🗓 13–22 November 2026\n")  # longer than a week: its dates
    assert "1,733 kcal a day on average (on 6 of 10 days), 267 under your goal of 2,000" in plain
    change = s.trend[-1] - s.trend[0]
    assert f"−{abs(change):.1f} kg by the trend" in plain
    assert "best Wed 18 (5), worst Sat 14 (2)" in plain
    assert "5 days in a row" in plain


async def test_a_day_with_only_a_weight_counts_as_logged_and_draws(
    shared_sandbox: RunningSandbox, http: aiohttp.ClientSession
) -> None:
    client = await client_for(shared_sandbox, http)
    await client.ingest([WeightLog(date=LAST, weight_kg=70)])
    report = await build_report(client, zone=ZONE, last_day=LAST, days=7, reader=DEFAULT)
    assert report.series.calories == (None,) * 7
    assert report.series.weight[-1] == 70 and report.series.trend[-1] == 70
    assert report.logged_days == 1
    assert png_size(report.png) == (WIDTH_PX, HEIGHT_PX)
    assert "No meals logged in these 7 days" in to_plain(report.caption)


async def test_an_empty_week_draws_and_says_nothing_was_logged(
    shared_sandbox: RunningSandbox, http: aiohttp.ClientSession
) -> None:
    client = await client_for(shared_sandbox, http)
    report = await build_report(client, zone=ZONE, last_day=LAST, days=7, reader=DEFAULT)
    assert report.logged_days == 0
    assert report.series.weight == (None,) * 7 and report.series.sleep == (None,) * 7
    assert png_size(report.png) == (WIDTH_PX, HEIGHT_PX)
    assert "Nothing logged in these 7 days" in to_plain(report.caption)


async def test_a_month_reads_one_request_a_day_plus_the_weight_history(
    shared_sandbox: RunningSandbox, http: aiohttp.ClientSession
) -> None:
    client = await client_for(shared_sandbox, http)
    sent: list[str] = []
    original = client._get

    async def counted(path: str, params=None):
        sent.append(path)
        return await original(path, params)

    client._get = counted  # type: ignore[method-assign]
    report = await build_report(client, zone=ZONE, last_day=LAST, days=30, reader=DEFAULT)
    assert len(report.series.days) == 30
    assert sorted(set(sent)) == ["/today", "/weight"]
    assert len(sent) == 31
