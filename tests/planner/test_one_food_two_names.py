"""A food said once by a dish's name and again by what its portion counts is one entry:
"idli sambar for breakfast, 4 idlis" are four idlis with sambar, never the dish and four
idlis more. A "wrap" of eba or fufu is a ball of it, how it is served, never a tortilla."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, named_kcal

AT = context_at("Asia/Kolkata", 9)


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("idli sambar for breakfast, 4 idlis", 350, 500),
        ("idli sambar a colazione, 2 idli", 170, 260),
        ("Idli Sambar zum Frühstück, 4 Idlis", 350, 500),
    ],
)
def test_a_count_after_a_dish_counts_the_dish(text: str, low: int, high: int) -> None:
    ((name, kcal),) = named_kcal(text, AT, lower=True)
    assert "idli sambar" in name
    assert low <= kcal <= high


def test_another_count_said_as_more_stays_its_own() -> None:
    assert len(named_kcal("idli sambar and then 2 idlis", AT)) == 2


@pytest.mark.parametrize(
    ("text", "count"), [("3 wraps of fufu and egusi soup", 3), ("2 wraps de eba", 2)]
)
def test_wraps_of_a_swallow_are_balls_of_it(text: str, count: int) -> None:
    entries = named_kcal(text, AT, lower=True)
    assert not [name for name, _ in entries if "tortilla" in name]
    (kcal,) = [k for n, k in entries if "fufu" in n]
    assert 300 * count <= kcal <= 400 * count


def test_a_wrap_filled_with_a_food_is_still_a_wrap() -> None:
    ((name, _kcal),) = named_kcal("2 chicken wraps", AT, lower=True)
    assert "wrap" in name


@pytest.mark.parametrize(
    "text", ["mandarin orange chicken from the freezer", "trader joes mandarin orange chicken"]
)
def test_a_fruit_naming_a_fruit_named_dish_is_the_dish(text: str) -> None:
    ((name, kcal),) = named_kcal(text, AT, lower=True)
    assert "orange chicken" in name
    assert kcal >= 400


@pytest.mark.parametrize("text", ["an orange, orange chicken", "rice orange chicken"])
def test_a_food_of_its_own_before_the_dish_stays_its_own(text: str) -> None:
    assert len(named_kcal(text, AT)) == 2
