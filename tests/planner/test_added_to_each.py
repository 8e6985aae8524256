"""An addition said to go in each of several ("3 teas with a sugar each", "mit jeweils
einem Zucker", "cada uno", "chacun", "ciascuno") counts once for every one of them."""

from __future__ import annotations

import functools

import pytest

from tests.planner.logged import context_at, named_kcal

logged = functools.partial(named_kcal, context=context_at("Europe/Berlin", 10, 0))


@pytest.mark.parametrize(
    "text",
    [
        "4 black coffees with a sugar each",
        "4 Kaffee mit jeweils einem Zucker",
        "4 cafés solos con un azúcar cada uno",
        "4 cafés noirs avec un sucre chacun",
        "4 caffè con uno zucchero ciascuno",
    ],
)
def test_a_sugar_in_each_of_four_coffees_is_four_sugars(text: str) -> None:
    (name, kcal), *rest = logged(text)
    assert not rest and "sugar" in name.lower()
    assert 60 <= kcal <= 75  # four teaspoons of sugar and four black coffees


def test_a_sugar_said_once_for_them_all_stays_one() -> None:
    (_, kcal), *rest = logged("4 black coffees with a sugar")
    assert not rest and kcal < 30
