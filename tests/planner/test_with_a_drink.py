"""A drink had beside a food stays an entry of its own; a flavour named after a smoothie,
shake, yogurt or ice cream is part of it; what goes into a food stays joined to it."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from bot.agent_api.actions import NutritionAddEntry
from bot.planner.base import PlanContext
from bot.planner.offline.planner import OfflinePlanner

NOW = dt.datetime(2026, 11, 22, 8, 15, tzinfo=ZoneInfo("Europe/Madrid"))


async def foods(text: str) -> list[str]:
    plan = await OfflinePlanner().plan(text, PlanContext(now=NOW, timezone="Europe/Madrid"))
    return [a.entry.food.lower() for a in plan.actions if isinstance(a, NutritionAddEntry)]


@pytest.mark.parametrize(
    ("text", "first", "second"),
    [
        ("2 medialunas con un cortado", "medialuna", "cortado"),
        ("un croissant avec un café", "croissant", "coffee"),
        ("ein Stück Kuchen mit einem Kaffee", "cake", "coffee"),
        ("pancakes with a coffee", "pancake", "coffee"),
        ("un cornetto con cappuccino", "croissant", "cappuccino"),
        ("toast with orange juice", "toast", "orange juice"),
        ("Zwieback mit einem Rooibos", "rusk", "rooibos"),
        ("medialunas con yerba mate", "medialuna", "mate"),
        ("a muffin with a kombucha", "muffin", "kombucha"),
    ],
)
async def test_a_drink_beside_a_food_is_its_own_entry(text: str, first: str, second: str) -> None:
    got = await foods(text)
    assert len(got) == 2, got
    assert first in got[0] and second in got[1], got


@pytest.mark.parametrize(
    "text",
    ["cereal with milk", "porridge with milk", "salmon with lemon juice", "coffee with milk"],
)
async def test_what_goes_into_a_food_stays_joined(text: str) -> None:
    got = await foods(text)
    assert len(got) == 1, got


@pytest.mark.parametrize(
    ("text", "food"),
    [
        ("un smoothie aux fraises", "smoothie"),
        ("un milkshake à la banane", "milkshake"),
        ("un frullato alla fragola", "smoothie"),
        ("yogurt alla fragola", "yogurt"),
        ("strawberry smoothie", "smoothie"),
    ],
)
async def test_a_flavour_is_part_of_the_drink(text: str, food: str) -> None:
    got = await foods(text)
    assert len(got) == 1, got
    assert food in got[0]


async def test_a_fruit_said_as_more_food_is_its_own_entry() -> None:
    assert len(await foods("un smoothie et des fraises")) == 2
