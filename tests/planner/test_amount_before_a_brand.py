"""A weight or volume said before a brand or product name the table does not know, then a
food it knows ("a 600ml farmers union iced coffee", "eine 0,5 l Rauch Eistee", "250g
skyrella skyr") is that food's amount, not left unread beside the table's portion; and the
German glass named by its litres ("ne 0,3er Cola", "ein 0,5er Radler") is that many litres."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, food_entries

CONTEXT = context_at("Europe/Berlin", 20, 0)


@pytest.mark.parametrize(
    ("text", "word", "least", "most"),
    [
        ("a 500ml bluebird iced coffee", "iced coffee", 130, 200),
        ("eine 0,5 l Rauch Eistee", "iced tea", 110, 160),
        ("250g skyrella skyr", "skyr", 140, 190),
        ("una 33cl ichnusa birra", "beer", 120, 170),
        ("a 330ml fentimans lemonade", "lemonade", 100, 170),
        ("ne 0,3er Cola", "cola", 100, 150),
        ("ein 0,5er Radler", "radler", 170, 230),
    ],
)
def test_the_amount_before_a_brand_is_the_foods(
    text: str, word: str, least: float, most: float
) -> None:
    entries = food_entries(text, CONTEXT)
    assert len(entries) == 1, entries
    entry = entries[0].entry
    assert word in entry.food.lower()
    assert least <= (entry.calories or 0) <= most, entry
