"""The amount a person says after naming a food, in a clause of its own ("risotto, 300 g",
"des crevettes, genre 10 pièces"), is how much was eaten: it wins over the table's portion."""

from __future__ import annotations

import functools

import pytest

from tests.planner.logged import context_at, food_entries

logged = functools.partial(food_entries, context=context_at("Europe/Berlin", 13, 10))


@pytest.mark.parametrize(
    ("text", "word", "amount", "low", "high"),
    [
        ("chicken breast, 200 g", "chicken", "200 g", 280, 380),
        ("Hähnchenbrust, 200 g", "chicken", "200 g", 280, 380),
        ("pechuga de pollo, unos 200 g", "chicken", "200 g", 280, 380),
        ("burrata intera, 200g", "burrata", "200 g", 400, 700),
        ("des crevettes, genre 10 pièces", "shrimp", "10", 40, 120),
        ("crisps from the shop, a bag of 40g", "chips", "40 g", 190, 240),
        ("patatine fritte, una porzione da 150 g", "fries", "150 g", 400, 540),
        ("a steak, 300 g", "steak", "300 g", 550, 750),
    ],
)
async def test_the_amount_said_after_the_food_is_eaten(
    text: str, word: str, amount: str, low: float, high: float
) -> None:
    entries = logged(text)
    assert len(entries) == 1, entries
    entry = entries[0].entry
    assert word in entry.food.lower(), entry
    assert amount in entry.food, entry
    assert low <= (entry.calories or 0) <= high, entry


@pytest.mark.parametrize(
    "text",
    [
        "leftover chili from yesterday, maybe a cup and a half",
        "chili con carne, una taza y media",
        "du chili con carne, une tasse et demie",
    ],
)
async def test_a_measure_and_a_half_is_one_and_a_half(text: str) -> None:
    entries = logged(text)
    assert len(entries) == 1, entries
    one = logged("a cup of chili con carne")[0].entry.calories or 0
    assert entries[0].entry.calories == pytest.approx(1.5 * one, rel=0.02), entries


@pytest.mark.parametrize(
    ("text", "alone"),
    [
        ("ein Steak zu zweit, 600 g", "600 g Steak"),
        ("un entrecôte à deux, 600 g", "600 g de steak"),
    ],
)
async def test_a_weight_shared_is_halved(text: str, alone: str) -> None:
    entries = logged(text)
    assert len(entries) == 1, entries
    whole = logged(alone)[0].entry.calories or 0
    assert entries[0].entry.calories == pytest.approx(whole / 2, rel=0.02), entries


@pytest.mark.parametrize(
    "text",
    [
        "2 eggs, toast",  # a second food, not an amount of the first
        "3 eggs, 200 g of bacon",
        "soup, then 2 apples",
    ],
)
async def test_a_clause_naming_another_food_is_its_own(text: str) -> None:
    entries = logged(text)
    assert len(entries) == 2, entries


@pytest.mark.parametrize(
    ("text", "word", "count"),
    [
        ("nutella by the spoonful, like 4", "nutella", "4 tbsps"),
        ("mantequilla de maní a cucharadas 🙈 unas 2", "peanut butter", "2 tbsps"),
    ],
)
async def test_a_measure_eaten_by_then_a_count(text: str, word: str, count: str) -> None:
    entries = logged(text)
    assert len(entries) == 1, entries
    assert word in entries[0].entry.food.lower(), entries
    assert count in entries[0].entry.food, entries


@pytest.mark.parametrize(
    ("text", "ml"),
    [("0,5 Weißbier", 500), ("eine 0,33 Cola", 330), ("una 0,2 cerveza", 200)],
)
async def test_a_fraction_before_a_drink_is_litres(text: str, ml: int) -> None:
    entries = logged(text)
    assert len(entries) == 1, entries
    assert f"{ml} ml" in entries[0].entry.food, entries
