"""Figures a person states: macros named in German, Italian, Spanish and French ("10g
proteine", "20 g Eiweiß", "12g proteínas") go to the item; energy burned ("420 cal burned",
"300 kcal verbrannt") is exercise and never becomes a food."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from bot.agent_api.actions import NutritionAddEntry
from bot.planner.base import PlanContext
from bot.planner.offline.planner import OfflinePlanner

NOW = dt.datetime(2026, 11, 24, 16, 0, tzinfo=ZoneInfo("Europe/Rome"))


async def foods(text: str) -> list[NutritionAddEntry]:
    plan = await OfflinePlanner().plan(text, PlanContext(now=NOW, timezone="Europe/Rome"))
    return [a for a in plan.actions if isinstance(a, NutritionAddEntry)]


@pytest.mark.parametrize(
    "text",
    [
        "yogurt 150 kcal 12g proteine",
        "Joghurt 150 kcal, 12 g Eiweiß",
        "yogur 150 kcal, 12g proteínas",
        "yaourt 150 kcal 12 g protéines",
    ],
)
async def test_protein_named_in_other_languages_is_the_items(text: str) -> None:
    (entry,) = await foods(text)
    assert entry.entry.calories == 150 and entry.entry.protein == 12


@pytest.mark.parametrize(
    "text",
    [
        "45 min spin class, 420 cal burned",
        "Radtour, 300 kcal verbrannt",
        "una hora de bici, 350 calorías quemadas",
        "corsa 5 km, 300 kcal bruciate",
    ],
)
async def test_energy_burned_is_never_a_food(text: str) -> None:
    assert await foods(text) == []


async def test_a_foreign_macro_word_before_grams_names_the_food() -> None:
    (entry,) = await foods("batido de proteínas 25g prot 140kcal")
    assert entry.entry.calories == 140 and entry.entry.protein == 25
