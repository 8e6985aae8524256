"""A food described by an adjective said after it, as Spanish, French and Italian say one
("2 cornetti integrali", "tamales colorados", "entrecôte bordelaise"), is that food, never a
message left unread; a dish's own name after a food is still not logged as the food alone; a
size after a food that opens the message is no average asked for ("poutine moyenne"); bites of
a food are a bite's weight each, never whole portions."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, food_entries, understood_kcal


@pytest.mark.parametrize(
    ("zone", "said", "name", "low", "high"),
    [
        ("Europe/Rome", "3 cornetti integrali", "croissant", 450, 1000),
        ("America/Mexico_City", "cené 3 tamales rojos", "tamal", 500, 1100),
        ("Europe/Paris", "une saucisse lyonnaise et une bière", "sausage", 60, 500),
        ("Europe/Madrid", "un bocadillo vegetal y un café", "sandwich", 250, 700),
        ("Europe/Rome", "una pizza capricciosa e una birra", "pizza", 600, 1400),
    ],
)
def test_a_food_with_an_adjective_after_it_is_that_food(
    zone: str, said: str, name: str, low: float, high: float
) -> None:
    logged = understood_kcal(said, context_at(zone, 13))
    foods = [(food, kcal) for food, kcal in logged if name in food.lower()]
    assert len(foods) == 1, logged
    assert low <= foods[0][1] <= high, logged


@pytest.mark.parametrize(
    ("zone", "said"),
    [
        ("America/New_York", "core power elite 42g protein shake - 230 cal"),
        ("Asia/Kolkata", "dal chawal for lunch"),
    ],
)
def test_a_word_that_only_ends_like_an_adjective_adds_no_food(zone: str, said: str) -> None:
    logged = food_entries(said, context_at(zone, 13))
    assert len(logged) <= 1, logged


def test_a_size_after_the_first_food_is_no_average() -> None:
    logged = understood_kcal("frites moyenne et un coca", context_at("Europe/Brussels", 19))
    assert len(logged) == 2 and "fries" in logged[0][0].lower(), logged


@pytest.mark.parametrize(
    ("zone", "said", "name", "low", "high"),
    [
        ("America/Chicago", "4 bites of the grilled salmon", "salmon", 60, 160),
        ("Europe/Berlin", "drei Bissen Käsekuchen", "cheesecake", 80, 220),
        ("Europe/Madrid", "un par de bocados de tortilla de patatas", "tortilla", 30, 120),
        ("Europe/Paris", "trois bouchées de quiche", "quiche", 60, 220),
        ("Europe/Rome", "due bocconi di lasagna", "lasagna", 30, 120),
    ],
)
def test_bites_are_a_bite_each(zone: str, said: str, name: str, low: float, high: float) -> None:
    logged = understood_kcal(said, context_at(zone, 13))
    assert len(logged) == 1 and name in logged[0][0].lower(), logged
    assert low <= logged[0][1] <= high, logged
