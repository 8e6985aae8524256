"""Sizes, packs and cooked measures said the short way, and dishes and drinks of many
regions: what gets logged is the food said, at about what that food has."""

from __future__ import annotations

import datetime as dt

import pytest

from bot.agent_api.actions import NutritionAddEntry
from bot.planner.base import PlanContext
from bot.planner.offline.planner import plan_text


def logged(text: str) -> list[tuple[str, float]]:
    """(food, kcal) of each entry the offline planner would log for a message."""
    plan = plan_text(text, PlanContext(now=dt.datetime(2026, 11, 22, 12, 0), timezone="UTC"))
    return [
        (a.entry.food.lower(), a.entry.calories or 0.0)
        for a in plan.actions
        if isinstance(a, NutritionAddEntry)
    ]


@pytest.mark.parametrize(
    ("said", "word", "low", "high"),
    [
        # sizes written short, and sodas ordered by size: a fountain cup
        ("sm sprite with my lunch", "soft drink", 120, 170),
        ("a med pepsi", "cola", 170, 230),
        ("lg fries", "fries", 450, 560),
        ("wee bowl of porridge", "oatmeal", 80, 150),
        # a pack said by its count: that many of the food
        ("a 20 pack of chicken nuggets", "nuggets", 700, 1100),
        # measures of cooked food said before "cooked"
        ("2 cups cooked quinoa", "quinoa", 400, 480),
        ("ho mangiato 2 tazze di riso", "rice", 350, 450),
    ],
)
def test_sizes_packs_and_measures(said: str, word: str, low: float, high: float) -> None:
    entries = logged(said)
    assert len(entries) == 1, entries
    food, kcal = entries[0]
    assert word in food and low <= kcal <= high, entries


@pytest.mark.parametrize(
    ("said", "words"),
    [
        ("3 bacon egg and cheese breakfast tacos", ["taco"]),
        ("a salmon poke for dinner", ["poke"]),
        ("lamb balti and pilau rice", ["balti", "rice"]),
        ("3 egg hoppers and some pol sambol", ["egg hopper", "sambol"]),
        ("chicken kottu", ["kottu"]),
        ("comí tajadas con arroz", ["plantain", "rice"]),
        ("j'ai bu un bissap", ["bissap"]),
        ("a turon and a hk milk tea", ["turon", "milk tea"]),
        ("2 tattie scones", ["potato scone"]),
        ("1/2 cup marinara on 2 oz dry penne", ["marinara", "pasta"]),
    ],
)
def test_local_dishes_and_drinks_are_found(said: str, words: list[str]) -> None:
    foods = [food for food, _ in logged(said)]
    assert len(foods) == len(words), foods
    for food, word in zip(foods, words, strict=True):
        assert word in food, foods


def test_a_local_dish_is_its_usual_portion() -> None:
    (balti,) = logged("a chicken balti from the takeaway")
    assert 450 <= balti[1] <= 750
    (tacos,) = logged("2 breakfast tacos")
    assert 450 <= tacos[1] <= 750
    (tea,) = logged("a milk tea")
    assert 90 <= tea[1] <= 170


@pytest.mark.parametrize(
    ("said", "words"),
    [
        ("flat white @ the station", ["flat white"]),
        ("un cappuccino @ la gare", ["cappuccino"]),
        ("country fried steak with country gravy", ["steak"]),
    ],
)
def test_a_place_after_at_sign_or_a_dish_with_its_gravy_is_one_entry(
    said: str, words: list[str]
) -> None:
    foods = [food for food, _ in logged(said)]
    assert len(foods) == len(words), foods
    for food, word in zip(foods, words, strict=True):
        assert word in food, foods


def test_dumplings_counted_and_a_pint_of_mild() -> None:
    (pierogi,) = logged("8 perogies for dinner")
    assert "pierogi" in pierogi[0] and 450 <= pierogi[1] <= 700
    (ale,) = logged("just the one pint of mild at the club")
    assert "mild" in ale[0] and 130 <= ale[1] <= 230
