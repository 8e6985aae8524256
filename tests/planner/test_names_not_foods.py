"""The words of a product's, a place's or a saying's name are no foods of their own: a
boston cream is a donut, a Kafi Crème a coffee, a chain before a count of its food is where
it came from, and "of champions" says how good a meal was."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, named_kcal

MORNING = context_at("America/Toronto", 9)


def logged(text: str) -> list[tuple[str, float]]:
    return named_kcal(text, MORNING, lower=True)


def test_a_boston_cream_is_a_donut_not_cream() -> None:
    got = logged("a boston cream and a large coffee")
    assert len(got) == 2, got
    assert "boston" in got[0][0]
    assert 200 <= got[0][1] <= 400
    assert not any(name.startswith("cream") for name, _ in got)


@pytest.mark.parametrize("text", ["zwei Kafi Crème am Bahnhof", "es Gipfeli und en Kafi Creme"])
def test_a_swiss_kafi_creme_is_a_coffee(text: str) -> None:
    got = logged(text)
    assert any("coffee" in name for name, _ in got), got
    assert not any(name.startswith("cream") for name, _ in got)


@pytest.mark.parametrize(
    ("text", "food"),
    [
        ("breakfast of champions: 2 eggs and toast", "egg"),
        ("desayuno de campeones, dos huevos", "egg"),
        ("colazione dei campioni: due uova", "egg"),
    ],
)
def test_of_champions_is_no_mushroom(text: str, food: str) -> None:
    got = logged(text)
    assert got and food in got[0][0], got
    assert not any("mushroom" in name for name, _ in got)


@pytest.mark.parametrize(
    ("text", "food"),
    [("chick fil a 12 count nuggets", "nugget"), ("taco bell 3 crunchy tacos", "taco")],
)
def test_a_chain_before_a_count_of_its_food_is_where(text: str, food: str) -> None:
    got = logged(text)
    assert len(got) == 1, got
    assert food in got[0][0]
