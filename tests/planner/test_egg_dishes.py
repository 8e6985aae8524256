"""An omelette is one omelette of its portion's eggs, and the eggs said with it say how big it
was, in each language: never a second food beside it."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, named_kcal

KCAL_PER_EGG = 95  # the table's omelette: 190 kcal for the two eggs of its portion


def logged(text: str) -> list[tuple[str, float]]:
    return named_kcal(text, context_at("Europe/Paris", 9), lower=True)


@pytest.mark.parametrize(
    "text", ["an omelet", "ein Omelett", "un'omelette", "una tortilla francesa"]
)
def test_one_omelette_is_the_portion_not_one_egg(text: str) -> None:
    [(name, kcal)] = logged(text)
    assert "omelette" in name and kcal == pytest.approx(2 * KCAL_PER_EGG)


def test_omelettes_counted_are_whole_omelettes() -> None:
    [(name, kcal)] = logged("3 omelets")
    assert "3 omelettes" in name and kcal == pytest.approx(6 * KCAL_PER_EGG)


@pytest.mark.parametrize(
    ("text", "eggs"),
    [
        ("a 4 egg omelet", 4),
        ("omelet made with 1 egg", 1),
        ("omelette with four eggs", 4),
        ("Omelett mit 3 Eiern", 3),
        ("une omelette de deux oeufs", 2),
        ("omelette di 3 uova", 3),
        ("tortilla francesa con 4 huevos", 4),
    ],
)
def test_the_eggs_said_with_an_omelette_are_its_size(text: str, eggs: int) -> None:
    [(name, kcal)] = logged(text)
    assert "omelette" in name and f"{eggs} egg" in name
    assert kcal == pytest.approx(eggs * KCAL_PER_EGG)


def test_eggs_said_as_a_food_of_their_own_stay_one() -> None:
    """ "an omelette and 2 boiled eggs": two things eaten."""
    assert len(logged("an omelette and 2 boiled eggs")) == 2
