"""Pasta, rice, couscous and oats weighed dry (reader/dry.py): a light weight of them is
that much uncooked, a heavy one or one said cooked is the cooked food, and a dish named by
its base and weighed so is that much base with the dish's sauce."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, understood_kcal

CONTEXT = context_at("Europe/Rome", 13)


def _entries(text: str) -> list[tuple[str, float]]:
    return understood_kcal(text, CONTEXT)


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("90 g spaghetti", 300, 340),  # ~355 kcal per 100 g dry
        ("per pranzo 110 g di penne", 370, 410),
        ("120g Nudeln", 410, 450),
        ("75 g de arroz", 255, 285),  # ~360 per 100 g dry
        ("riso, 70 g", 240, 265),
        ("65g de riz basmati", 225, 250),
        ("60 g couscous", 215, 240),  # ~376 per 100 g dry
        ("45 g de avena", 160, 180),  # oats, not cooked oatmeal
        ("porridge, 50 g", 180, 200),
        ("3 oz of pasta", 290, 320),
    ],
)
def test_a_light_weight_of_a_food_weighed_dry_is_that_much_uncooked(
    text: str, low: float, high: float
) -> None:
    ((_name, kcal),) = _entries(text)
    assert low <= kcal <= high


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("250 g spaghetti", 370, 420),  # too much to be dry: cooked, ~158 per 100 g
        ("220g Reis", 270, 300),  # cooked rice ~130 per 100 g
        ("120 g cooked rice", 145, 170),
        ("100 g de arroz cocido", 120, 140),
        ("80g Nudeln gekocht", 115, 135),
        ("100 g di riso bollito", 120, 140),
    ],
)
def test_a_heavy_weight_or_one_said_cooked_is_the_cooked_food(
    text: str, low: float, high: float
) -> None:
    ((_name, kcal),) = _entries(text)
    assert low <= kcal <= high


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("250 g riz cru", 880, 920),  # said dry: dry whatever it weighs
        ("200g Reis roh", 700, 740),
        ("190 g pasta secca", 660, 700),
    ],
)
def test_a_weight_said_dry_is_dry_however_heavy(text: str, low: float, high: float) -> None:
    ((_name, kcal),) = _entries(text)
    assert low <= kcal <= high


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        # dry pasta (~355 per 100 g) and the plate's sauce, never 90 g of the whole dish
        ("spaghetti al pomodoro, 90 g", 370, 410),
        ("penne all'arrabbiata, 100 g", 380, 520),
        ("spaghetti carbonara 80 g", 560, 680),
        ("Nudeln mit Tomatensoße, 70 g Nudeln", 300, 360),
    ],
)
def test_a_dish_named_by_its_base_and_weighed_is_that_base_dry_with_its_sauce(
    text: str, low: float, high: float
) -> None:
    ((name, kcal),) = _entries(text)
    assert "g" in name
    assert low <= kcal <= high


def test_a_dish_not_named_by_its_base_is_weighed_as_served() -> None:
    ((_name, kcal),) = _entries("150 g pasta salad")
    assert kcal < 300  # the salad as weighed (~160 per 100 g), not 150 g of dry pasta
