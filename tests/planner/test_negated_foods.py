"""A food said not to have been had, in the five languages, is never logged; the food it is
said beside still is, and a small coffee is still small."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from bot.agent_api.actions import NutritionAddEntry
from bot.planner.base import PlanContext
from bot.planner.offline.planner import OfflinePlanner

NOW = dt.datetime(2026, 11, 22, 13, 0, tzinfo=ZoneInfo("Europe/Berlin"))


async def _foods(text: str) -> list[str]:
    plan = await OfflinePlanner().plan(text, PlanContext(now=NOW, timezone="Europe/Berlin"))
    return [a.entry.food for a in plan.actions if isinstance(a, NutritionAddEntry)]


@pytest.mark.parametrize(
    "text",
    [
        "keinen Alkohol heute",
        "heute keine Schokolade",
        "pas de vin ce soir",
        "pas d'alcool aujourd'hui",
        "niente vino stasera",
        "nada de chocolate hoy",
        "I'm not having wine tonight",
        "not eating chocolate this week",
    ],
)
async def test_a_food_said_not_had_is_not_logged(text: str) -> None:
    assert await _foods(text) == []


@pytest.mark.parametrize(
    ("text", "food"),
    [
        ("pasta, keinen Nachtisch", "Pasta"),
        ("une salade, pas de pain", "Salad"),
        ("un panino, niente patatine", "Bread roll"),
        ("ein kleiner Kaffee", "Coffee"),
    ],
)
async def test_beside_a_food_not_had_the_other_is_logged(text: str, food: str) -> None:
    foods = await _foods(text)
    assert len(foods) == 1 and foods[0].startswith(food), foods
