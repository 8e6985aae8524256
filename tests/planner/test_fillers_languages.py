"""The small words people pad a message with in the five languages ("yaar", "allora", "boh",
"genre ... quoi", "naja, halt") carry nothing: the food beside them is logged and understood."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from bot.agent_api.actions import NutritionAddEntry
from bot.planner.base import PlanContext
from bot.planner.offline.planner import OfflinePlanner

NOW = dt.datetime(2026, 11, 22, 13, 0, tzinfo=ZoneInfo("Europe/Berlin"))


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("bhai 2 samosas yaar", 1),
        ("allora, insomma, una piadina e basta", 1),
        ("boh dai un cappuccino", 1),
        ("genre deux croissants quoi", 1),
        ("bref, du coup une banane", 1),
        ("naja, halt ne Brezel und ja, ein Kaffee", 2),
        ("güey, 3 tacos", 1),
    ],
)
async def test_padding_words_leave_the_food_logged(text: str, count: int) -> None:
    plan = await OfflinePlanner().plan(text, PlanContext(now=NOW, timezone="Europe/Berlin"))
    assert plan.understood, plan.said
    assert len([a for a in plan.actions if isinstance(a, NutritionAddEntry)]) == count
