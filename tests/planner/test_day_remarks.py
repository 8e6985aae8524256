"""A remark about the day said beside a rating ("mood 3, busy week at work") is the check-in's
note, as said, in the five languages; never a word to "place", and never taken from a food."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from bot.agent_api.actions import CheckinUpsert, NutritionAddEntry
from bot.kernel.said import Unplaced
from bot.planner.base import Plan, PlanContext
from bot.planner.offline.planner import OfflinePlanner

NOW = dt.datetime(2026, 11, 23, 7, 30, tzinfo=ZoneInfo("Europe/Rome"))


async def _plan(text: str) -> Plan:
    return await OfflinePlanner().plan(text, PlanContext(now=NOW, timezone="Europe/Rome"))


def _checkin(plan: Plan) -> CheckinUpsert:
    (checkin,) = [a for a in plan.actions if isinstance(a, CheckinUpsert)]
    return checkin


@pytest.mark.parametrize(
    ("text", "note"),
    [
        ("mood 3, busy week at work", "busy week at work"),
        ("energy 2 - night shift tonight", "night shift tonight"),
        ("Stimmung 4, heute lange Besprechung", "heute lange Besprechung"),
        ("Energie 2, Klausur morgen früh", "Klausur morgen früh"),
        ("ánimo 3, reunión larga hoy", "reunión larga hoy"),
        ("humeur 2, partiel demain", "partiel demain"),
        ("energia 4, settimana pesante al lavoro", "settimana pesante al lavoro"),
    ],
)
async def test_a_remark_beside_a_rating_is_its_note(text: str, note: str) -> None:
    plan = await _plan(text)
    assert _checkin(plan).notes == note, plan.actions
    assert not any(isinstance(s, Unplaced) for s in plan.said), plan.said


async def test_the_words_joining_it_to_a_food_are_not_kept() -> None:
    plan = await _plan("mood 2, had a rough day and a burger")
    assert _checkin(plan).notes == "a rough day"
    (burger,) = [a for a in plan.actions if isinstance(a, NutritionAddEntry)]
    assert "burger" in burger.entry.food.lower()


@pytest.mark.parametrize("text", ["mood 4, pizza and a beer", "energia 3, un caffè lungo"])
async def test_food_beside_a_rating_is_never_a_note(text: str) -> None:
    plan = await _plan(text)
    assert _checkin(plan).notes is None
    assert any(isinstance(a, NutritionAddEntry) for a in plan.actions)
