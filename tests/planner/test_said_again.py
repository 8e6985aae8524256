"""One food said twice is logged once: named again in brackets with its amount, or named
by "all" after it was counted."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from bot.agent_api.actions import NutritionAddEntry
from bot.planner.base import PlanContext
from bot.planner.offline.planner import OfflinePlanner

NOW = dt.datetime(2026, 11, 22, 13, 15, tzinfo=ZoneInfo("Europe/Berlin"))


async def entries(text: str) -> list[tuple[str, float]]:
    plan = await OfflinePlanner().plan(text, PlanContext(now=NOW, timezone="Europe/Berlin"))
    return [
        (a.entry.food.lower(), a.entry.calories or 0.0)
        for a in plan.actions
        if isinstance(a, NutritionAddEntry)
    ]


@pytest.mark.parametrize(
    ("text", "food", "low", "high"),
    [
        ("almond butter with banana slices (1 large banana)", "banana", 110, 160),
        ("Joghurt mit Apfelstücken (ein halber Apfel)", "apple", 40, 55),
        ("2 eggs and toast (2 slices of toast)", "toast", 140, 180),
    ],
)
async def test_a_food_named_again_with_its_amount_is_counted_once(
    text: str, food: str, low: float, high: float
) -> None:
    got = await entries(text)
    named = [(name, kcal) for name, kcal in got if food in name]
    assert len(named) == 1, got
    assert low <= named[0][1] <= high, got


async def test_a_topping_named_again_with_its_amount_is_counted_once() -> None:
    got = await entries("oatmeal w/ strawberries (a cup of strawberries)")
    alone = await entries("oatmeal")
    assert len(got) == 1, got
    assert 40 <= got[0][1] - alone[0][1] <= 60, (got, alone)


@pytest.mark.parametrize(
    ("text", "name", "count"),
    [
        ("4 beers last night, all lagers", "lagers", "4"),
        ("drei Bier, alle Pils", "pils", "3"),
    ],
)
async def test_all_names_the_food_counted_before(text: str, name: str, count: str) -> None:
    got = await entries(text)
    assert len(got) == 1, got
    assert name in got[0][0] and f", {count} " in got[0][0], got
