""" "And one with X" after a food ("e una al burro", "y una de queso", "und eins mit
Marmelade", "et une au nutella", "and one with butter") is one more of that food, filled or
topped with X: never an amount of X alone."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, named_kcal

CONTEXT = context_at("Europe/Madrid", 13, 0)


@pytest.mark.parametrize(
    ("text", "second", "low"),
    [
        ("un cornetto alla crema e uno al cioccolato", "cornetto al cioccolato", 200),
        ("una empanada de carne y una de pollo", "empanada de pollo", 200),
        ("une crêpe au sucre et une au nutella", "crêpe au nutella", 120),
        ("a bagel with cream cheese and one with butter", "bagel with butter", 200),
        ("un croissant aux amandes et un au chocolat", "croissant au chocolat", 200),
    ],
)
def test_one_with_a_filling_is_one_more_of_the_food(text: str, second: str, low: float) -> None:
    logged = named_kcal(text, CONTEXT, lower=True)
    assert len(logged) == 2, logged
    name, kcal = logged[1]
    assert name.startswith(second)
    assert kcal >= low


def test_one_of_several_counts_as_one() -> None:
    logged = named_kcal("3 empanadas de carne y una de queso", CONTEXT, lower=True)
    assert [name.split(",")[0] for name, _ in logged] == ["empanadas de carne", "empanada de queso"]
    assert logged[1][1] == pytest.approx(logged[0][1] / 3)


def test_a_filling_logged_on_its_own_is_so_again_beside_one_more() -> None:
    logged = named_kcal("ein Brötchen mit Käse und eins mit Marmelade", CONTEXT, lower=True)
    rolls = [name for name, _ in logged if "roll" in name]
    assert len(rolls) == 2
    assert any("jam" in name for name, _ in logged)


def test_one_before_a_food_is_still_its_count() -> None:
    logged = named_kcal("2 eggs and one slice of toast", CONTEXT, lower=True)
    assert [name.split(",")[0] for name, _ in logged] == ["eggs", "toast"]
