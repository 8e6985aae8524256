"""What a person says they did not eat or drink, in the five languages ("skipped the wine,
had a tea instead", "no comí pan", "non ho bevuto la birra", "Bier weggelassen"), is never
logged; what they had instead is, and "instead" there corrects nothing logged before."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from bot.agent_api.actions import NutritionAddEntry
from bot.planner.base import PlanContext
from bot.planner.offline.planner import OfflinePlanner

NOW = dt.datetime(2026, 11, 24, 20, 0, tzinfo=ZoneInfo("Europe/Madrid"))


async def foods(text: str) -> list[str]:
    plan = await OfflinePlanner().plan(text, PlanContext(now=NOW, timezone="Europe/Madrid"))
    return [a.entry.food.lower() for a in plan.actions if isinstance(a, NutritionAddEntry)]


@pytest.mark.parametrize(
    ("text", "had"),
    [
        ("skipped the wine tonight, had a tea instead", "tea"),
        ("didn't have the cake, had an apple instead", "apple"),
        ("Wein weggelassen, stattdessen ein Tee", "tea"),
        ("no comí pan hoy, solo una manzana", "apple"),
        ("je n'ai pas mangé de gâteau, juste une pomme", "apple"),
        ("non ho bevuto la birra, solo un tè", "tea"),
    ],
)
async def test_what_was_skipped_is_not_logged_what_replaced_it_is(text: str, had: str) -> None:
    (food,) = await foods(text)
    assert had in food


async def test_instead_alone_still_corrects_an_earlier_message() -> None:
    assert await foods("had a tea instead") == []


@pytest.mark.parametrize(
    "text",
    ["ate 6 wings at like 1am don't judge", "3 donuts, don't ask", "2 slices of pizza, dont tell"],
)
async def test_a_dont_about_the_telling_leaves_the_food_logged(text: str) -> None:
    assert len(await foods(text)) == 1


async def test_a_dont_about_the_eating_still_logs_nothing() -> None:
    assert await foods("don't eat bread anymore") == []
