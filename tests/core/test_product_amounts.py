"""The amount a person types after "another amount" of a packaged food."""

from __future__ import annotations

import pytest

from bot.core.products import amount_of, means_amount
from bot.products import Product

GRANOLA = Product("4006381333931", "Granola", per_100={}, serving="45 g", serving_amount=45)
LOOSE = Product("2000000000015", "Loose oats", per_100={})  # no serving size


@pytest.mark.parametrize(
    ("text", "product", "amount"),
    [
        ("45 g", GRANOLA, (45, None)),
        ("45g", GRANOLA, (45, None)),
        ("2 servings", GRANOLA, (90, 2)),
        ("1,5 Portionen", GRANOLA, (67.5, 1.5)),
        ("2 porciones", GRANOLA, (90, 2)),
        ("2", GRANOLA, (90, 2)),
        ("2", LOOSE, None),  # no serving to count
        ("2 servings", LOOSE, None),
        ("80 g", LOOSE, (80, None)),
        ("3 handfuls", GRANOLA, None),
        ("0 g", GRANOLA, None),
        ("9000 g", GRANOLA, None),
    ],
)
def test_an_amount_is_grams_or_servings(
    text: str, product: Product, amount: tuple[float, float | None] | None
) -> None:
    assert amount_of(text, product) == amount


@pytest.mark.parametrize(
    ("text", "meant"),
    [("45 g", True), (" 2 servings", True), ("an apple", False), ("I had 2 eggs", False)],
)
def test_only_a_number_first_is_meant_as_the_amount(text: str, meant: bool) -> None:
    assert means_amount(text) is meant
