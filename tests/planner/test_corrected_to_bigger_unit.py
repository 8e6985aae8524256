"""A number said alone to correct an amount takes the unit of the amount it replaces, unless
that makes it absurdly small: "500 ml Cola, nee 0,3" is the 0,3 l glass, "200 g de queso, no,
0,5" half a kilo; "250 ml milk, no 200" stays 200 ml and "2 eggs, no 3" three eggs."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, food_entries

CONTEXT = context_at("Europe/Berlin", 20, 0)


@pytest.mark.parametrize(
    ("text", "word", "least", "most"),
    [
        ("500 ml Cola, nee 0,3", "cola", 100, 160),
        ("ne 500ml Fanta... nein, nur 0,4", "fanta", 120, 220),
        ("a 500ml coke, no wait 0.3", "cola", 100, 160),
        ("500ml de cerveza, perdón, 0,3", "beer", 100, 160),
        ("50cl de bière, non 0,33", "beer", 110, 170),
        ("330ml birra, anzi 0,5", "beer", 170, 260),
        ("200 g de queso, no, 0,5", "cheese", 1500, 2300),
    ],
)
def test_a_small_corrected_number_is_in_the_bigger_unit(
    text: str, word: str, least: float, most: float
) -> None:
    entries = food_entries(text, CONTEXT)
    assert len(entries) == 1, entries
    entry = entries[0].entry
    assert word in entry.food.lower()
    assert least <= (entry.calories or 0) <= most, entry


@pytest.mark.parametrize(
    ("text", "kcal"),
    [("250ml milk, no 200", 122), ("2 eggs, no 3", 214), ("200g pasta, no 150", 536)],
)
def test_a_plausible_corrected_number_keeps_the_unit(text: str, kcal: float) -> None:
    entries = food_entries(text, CONTEXT)
    assert len(entries) == 1 and abs((entries[0].entry.calories or 0) - kcal) < 30, entries


@pytest.mark.parametrize(
    ("text", "least", "most"),
    [
        ("a 20oz mocha, actually it was a 12", 150, 300),
        ("una birra da 66cl, anzi una 33", 120, 170),
        ("un café au lait de 350 ml, non, un 250", 60, 150),
    ],
)
def test_a_number_said_with_an_article_corrects_the_amount(
    text: str, least: float, most: float
) -> None:
    entries = food_entries(text, CONTEXT)
    assert len(entries) == 1 and least <= (entries[0].entry.calories or 0) <= most, entries
