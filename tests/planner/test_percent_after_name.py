"""A fat percentage said after a food's name ("skyr 0%", "lait 1%", "Quark 40%") is part of
the name, as it is before it ("2% milk"): the food is found, and the amount said after the
percentage ("yogur griego 0% 125 g") is the food's."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, food_entries, understood_kcal

CONTEXT = context_at("Europe/Paris", 9, 0)


@pytest.mark.parametrize(
    ("text", "word", "low", "high"),
    [
        ("skyr 0% 150g", "skyr", 60, 120),
        ("griechischer joghurt 0% 150g", "yogurt", 60, 160),
        ("yogur griego 0% 125g", "yogurt", 50, 140),
        ("fromage blanc 0% 100g", "quark", 40, 120),
        ("lait 1% 250ml", "milk", 90, 170),
        ("latte 2% 200 ml", "latte", 60, 160),
        ("greek yogurt 0%", "yogurt", 60, 200),
    ],
)
def test_a_food_named_with_its_percentage_is_found(
    text: str, word: str, low: float, high: float
) -> None:
    logged = understood_kcal(text, CONTEXT)
    assert len(logged) == 1, logged
    name, kcal = logged[0]
    assert word in name.lower()
    assert low <= kcal <= high


def test_the_figures_said_after_the_percentage_are_the_foods() -> None:
    (entry,) = food_entries("skyr 0% 150g: 90 kcal, 16 g Eiweiß", CONTEXT)
    assert "skyr" in entry.entry.food.lower()
    assert entry.entry.calories == 90
    assert entry.entry.protein == 16


@pytest.mark.parametrize(
    "text",
    ["0% greek yogurt 200g", "griechischer Joghurt 0% 200 g", "yaourt grec 0% 200g"],
)
def test_nought_percent_is_the_fat_free_kind(text: str) -> None:
    plain = understood_kcal("greek yogurt 200g", CONTEXT)[0][1]
    (entry,) = food_entries(text, CONTEXT)
    assert entry.entry.fat == 0
    assert (entry.entry.calories or 0) < plain


def test_nought_percent_of_sugar_keeps_the_fat() -> None:
    (entry,) = food_entries("greek yogurt 0% sugar 200g", CONTEXT)
    assert (entry.entry.fat or 0) > 0
