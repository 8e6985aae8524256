"""A count said after a comma is the food's even when another food follows it: "pizza, 3 slices
and a coke" is three slices and a coke, in each language."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, understood_kcal


@pytest.mark.parametrize(
    ("text", "first"),
    [
        ("dumplings, 10 pieces and a green tea", "10"),
        ("Maultaschen, 4 Stück und ein Bier", "4"),
        ("croquetas, 6 unidades y una caña", "6"),
        ("arancini, 3 pezzi e una birra", "3"),
    ],
)
def test_the_count_after_the_comma_is_the_first_foods(text: str, first: str) -> None:
    entries = understood_kcal(text, context_at("Europe/Madrid", 21))
    assert len(entries) == 2
    assert f", {first} " in entries[0][0]
