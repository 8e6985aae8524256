"""The day a food is logged on when the message names another day for another reason: a
leftover is eaten now ("leftover curry from last night", "sobras de la lasaña de ayer"), a
weekday that is today is today ("domenica a pranzo", "sábado de pizza" on that day), and a
weekday said of a habit ("like every friday", "comme tous les dimanches") is no date."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from bot.agent_api.actions import NutritionAddEntry
from bot.planner.base import PlanContext
from bot.planner.offline.planner import OfflinePlanner

ZONE = "Europe/Rome"
SUNDAY = dt.datetime(2026, 11, 22, 15, 0, tzinfo=ZoneInfo(ZONE))
SATURDAY = dt.datetime(2026, 11, 21, 13, 0, tzinfo=ZoneInfo(ZONE))
WEDNESDAY = dt.datetime(2026, 11, 25, 20, 0, tzinfo=ZoneInfo(ZONE))


async def dates(text: str, now: dt.datetime) -> list[dt.date]:
    plan = await OfflinePlanner().plan(text, PlanContext(now=now, timezone=ZONE))
    found = [a.date for a in plan.actions if isinstance(a, NutritionAddEntry)]
    assert found, plan.said
    return found


@pytest.mark.parametrize(
    "text",
    [
        "leftover curry from last night",
        "sobras de la lasaña de ayer",
        "gli avanzi della pasta di ieri",
        "die Reste von der Pizza von gestern",
        "pizza avanzata di ieri sera",
        "reheated the chili from yesterday",
        "el curry recalentado de anoche",
    ],
)
async def test_a_leftover_is_eaten_today(text: str) -> None:
    assert set(await dates(text, WEDNESDAY)) == {WEDNESDAY.date()}


async def test_a_food_from_another_day_without_leftovers_keeps_that_day() -> None:
    assert set(await dates("pizza from last night", WEDNESDAY)) == {dt.date(2026, 11, 24)}


@pytest.mark.parametrize(
    ("text", "now"),
    [
        ("domenica a pranzo lasagne dalla nonna", SUNDAY),
        ("Sonntag Mittag bei Oma, Rouladen und Knödel", SUNDAY),
        ("sábado de pizza con los amigos", SATURDAY),
    ],
)
async def test_a_weekday_that_is_today_is_today(text: str, now: dt.datetime) -> None:
    assert set(await dates(text, now)) == {now.date()}


@pytest.mark.parametrize(
    "text", ["last sunday a pizza", "domingo pasado una paella", "domenica scorsa una pizza"]
)
async def test_a_past_weekday_said_on_that_day_is_a_week_ago(text: str) -> None:
    assert set(await dates(text, SUNDAY)) == {dt.date(2026, 11, 15)}


async def test_the_night_before_last_is_two_days_back() -> None:
    assert set(await dates("anteanoche una pizza", WEDNESDAY)) == {dt.date(2026, 11, 23)}


@pytest.mark.parametrize(
    "text",
    [
        "pizza, like every friday",
        "une raclette, comme tous les dimanches",
        "paella como siempre los jueves",
        "Fischbrötchen wie immer freitags",
    ],
)
async def test_a_weekday_of_a_habit_dates_nothing(text: str) -> None:
    assert set(await dates(text, WEDNESDAY)) == {WEDNESDAY.date()}
