"""Greetings, thanks and goodbyes in the five languages are answered as small talk, never
logged and never named back as unplaced; a greeting before a meal leaves the meal logged."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from bot.agent_api.actions import NutritionAddEntry
from bot.kernel.said import Notice
from bot.planner.base import PlanContext
from bot.planner.offline.planner import OfflinePlanner

NOW = dt.datetime(2026, 11, 22, 8, 0, tzinfo=ZoneInfo("Europe/Berlin"))
CONTEXT = PlanContext(now=NOW, timezone="Europe/Berlin")


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("bonsoir", Notice.GREETING),
        ("buonasera!", Notice.GREETING),
        ("merci beaucoup !", Notice.THANKS),
        ("grazie tante", Notice.THANKS),
        ("bonne nuit", Notice.BYE),
        ("hasta luego", Notice.BYE),
        ("gute Nacht", Notice.BYE),
    ],
)
async def test_small_talk_is_answered_as_such(text: str, kind: Notice) -> None:
    plan = await OfflinePlanner().plan(text, CONTEXT)
    assert plan.actions == [] and plan.said == [kind]


@pytest.mark.parametrize("text", ["salut ! 2 croissants", "buongiorno, un cappuccino"])
async def test_a_greeting_before_a_meal_leaves_it_logged(text: str) -> None:
    plan = await OfflinePlanner().plan(text, CONTEXT)
    assert plan.understood, plan.said
    assert len([a for a in plan.actions if isinstance(a, NutritionAddEntry)]) == 1
