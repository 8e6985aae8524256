"""An "&" between words reads as "and": a dish named with it is the dish ("mac & cheese"), and
two foods joined by it are two foods, in any language."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, understood_kcal


@pytest.mark.parametrize(
    ("text", "dish", "low", "high"),
    [
        ("mac & cheese for lunch", "mac and cheese", 300, 700),
        ("fish & chips tonight", "fish and chips", 600, 1200),
        ("a bag of salt & vinegar crisps", "salt and vinegar", 120, 200),
    ],
)
def test_a_dish_named_with_an_ampersand_is_the_dish(
    text: str, dish: str, low: float, high: float
) -> None:
    entries = understood_kcal(text, context_at("Europe/London", 13))
    assert len(entries) == 1, entries
    name, kcal = entries[0]
    assert dish in name.lower() and low <= kcal <= high, entries


@pytest.mark.parametrize(
    "text", ["eggs & toast", "Brezel & Kaffee", "café & croissant", "pan & queso", "pane & nutella"]
)
def test_two_foods_joined_by_an_ampersand_are_two(text: str) -> None:
    assert len(understood_kcal(text, context_at("Europe/Berlin", 9))) == 2
