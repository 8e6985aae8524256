"""A figure's source ("the app says", "laut App", "d'après l'appli") is read as a source:
the number stays the food's and no word of it becomes a food."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from bot.agent_api.actions import NutritionAddEntry
from bot.planner.base import PlanContext
from bot.planner.offline.planner import OfflinePlanner

NOW = dt.datetime(2026, 11, 22, 13, 15, tzinfo=ZoneInfo("Europe/Berlin"))


async def logged(text: str) -> list[NutritionAddEntry]:
    plan = await OfflinePlanner().plan(text, PlanContext(now=NOW, timezone="Europe/Berlin"))
    return [a for a in plan.actions if isinstance(a, NutritionAddEntry)]


@pytest.mark.parametrize(
    ("text", "kcal"),
    [
        ("poke bowl with salmon, the app says 610 kcal", 610),
        ("Nudelsalat, laut App 520 kcal", 520),
        ("salade niçoise 450 kcal d'après l'appli", 450),
        ("ensalada césar 480 kcal según la app", 480),
        ("insalata caprese 390 kcal secondo l'app", 390),
    ],
)
async def test_the_source_leaves_one_food_with_its_figure(text: str, kcal: int) -> None:
    entries = await logged(text)
    assert len(entries) == 1, entries
    assert entries[0].entry.calories == kcal
