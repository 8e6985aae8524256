"""A base food said before the dish made of it is the dish: "pasta alla puttanesca" is one
plate of puttanesca, not plain pasta plus a plate of puttanesca; a base said beside another
food stays two."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, named_kcal


def logged(text: str) -> list[tuple[str, float]]:
    return named_kcal(text, context_at("Europe/Rome", 13), lower=True)


@pytest.mark.parametrize(
    ("text", "dish"),
    [
        ("pasta alla puttanesca", "puttanesca"),
        ("pasta all'amatriciana", "amatriciana"),
        ("fettuccine alla carbonara", "carbonara"),
        ("rigatoni cacio e pepe", "cacio e pepe"),
        ("pasta alla carbonara", "carbonara"),
        ("pasta cacio e pepe", "cacio e pepe"),
    ],
)
def test_the_base_said_before_its_dish_is_the_dish(text: str, dish: str) -> None:
    [(name, kcal)] = logged(text)
    [(_, alone)] = logged(dish)
    assert dish in name and kcal == alone


def test_a_base_beside_another_food_stays_its_own() -> None:
    assert len(logged("pasta e insalata")) == 2
