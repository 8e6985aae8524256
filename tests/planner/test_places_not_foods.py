"""A café or a shop named as where something was had is no food eaten."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from bot.agent_api.actions import NutritionAddEntry
from bot.planner.base import PlanContext
from bot.planner.offline.planner import OfflinePlanner

NOW = dt.datetime(2026, 11, 22, 20, 15, tzinfo=ZoneInfo("Europe/London"))


async def foods(text: str) -> list[str]:
    plan = await OfflinePlanner().plan(text, PlanContext(now=NOW, timezone="Europe/London"))
    return [a.entry.food.lower() for a in plan.actions if isinstance(a, NutritionAddEntry)]


@pytest.mark.parametrize(
    ("text", "food"),
    [
        ("deux bières au café", "beer"),
        ("ein Stück Kuchen im Café", "cake"),
        ("una cerveza al café", "beer"),
        ("a muffin at the cafe", "muffin"),
        ("une poutine chez la banquise", "poutine"),
    ],
)
async def test_the_place_is_no_coffee(text: str, food: str) -> None:
    got = await foods(text)
    assert len(got) == 1, got
    assert food in got[0]


@pytest.mark.parametrize("text", ["un café au lait", "un café al bar", "ein Kaffee im Büro"])
async def test_a_coffee_before_the_place_is_still_had(text: str) -> None:
    got = await foods(text)
    assert len(got) == 1, got
    assert "coffee" in got[0]


@pytest.mark.parametrize(
    "text", ["deux bières (jupiler) au café", "une jupiler", "2 stella artois"]
)
async def test_a_belgian_lager_by_its_brand_is_a_beer(text: str) -> None:
    got = await foods(text)
    assert len(got) == 1, got
    assert "beer" in got[0]


@pytest.mark.parametrize(
    ("text", "food"),
    [
        ("a quesadilla from the taco truck", "quesadilla"),
        ("a crepe from the crepe stand", "crepe"),
        ("un cornetto dal bar sotto casa", "croissant"),
        ("una brioche dalla pasticceria", "brioche"),
        ("eine Currywurst vom Imbiss", "currywurst"),
    ],
)
async def test_where_it_came_from_is_no_second_food(text: str, food: str) -> None:
    got = await foods(text)
    assert len(got) == 1, got
    assert food in got[0]


@pytest.mark.parametrize(
    ("text", "food"),
    [
        ("a burrito from chuys", "burrito"),
        ("a coffee from bagelz", "coffee"),
        ("a beer at saint mars", "beer"),
        ("un cortado en san ginés", "cortado"),
        ("a sausage roll fae the van", "sausage roll"),
        ("2 donuts at krispys", "donut"),
        ("una ración de croquetas en san sebastián", "croquet"),
        ("une crêpe du camion", "crêpe"),
        ("un sandwich de la friterie", "sandwich"),
        ("un cornetto del bar", "croissant"),
        ("ein Brötchen vom Bäcker", "roll"),
        ("eine Bratwurst vom Kiosk", "bratwurst"),
    ],
)
async def test_a_place_named_after_the_food_is_no_food(text: str, food: str) -> None:
    got = await foods(text)
    assert len(got) == 1, got
    assert food in got[0]


@pytest.mark.parametrize(
    ("text", "food"), [("a bottle of san pellegrino", "san pellegrino"), ("at least 2 eggs", "2")]
)
async def test_a_food_after_the_place_words_stays(text: str, food: str) -> None:
    got = await foods(text)
    assert len(got) == 1, got
    assert food in got[0]
