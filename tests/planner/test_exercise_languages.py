"""Exercise said in the other languages is answered as exercise (the service keeps none), never
a food or words named back as unplaced; a food beside it is still logged."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from bot.agent_api.actions import NutritionAddEntry
from bot.kernel.said import ExerciseNotTracked
from bot.planner.base import PlanContext
from bot.planner.offline.planner import OfflinePlanner

NOW = dt.datetime(2026, 11, 22, 13, 0, tzinfo=ZoneInfo("Europe/Berlin"))
CONTEXT = PlanContext(now=NOW, timezone="Europe/Berlin")


@pytest.mark.parametrize(
    "text",
    ["5 km gejoggt", "eine Stunde schwimmen", "nadé 40 minutos", "20 km de vélo", "nuoto 1 ora"],
)
async def test_exercise_in_other_languages_is_exercise(text: str) -> None:
    plan = await OfflinePlanner().plan(text, CONTEXT)
    assert plan.actions == []
    assert any(isinstance(s, ExerciseNotTracked) for s in plan.said), plan.said


async def test_a_food_after_exercise_is_logged() -> None:
    plan = await OfflinePlanner().plan("allenamento in palestra, poi una banana", CONTEXT)
    [entry] = [a for a in plan.actions if isinstance(a, NutritionAddEntry)]
    assert 80 <= entry.entry.calories <= 135


async def test_a_parkrun_is_exercise() -> None:
    plan = await OfflinePlanner().plan("did parkrun this morning", CONTEXT)
    assert plan.actions == []
    assert any(isinstance(s, ExerciseNotTracked) for s in plan.said), plan.said
