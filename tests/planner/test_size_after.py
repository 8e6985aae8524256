"""A volume or weight said after a drink or food counted once is how much of it there was."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from bot.agent_api.actions import NutritionAddEntry
from bot.planner.base import PlanContext
from bot.planner.offline.planner import OfflinePlanner

NOW = dt.datetime(2026, 11, 22, 20, 15, tzinfo=ZoneInfo("Europe/London"))


async def logged(text: str) -> list[NutritionAddEntry]:
    plan = await OfflinePlanner().plan(text, PlanContext(now=NOW, timezone="Europe/London"))
    return [a for a in plan.actions if isinstance(a, NutritionAddEntry)]


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("a large glass of red wine 250ml", "250 ml"),
        ("ein Glas Orangensaft 300 ml", "300 ml"),
        ("una lata de cerveza 500 ml", "500 ml"),
        ("a steak 250 g", "250 g"),
    ],
)
async def test_the_amount_after_is_the_one_eaten(text: str, amount: str) -> None:
    entries = await logged(text)
    assert len(entries) == 1, entries
    assert entries[0].entry.food.endswith(amount)
