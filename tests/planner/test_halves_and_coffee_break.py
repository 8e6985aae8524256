"""Two halves are one whole; "zum Kaffee" is the afternoon coffee break, no coffee of its
own; a side a dish of the table comes with, said after it, is not logged again; the milk
said after a milk coffee is the milk it is made with, no glass of its own."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, named_kcal

AT_TEA_TIME = context_at("Europe/Berlin", 16)


def logged(text: str) -> list[tuple[str, float]]:
    return named_kcal(text, AT_TEA_TIME, lower=True)


@pytest.mark.parametrize(
    ("text", "food", "low", "high"),
    [
        ("zwei halbe Brötchen mit Käse", "roll", 120, 200),
        ("2 halves of a bagel", "bagel", 200, 350),
    ],
)
def test_two_halves_are_one_whole(text: str, food: str, low: float, high: float) -> None:
    got = [(name, kcal) for name, kcal in logged(text) if food in name]
    assert len(got) == 1, logged(text)
    assert low <= got[0][1] <= high


@pytest.mark.parametrize(
    "text",
    ["zwei Kekse zum Kaffee", "ein Stück Apfelkuchen beim Kaffee mit Oma"],
)
def test_the_coffee_break_is_no_coffee(text: str) -> None:
    got = logged(text)
    assert len(got) == 1, got
    assert "coffee" not in got[0][0]


def test_a_coffee_is_still_a_coffee() -> None:
    assert any("coffee" in name for name, _ in logged("einen Kaffee und ein Croissant"))


@pytest.mark.parametrize(
    ("text", "dish", "low", "high"),
    [
        ("a parmi with chips", "parmigiana", 700, 1400),
        ("had a chicken parmy w chips at the club", "parmigiana", 700, 1400),
    ],
)
def test_a_side_the_dish_comes_with_is_not_logged_again(
    text: str, dish: str, low: float, high: float
) -> None:
    got = logged(text)
    assert len(got) == 1, got
    assert dish in got[0][0]
    assert low <= got[0][1] <= high


def test_the_salad_a_parma_comes_with_is_part_of_it() -> None:
    got = logged("parmy with chips and salad at the RSL")
    assert len(got) == 1, got
    assert 700 <= got[0][1] <= 1400


@pytest.mark.parametrize(
    ("text", "drink", "low", "high"),
    [
        ("a latte, skim milk", "latte", 100, 260),
        ("un cappuccino, latte di soia", "cappuccino", 60, 160),
        ("regular flat white, full cream", "flat white", 80, 200),
    ],
)
def test_the_milk_said_after_a_milk_coffee_is_its_milk(
    text: str, drink: str, low: float, high: float
) -> None:
    got = logged(text)
    assert len(got) == 1, got
    assert drink in got[0][0]
    assert low <= got[0][1] <= high
