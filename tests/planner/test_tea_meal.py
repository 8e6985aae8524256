"""In British English "tea" after "for" is the evening meal; "tea" alone is still a drink."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from bot.agent_api.actions import NutritionAddEntry
from bot.planner.base import PlanContext
from bot.planner.offline.planner import OfflinePlanner
from bot.planner.reader.segment import segment

NOW = dt.datetime(2026, 2, 3, 19, 30, tzinfo=ZoneInfo("Europe/London"))


async def foods(text: str) -> list[str]:
    plan = await OfflinePlanner().plan(text, PlanContext(now=NOW, timezone="Europe/London"))
    return [a.entry.food.lower() for a in plan.actions if isinstance(a, NutritionAddEntry)]


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("fish fingers and chips for tea", 2),
        ("had a jacket potato for my tea", 1),
        ("shepherd's pie for tea tonight", 1),
        ("last night's tea: fish fingers and beans", 2),
        ("a chippy tea, battered sausage", 1),
    ],
)
async def test_for_tea_is_the_evening_meal_not_a_drink(text: str, count: int) -> None:
    got = await foods(text)
    assert len(got) == count, got
    assert not any(name.startswith("tea") for name in got), got


@pytest.mark.parametrize("text", ["a cup of tea", "tea with milk", "green tea for breakfast"])
async def test_tea_alone_is_still_a_drink(text: str) -> None:
    got = await foods(text)
    assert any("tea" in name for name in got), got


def test_for_tea_names_the_clause_meal() -> None:
    (clause,) = segment("sausage and mash for tea")
    assert clause.meal == "dinner"
    assert clause.items == (("sausage",), ("mash",))


@pytest.mark.parametrize(
    ("text", "food"),
    [
        ("we had a takeaway tea, chicken korma", "korma"),
        ("a chippy tea on the way home: battered sausage", "sausage"),
        ("yesterday's tea was shepherd's pie", "shepherd"),
        ("last night's tea was a big lasagne", "lasagna"),
    ],
)
async def test_a_tea_that_was_had_is_the_meal(text: str, food: str) -> None:
    got = await foods(text)
    assert len(got) == 1, got
    assert food in got[0]
