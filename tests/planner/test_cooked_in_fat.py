"""The fat a food was cooked in is logged within that food, in the five languages: "2 eggs,
fried in butter" is one entry of the eggs and their pat of butter, never a second entry of
butter beside them. Butter had beside a food stays its own."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from bot.agent_api.actions import NutritionAddEntry
from bot.planner.base import PlanContext
from bot.planner.offline.planner import OfflinePlanner

NOW = dt.datetime(2026, 11, 19, 9, 0, tzinfo=ZoneInfo("Europe/Berlin"))


async def foods(text: str) -> list[NutritionAddEntry]:
    plan = await OfflinePlanner().plan(text, PlanContext(now=NOW, timezone="Europe/Berlin"))
    return [a for a in plan.actions if isinstance(a, NutritionAddEntry)]


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("2 eggs, fried in butter", 160, 220),  # two eggs and a pat of butter
        ("3 eggs sauteed in butter", 230, 300),
        ("2 Eier in Butter gebraten", 160, 220),
        ("2 œufs cuits au beurre", 160, 220),
        ("chicken breast cooked in olive oil", 300, 420),
    ],
)
async def test_the_fat_a_food_was_cooked_in_is_part_of_that_food(
    text: str, low: float, high: float
) -> None:
    [entry] = await foods(text)
    assert "butter" in entry.entry.food.lower() or "oil" in entry.entry.food.lower()
    assert low <= entry.entry.calories <= high


async def test_a_correction_before_the_cooking_fat_logs_one_entry() -> None:
    [entry] = await foods("3 eggs no wait 2, fried in butter")
    assert entry.entry.food.lower().startswith("eggs")
    assert 160 <= entry.entry.calories <= 220


async def test_butter_had_beside_a_food_stays_its_own() -> None:
    assert len(await foods("toast and butter")) == 2
