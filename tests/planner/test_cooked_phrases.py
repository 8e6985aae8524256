"""How a food was cooked, said in several words after it ("over easy", "medium rare", "a la
plancha"), is read beside the food, which is logged; a dish of the table named with them
("hard boiled egg") keeps its own name."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from bot.agent_api.actions import NutritionAddEntry
from bot.planner.base import PlanContext
from bot.planner.offline.planner import OfflinePlanner

NOW = dt.datetime(2026, 11, 22, 9, 0, tzinfo=ZoneInfo("Europe/Berlin"))


async def _foods(text: str) -> list[tuple[str, int]]:
    plan = await OfflinePlanner().plan(text, PlanContext(now=NOW, timezone="Europe/Berlin"))
    assert plan.understood, plan.said
    return [
        (a.entry.food, a.entry.calories) for a in plan.actions if isinstance(a, NutritionAddEntry)
    ]


@pytest.mark.parametrize(
    ("text", "food", "low", "high"),
    [
        ("3 eggs over medium", "Eggs", 180, 260),
        ("one egg sunny side up on toast", "Egg", 60, 100),
        ("ribeye medium rare", "", 300, 900),
        ("merluza a la plancha", "", 100, 350),
    ],
)
async def test_the_food_cooked_so_is_logged(text: str, food: str, low: int, high: int) -> None:
    foods = await _foods(text)
    name, kcal = foods[0]
    assert name.startswith(food) and low <= kcal <= high, foods


async def test_a_dish_named_with_a_cooking_phrase_keeps_its_name() -> None:
    [(name, _kcal)] = await _foods("2 hard boiled eggs")
    assert name.lower().startswith("hard boiled")
