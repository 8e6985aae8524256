"""A meal not had, in the five languages, writes nothing and is understood; the words around
it that say why ("wasn't hungry", "proud of myself") are read, never a note, while a symptom
beside them still is."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from bot.agent_api.actions import CheckinUpsert, NutritionAddEntry
from bot.planner.base import Plan, PlanContext
from bot.planner.offline.planner import OfflinePlanner

NOW = dt.datetime(2026, 11, 22, 20, 0, tzinfo=ZoneInfo("Europe/Berlin"))


async def _plan(text: str) -> Plan:
    return await OfflinePlanner().plan(text, PlanContext(now=NOW, timezone="Europe/Berlin"))


@pytest.mark.parametrize(
    "text",
    [
        "didn't eat lunch today",
        "heute kein Abendessen",
        "Mittagessen ausgelassen",
        "sin cena hoy",
        "me salté el almuerzo",
        "pas de petit déj ce matin",
        "pas de dessert",
        "niente cena stasera",
        "ho saltato il pranzo",
    ],
)
async def test_a_meal_not_had_writes_nothing_and_is_understood(text: str) -> None:
    p = await _plan(text)
    assert p.actions == [] and p.understood, p.said


@pytest.mark.parametrize(
    ("text", "kcal_at_most"),
    [
        ("kein Mittagessen, nur ein Apfel", 130),
        ("pas de dîner, juste une banane", 140),
        ("niente colazione, solo un caffè", 20),
        ("no breakfast, just black coffee", 20),
    ],
)
async def test_beside_a_meal_not_had_what_was_had_is_logged(text: str, kcal_at_most: int) -> None:
    p = await _plan(text)
    assert p.understood, p.said
    [entry] = [a for a in p.actions if isinstance(a, NutritionAddEntry)]
    assert 0 < entry.entry.calories <= kcal_at_most


@pytest.mark.parametrize(
    "text",
    [
        "skipped dinner, just wasn't hungry",
        "no lunch today. so proud of myself",
        "starving! 2 slices of toast",
        "had a salad, not really hungry tonight",
    ],
)
async def test_hunger_and_pride_are_no_note(text: str) -> None:
    p = await _plan(text)
    assert p.understood, p.said
    assert not any(isinstance(a, CheckinUpsert) for a in p.actions)


async def test_a_symptom_beside_hunger_is_still_noted() -> None:
    p = await _plan("not hungry and a bad headache")
    [checkin] = [a for a in p.actions if isinstance(a, CheckinUpsert)]
    assert checkin.notes is not None and "headache" in checkin.notes


@pytest.mark.parametrize(
    ("text", "logged"),
    [
        ("so sick of oatmeal", 0),
        ("tired of chicken every day, had a burrito", 1),
        ("fed up with salads, ordered a pizza", 1),
    ],
)
async def test_weary_of_a_food_is_no_meal_and_no_symptom(text: str, logged: int) -> None:
    p = await _plan(text)
    assert not any(isinstance(a, CheckinUpsert) for a in p.actions)
    assert len([a for a in p.actions if isinstance(a, NutritionAddEntry)]) == logged
