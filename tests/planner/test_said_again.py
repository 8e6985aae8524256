"""One food said twice is logged once: named again in brackets with its amount, or named
by "all" after it was counted."""

from __future__ import annotations

import functools

import pytest

from tests.planner.logged import context_at, named_kcal

BERLIN_LUNCH = context_at("Europe/Berlin", 13, 15)
# Each entry's name, in lower case, and its calories.
entries = functools.partial(named_kcal, context=BERLIN_LUNCH, lower=True)


@pytest.mark.parametrize(
    ("text", "food", "low", "high"),
    [
        ("almond butter with banana slices (1 large banana)", "banana", 110, 160),
        ("Joghurt mit Apfelstücken (ein halber Apfel)", "apple", 40, 55),
        ("2 eggs and toast (2 slices of toast)", "toast", 140, 180),
    ],
)
async def test_a_food_named_again_with_its_amount_is_counted_once(
    text: str, food: str, low: float, high: float
) -> None:
    got = entries(text)
    named = [(name, kcal) for name, kcal in got if food in name]
    assert len(named) == 1, got
    assert low <= named[0][1] <= high, got


async def test_a_topping_named_again_with_its_amount_is_counted_once() -> None:
    got = entries("oatmeal w/ strawberries (a cup of strawberries)")
    alone = entries("oatmeal")
    assert len(got) == 1, got
    assert 40 <= got[0][1] - alone[0][1] <= 60, (got, alone)


@pytest.mark.parametrize(
    ("text", "name", "count"),
    [
        ("4 beers last night, all lagers", "lagers", "4"),
        ("drei Bier, alle Pils", "pils", "3"),
    ],
)
async def test_all_names_the_food_counted_before(text: str, name: str, count: str) -> None:
    got = entries(text)
    assert len(got) == 1, got
    assert name in got[0][0] and f", {count} " in got[0][0], got
