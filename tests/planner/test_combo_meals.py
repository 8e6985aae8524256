"""A chain's meal said by its burger or sandwich ("a big mac meal", "Whopper Menü", "un menu
Big Mac", "un combo de whopper") is the item and fries, each logged, and the drink said with
it; a size said is the fries' and the drink's; figures said for the meal are the person's. A
chain said after a food ("from popeyes") is where it came from, not a second food."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, named_kcal


@pytest.mark.parametrize(
    ("zone", "said", "item"),
    [
        ("America/Chicago", "grabbed a quarter pounder meal on the way home", "quarter pounder"),
        ("Europe/Berlin", "mittags ein McChicken Menü", "mcchicken"),
        ("Europe/Paris", "un menu Whopper et un café", "whopper"),
        ("Europe/Madrid", "un combo de big mac", "big mac"),
        ("Europe/Rome", "menù cheeseburger", "cheeseburger"),
    ],
)
def test_a_meal_is_the_item_and_fries(zone: str, said: str, item: str) -> None:
    logged = named_kcal(said, context_at(zone, 13), lower=True)
    assert len(logged) == 2 + said.count(" et "), logged
    assert item in logged[0][0], logged
    assert "fries" in logged[1][0], logged
    assert 600 <= sum(kcal for _, kcal in logged[:2]) <= 1300, logged


def test_figures_said_for_the_whole_meal_are_the_persons() -> None:
    logged = named_kcal("whopper meal, 1250 kcal", context_at("America/Chicago", 13))
    assert sum(kcal for _, kcal in logged) == 1250, logged


def test_the_drink_said_with_a_meal_is_its_drink_and_a_size_is_both_sides() -> None:
    logged = named_kcal("large whopper meal with a diet coke", context_at("America/Denver", 19))
    assert len(logged) == 3, logged
    assert "large" in logged[1][1:] or "large" in logged[1][0].lower(), logged
    assert "diet" in logged[2][0].lower() and logged[2][1] < 10, logged


def test_a_menu_read_is_no_meal() -> None:
    logged = named_kcal("looked at the menu and got a burger", context_at("America/Denver", 19))
    assert len(logged) == 1, logged


@pytest.mark.parametrize(
    "said",
    ["a spicy chicken sandwich from popeyes", "cinnamon roll from cinnabon and a latte"],
)
def test_a_chain_after_a_food_is_where_it_came_from(said: str) -> None:
    logged = named_kcal(said, context_at("America/Chicago", 13), lower=True)
    assert not [name for name, _ in logged if "popeyes" in name or "cinnabon" in name], logged
    assert len(logged) == said.count(" and ") + 1, logged
