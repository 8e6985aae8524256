"""A meal of the day said by its number as a heading ("meal 3:", "Mahlzeit 2:", "comida 2:")
is read as the heading; the amount glued to the food after it ("10oz", "8oz", "200g") is that
food's, never the minutes of a clock time "3:10" that leaves one ounce of the food."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, understood_kcal

CONTEXT = context_at("Europe/Berlin", 20, 0)


@pytest.mark.parametrize(
    ("text", "word", "least", "most"),
    [
        ("meal 2: 12oz sirloin steak", "steak", 500, 1100),
        ("meal 4: 10 oz salmon", "salmon", 350, 800),
        ("Mahlzeit 3: 10oz Hähnchenbrust", "chicken", 350, 600),
        ("comida 2: 12 oz de pollo", "chicken", 400, 700),
        ("repas 3 : 10 oz de saumon", "salmon", 350, 800),
        ("pasto 2: 10oz di pollo", "chicken", 350, 600),
    ],
)
def test_the_amount_after_a_numbered_meal_is_the_foods(
    text: str, word: str, least: float, most: float
) -> None:
    logged = understood_kcal(text, CONTEXT)
    assert len(logged) == 1, logged
    name, kcal = logged[0]
    assert word in name.lower()
    assert least <= kcal <= most, logged


def test_a_clock_time_with_a_colon_is_still_a_time() -> None:
    logged = understood_kcal("at 3:10 a banana", CONTEXT)
    assert len(logged) == 1 and logged[0][1] < 150, logged
