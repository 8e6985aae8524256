"""Day words in French and Italian ("hier soir", "ieri", "l'altro ieri", "mardi dernier") and
a possessive "yesterday's" date what they log; German "hier" (here) does not."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from bot.agent_api.actions import NutritionAddEntry
from bot.planner.base import PlanContext
from bot.planner.offline.planner import OfflinePlanner

ROME = ZoneInfo("Europe/Rome")
NOW = dt.datetime(2026, 11, 24, 10, 0, tzinfo=ROME)  # a Tuesday


async def food_dates(text: str) -> list[dt.date]:
    plan = await OfflinePlanner().plan(text, PlanContext(now=NOW, timezone="Europe/Rome"))
    return [a.date for a in plan.actions if isinstance(a, NutritionAddEntry)]


@pytest.mark.parametrize(
    ("text", "back"),
    [
        ("yesterday's lunch: a banana", 1),
        ("hier soir une pizza", 1),
        ("hier midi une omelette", 1),
        ("j'ai mangé une pomme hier", 1),
        ("ieri sera una pizza", 1),
        ("ieri a pranzo una mela", 1),
        ("l'altro ieri una pizza", 2),
        ("avant-hier une pizza", 2),
        ("mardi dernier une pizza", 7),
        ("lunedì una pizza", 1),
        ("ce matin un croissant", 0),
        ("stamattina un cornetto", 0),
    ],
)
async def test_french_and_italian_day_words_date_the_food(text: str, back: int) -> None:
    assert await food_dates(text) == [NOW.date() - dt.timedelta(days=back)]


async def test_german_hier_means_here_not_yesterday() -> None:
    assert await food_dates("hier ein Apfel") == [NOW.date()]
