"""A food named twice, side by side or in brackets, is logged once."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from bot.agent_api.actions import NutritionAddEntry
from bot.planner.base import PlanContext
from bot.planner.offline.planner import OfflinePlanner

NOW = dt.datetime(2026, 11, 22, 19, 15, tzinfo=ZoneInfo("Europe/Rome"))


async def logged(text: str) -> list[NutritionAddEntry]:
    plan = await OfflinePlanner().plan(text, PlanContext(now=NOW, timezone="Europe/Rome"))
    return [a for a in plan.actions if isinstance(a, NutritionAddEntry)]


@pytest.mark.parametrize(
    "text",
    [
        "uno spritz aperol",  # two names of one drink
        "a tea (earl grey)",  # the bracket says which
        "ate 4 cookies (oreos)",
        "ein Bier (Helles)",
    ],
)
async def test_one_thing_named_twice_is_one_entry(text: str) -> None:
    assert len(await logged(text)) == 1


@pytest.mark.parametrize("text", ["a tea and a coffee", "pasta (and a salad)"])
async def test_two_things_stay_two(text: str) -> None:
    assert len(await logged(text)) == 2
