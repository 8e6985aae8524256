"""One food named twice in a message is logged once: a food and what it was made into ("2
eggs as an omelette"), a general name and then the food in full ("kebab on the way home,
large doner with chilli sauce"), a count and what all of them were ("3 coffees, all
cappuccinos"). Two foods said as two stay two."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from bot.agent_api.actions import NutritionAddEntry
from bot.planner.base import Plan, PlanContext
from bot.planner.offline.planner import OfflinePlanner

NOW = dt.datetime(2026, 11, 19, 13, 0, tzinfo=ZoneInfo("Europe/Berlin"))


async def foods(text: str) -> list[NutritionAddEntry]:
    plan: Plan = await OfflinePlanner().plan(text, PlanContext(now=NOW, timezone="Europe/Berlin"))
    return [a for a in plan.actions if isinstance(a, NutritionAddEntry)]


@pytest.mark.parametrize(
    ("text", "dish", "low", "high"),
    [
        ("3 eggs as an omelette", "omelette", 220, 380),
        ("4 Eier als Rührei", "scrambled", 280, 450),
        ("1 egg as scrambled eggs", "scrambled", 70, 120),
        ("3 eier, nee doch nur 2, als rührei", "scrambled", 140, 260),
    ],
)
async def test_eggs_made_into_a_dish_are_the_dish_of_that_many_eggs(
    text: str, dish: str, low: float, high: float
) -> None:
    [entry] = await foods(text)
    assert dish in entry.entry.food.lower()
    assert low <= entry.entry.calories <= high


@pytest.mark.parametrize(
    "text",
    [
        "kebab after the pub - large doner w/ chilli sauce",
        "kebab on the way home large doner with chilli sauce",
    ],
)
async def test_a_general_name_then_the_food_in_full_is_one_food(text: str) -> None:
    entries = await foods(text)
    assert len(entries) == 1
    assert "kebab" in entries[0].entry.food.lower()


@pytest.mark.parametrize(
    "text",
    [
        "a coffee and then a large coffee with milk",
        "coffee at home, coffee with milk at work",
        "toast with butter and toast with jam",
    ],
)
async def test_the_same_food_said_twice_as_two_stays_two(text: str) -> None:
    assert len(await foods(text)) == 2


@pytest.mark.parametrize(
    ("text", "food", "low", "high"),
    [
        ("2 coffees this morning, both cappuccinos", "cappuccino", 160, 320),
        ("had 4 cookies, all oreos", "oreo", 170, 260),
    ],
)
async def test_a_count_then_what_all_of_them_were_is_that_many_of_it(
    text: str, food: str, low: float, high: float
) -> None:
    [entry] = await foods(text)
    assert food in entry.entry.food.lower()
    assert low <= entry.entry.calories <= high


async def test_what_is_in_all_of_them_is_not_what_they_were() -> None:
    entries = await foods("2 sandwiches, both ham")
    assert any("sandwich" in e.entry.food.lower() for e in entries)


@pytest.mark.parametrize(
    ("text", "food", "low", "high"),
    [
        ("4 biscuits (digestives)", "digestive", 240, 340),
        ("ate 4 biscuits 😬 (digestives)", "digestive", 240, 340),
        ("4 cookies... no 2 (oreos)", "oreo", 80, 130),
    ],
)
async def test_a_food_named_in_brackets_is_what_was_counted_before_it(
    text: str, food: str, low: float, high: float
) -> None:
    [entry] = await foods(text)
    assert food in entry.entry.food.lower()
    assert low <= entry.entry.calories <= high
