"""A drink had "with" a food of a snack's energy or more is two items, in every language
("tea with 2 scones", "un chocolat chaud avec une crêpe", "ein Kakao mit einem
Croissant"); what is stirred or blended into a drink stays part of it ("a smoothie with
banana", "tea with honey", "coffee with cream")."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, understood_kcal

CTX = context_at("Europe/Paris", 16)


@pytest.mark.parametrize(
    ("text", "drink", "food"),
    [
        ("a flat white with a blueberry muffin", "flat white", "muffin"),
        ("un chocolat chaud avec une crêpe", "chocolate", "crêpe"),
        ("ein Kakao mit einem Croissant", "chocolate", "croissant"),
        ("un café con leche con una medialuna", "coffee", "medialuna"),
        ("un cappuccino con un cornetto", "cappuccino", "cornetto"),
        ("a pint of lager with a pork pie", "beer", "pork pie"),
    ],
)
def test_a_drink_and_a_snack_had_with_it_are_two_items(text: str, drink: str, food: str) -> None:
    entries = understood_kcal(text, CTX)
    assert len(entries) == 2, entries
    names = [name.lower() for name, _ in entries]
    assert drink in names[0] and food in names[1]


@pytest.mark.parametrize(
    ("text", "drink", "food"),
    [
        ("café con leche y pan dulce", "coffee", "pan dulce"),
        ("coffee with milk and a bagel", "coffee", "bagel"),
    ],
)
def test_a_snack_said_after_a_drink_with_milk_is_no_part_of_it(
    text: str, drink: str, food: str
) -> None:
    entries = understood_kcal(text, CTX)
    assert len(entries) == 2, entries
    names = [name.lower() for name, _ in entries]
    assert drink in names[0] and food in names[1]


@pytest.mark.parametrize(
    "text", ["a smoothie with banana", "tea with honey", "coffee with cream", "ein Tee mit Zucker"]
)
def test_what_goes_into_a_drink_stays_part_of_it(text: str) -> None:
    assert len(understood_kcal(text, CTX)) == 1
