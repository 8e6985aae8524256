"""A count said after a food as what one grew to ("one cookie turned into 5", "ein Keks, es
wurden 4", "una galleta, al final fueron 3", "un biscotto, ne sono diventati 4", "un carré,
c'est devenu 6") is how many were eaten, a word describing them after it ("4 glazed")
included; "became an omelette" is no count."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, food_entries, named_kcal

CONTEXT = context_at("Europe/Vienna", 21, 0)


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("one macaron after lunch turned into 5 tiny ones", 5),
        ("one cookie became 3 chocolate chip", 3),
        ("wollte nur einen Keks, es wurden 4", 4),
        ("una galleta, al final fueron 3", 3),
        ("solo un biscotto, ne sono diventati 4", 4),
        ("a cookie turned into three", 3),
    ],
)
def test_the_count_grown_to_is_logged(text: str, count: int) -> None:
    (entry,) = food_entries(text, CONTEXT)
    assert entry.entry.food.split(", ")[1].startswith(f"{count} ")


def test_a_dish_it_became_is_no_count() -> None:
    logged = named_kcal("2 eggs, became an omelette", CONTEXT, lower=True)
    assert logged[0][0].startswith("eggs, 2 ")
