"""A volume said right after a count of drinks is each one's size: "3 cokes 330ml" is three
cans, "2 Bier 0,5 l" two half-litres, "2 bières 25 cl" two 25 cl glasses; never the count's
default bottles with the volume left unread."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, understood_kcal

CONTEXT = context_at("Europe/Berlin", 20, 0)


@pytest.mark.parametrize(
    ("text", "word", "least", "most"),
    [
        ("3 cokes 330ml", "cola", 380, 450),
        ("2 Bier 0,5 l", "beer", 380, 480),
        ("2 bières 25 cl", "beer", 180, 250),
        ("4 cañas 20cl", "beer", 300, 380),
        ("3 birre 33 cl", "beer", 380, 470),
        ("2 beers 500ml each", "beer", 380, 480),
    ],
)
def test_a_volume_after_counted_drinks_is_each_ones(
    text: str, word: str, least: float, most: float
) -> None:
    logged = understood_kcal(text, CONTEXT)
    assert len(logged) == 1, logged
    name, kcal = logged[0]
    assert word in name.lower()
    assert least <= kcal <= most, logged


def test_one_drink_with_its_volume_is_that_volume() -> None:
    logged = understood_kcal("a coke 500 ml", CONTEXT)
    assert len(logged) == 1 and 180 <= logged[0][1] <= 240, logged
