"""What the offline planner logs for a message, asked the one way the planner's tests share:
the food entries, or each entry's name and calories, at a given local time and zone."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

from bot.agent_api.actions import NutritionAddEntry
from bot.planner.base import Plan, PlanContext
from bot.planner.offline.planner import plan_text


def context_at(zone: str, hour: int, minute: int = 0) -> PlanContext:
    """A person in `zone` at `hour`:`minute` on Sunday 22 November 2026."""
    now = dt.datetime(2026, 11, 22, hour, minute, tzinfo=ZoneInfo(zone))
    return PlanContext(now=now, timezone=zone)


def food_entries(text: str, context: PlanContext) -> list[NutritionAddEntry]:
    """The food entries the offline planner writes for `text`."""
    return food_entries_of(plan_text(text, context))


def understood_kcal(text: str, context: PlanContext) -> list[tuple[str, float]]:
    """Each food entry's name and calories, the planner having understood the whole message."""
    plan = plan_text(text, context)
    assert plan.understood, plan.said
    return [(e.entry.food, e.entry.calories or 0.0) for e in food_entries_of(plan)]


def food_entries_of(plan: Plan) -> list[NutritionAddEntry]:
    """The food entries `plan` writes."""
    return [a for a in plan.actions if isinstance(a, NutritionAddEntry)]


def named_kcal(text: str, context: PlanContext, *, lower: bool = False) -> list[tuple[str, float]]:
    """Each food entry's name (folded to lower case with `lower`) and calories."""
    return [
        (e.entry.food.lower() if lower else e.entry.food, e.entry.calories or 0.0)
        for e in food_entries(text, context)
    ]
