"""Step 5: "X with Y" is the table's dish when it names one; an ingredient is never doubled."""

from __future__ import annotations

import datetime as dt
import zoneinfo

import pytest

from bot.planner.base import PlanContext
from bot.planner.offline.planner import plan_text
from bot.planner.reader.composition import dish_of

CONTEXT = PlanContext(
    now=dt.datetime(2026, 11, 22, 12, 0, tzinfo=zoneinfo.ZoneInfo("America/Denver")),
    timezone="America/Denver",
)
TABLE = {"chicken burrito bowl": "bowl", "chicken salad": "salad+", "oat milk latte": "oat"}


def test_the_dish_the_table_names() -> None:
    assert dish_of(TABLE, ["burrito", "bowl"], ["chicken"], generic=False) == "bowl"
    assert dish_of(TABLE, ["latte"], ["oat", "milk"], generic=True) == "oat"
    assert dish_of(TABLE, ["green", "salad"], ["chicken"], generic=True) == "salad+"
    assert dish_of(TABLE, ["caesar", "salad"], ["chicken"], generic=False) is None


def _entries(text: str) -> list[tuple[str, float, float]]:
    plan = plan_text(text, CONTEXT)
    assert plan.understood, plan.reply
    return [
        (a.entry.food, a.entry.calories, a.entry.protein)
        for a in plan.actions
        if a.type == "nutrition.add_entry"
    ]


@pytest.mark.parametrize(
    ("text", "low", "high", "max_protein"),
    [
        ("burrito bowl w/ chicken", 500, 800, 50),
        ("had a burrito bowl with chicken for lunch", 500, 800, 50),
        ("chicken burrito bowl", 500, 800, 50),
        ("16oz latte w/ oat milk", 180, 230, 10),
        ("a 12 oz latte with oat milk", 130, 180, 10),
    ],
)
def test_an_ingredient_of_the_dish_is_never_counted_twice(
    text: str, low: float, high: float, max_protein: float
) -> None:
    ((_food, kcal, protein),) = _entries(text)
    assert low <= kcal <= high
    assert protein <= max_protein


def test_an_addition_the_dish_lacks_is_added_with_an_additions_portion() -> None:
    ((food, kcal, _protein),) = _entries("toast with butter")
    assert "butter" in food.lower()
    assert kcal < 200
